"""Ruling 12: offers of money, melds and coalitions, made, answered, withdrawn and lapsed as
free actions, carried out whole or not at all, and heard of only by their two parties.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import IllegalAction, events_for
from cardtable.engine.nobility.phases import ELECTION, MAIN
from cardtable.engine.nobility.rules import Nobility
from cardtable.wire.codec import to_wire
from tests.nobility.position import (
    DRAW,
    PASS,
    READY,
    act,
    endgame,
    event,
    kinds,
    melds,
    play,
    position,
    public,
    refused,
    table,
)

START_MELDS = [(0, "2H 3H 4H"), (1, "2D 3D 4D"), (2, "2C 3C 4C"), (1, "5D 6D 7D")]
MONEY = (30, 10, 20)


def game_with_melds(**kw: Any) -> Any:
    """Seat 0 to draw; each seat owns a meld (seat 1 two); money 30, 10, 20."""
    kw.setdefault("money", MONEY)
    return position(["5S 6S 7S", "8S 9S 10S", "QS KS AH"], START_MELDS, **kw)


def offer(to: int, **terms: Any) -> dict[str, Any]:
    return {"kind": "offer", "to": to, **terms}


def answer(kind: str, deal: int = 1) -> dict[str, Any]:
    return {"kind": kind, "deal": deal}


def answers(game: Nobility, seat: int) -> list[Any]:
    """The answers `seat` is asked for, in plain form."""
    return [to_wire(action) for action in game.answers(seat)]


def test_an_accepted_offer_moves_money_and_melds_both_ways() -> None:
    game = game_with_melds()
    terms = {"give_money": 20, "give_melds": [1], "get_money": 5, "get_melds": [2, 4]}
    events = play(game, 0, offer(1, **terms))
    wire = {"deal": 1, "from": 0, "to": 1, **terms, "coalition": None, "lapses_on_turn": 4}
    assert kinds(events) == ["offer"] and event(events, "offer") == {"offer": wire}
    assert game.money == list(MONEY) and melds(game)[1][0] == 0  # nothing moves yet
    assert table(game, 0)["offers"] == table(game, 1)["offers"] == [wire]
    assert answers(game, 1) == [answer("accept"), answer("decline")]
    assert answers(game, 0) == [] and answers(game, 2) == []
    events = play(game, 1, answer("accept"))
    assert kinds(events) == ["deal_done"]
    assert event(events, "deal_done") == {
        "deal": 1,
        "from": 0,
        "to": 1,
        **terms,
        "coalition": None,
    }
    assert (
        events_for(events, 2)
        == events_for(events, None)
        == [{"kind": "deal_done", **event(events, "deal_done")}]
    )
    assert game.money == [15, 25, 20] and game.bank == 120
    assert {number: owner for number, (owner, *_) in melds(game).items()} == {
        1: 1,
        2: 0,
        3: 2,
        4: 0,
    }
    assert table(game)["provinces"] == [6, 3, 3]
    assert table(game, 0)["offers"] == table(game, 1)["offers"] == [] and answers(game, 1) == []


def test_a_declined_offer_changes_nothing() -> None:
    game = game_with_melds()
    play(game, 0, offer(2, give_money=10, get_melds=[3]))
    assert (
        refused(game, 0, answer("decline")) == "Only the player an offer is made to can answer it."
    )
    assert (
        refused(game, 1, answer("accept")) == "Only the player an offer is made to can answer it."
    )
    events = play(game, 2, answer("decline"))
    assert kinds(events) == ["offer_closed"]
    assert event(events, "offer_closed") == {"deal": 1, "how": "declined"}
    assert events[0].audience == (0, 2) and events_for(events, 1) == []
    assert game.money == list(MONEY) and melds(game)[3][0] == 2
    assert game.offers == {} and answers(game, 2) == []
    assert refused(game, 2, answer("accept")) == "There is no open offer with that number."


def test_only_its_maker_withdraws_an_offer() -> None:
    game = game_with_melds()
    play(game, 0, offer(1, get_money=10))
    assert refused(game, 1, answer("withdraw")) == (
        "Only the player who made an offer can withdraw it."
    )
    assert refused(game, 2, answer("withdraw")) == (
        "Only the player who made an offer can withdraw it."
    )
    events = play(game, 0, answer("withdraw"))
    assert event(events, "offer_closed") == {"deal": 1, "how": "withdrawn"}
    assert events_for(events, 2) == [] and events_for(events, None) == []
    assert game.offers == {} and game.money == list(MONEY)


def test_an_offer_lapses_three_turns_after_the_one_it_was_made_in() -> None:
    game = game_with_melds()
    play(game, 0, offer(1, give_money=5))
    assert table(game, 1)["offers"][0]["lapses_on_turn"] == 4
    for seat in (0, 1):
        play(game, seat, DRAW)
        events = play(game, seat, {"kind": "discard", "cid": game.hands[seat][0]})
        assert kinds(events) == ["discard", "turn"]
    assert game.turns == 3 and len(game.offers) == 1
    play(game, 2, DRAW)
    events = play(game, 2, {"kind": "discard", "cid": game.hands[2][0]})
    assert kinds(events) == ["discard", "offer_closed", "turn"]
    assert event(events, "offer_closed") == {"deal": 1, "how": "lapsed"}
    assert [e["kind"] for e in events_for(events, 2)] == ["discard", "turn"]
    assert game.offers == {} and answers(game, 1) == [] and game.money == list(MONEY)


def test_one_open_offer_from_a_player_to_another() -> None:
    game = game_with_melds()
    play(game, 0, offer(1, give_money=5))
    assert refused(game, 0, offer(1, give_money=6)) == (
        "You have an offer open to that player; withdraw it first."
    )
    play(game, 1, offer(0, give_money=5))  # the other way is another offer
    play(game, 0, offer(2, give_money=5))
    assert sorted(game.offers) == [1, 2, 3]
    assert [o["deal"] for o in table(game, 0)["offers"]] == [1, 2, 3]
    assert [o["deal"] for o in table(game, 1)["offers"]] == [1, 2]
    assert [o["deal"] for o in table(game, 2)["offers"]] == [3]
    assert answers(game, 0) == [answer("accept", 2), answer("decline", 2)]
    play(game, 0, answer("withdraw"))
    play(game, 0, offer(1, give_money=6))
    assert sorted(game.offers) == [2, 3, 4]


MONEY_RANGE = "An amount of money is a whole number from 0 to 180."
MELD_LIST = "Melds are named by a list of their numbers."
TO_SEAT = "Make an offer to one of the other players, by seat."


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "offer", "to": 0, "give_money": 5}, TO_SEAT),
        ({"kind": "offer", "to": 3, "give_money": 5}, TO_SEAT),
        ({"kind": "offer", "to": True, "give_money": 5}, TO_SEAT),
        ({"kind": "offer", "give_money": 5}, TO_SEAT),
        (offer(1, gift=5), "An offer has no part called 'gift'."),
        (offer(1, give_money=-1), MONEY_RANGE),
        (offer(1, give_money=181), MONEY_RANGE),
        (offer(1, give_money=True), MONEY_RANGE),
        (offer(1, get_money="5"), MONEY_RANGE),
        (offer(1, give_melds=1), MELD_LIST),
        (offer(1, get_melds=[True]), MELD_LIST),
        (offer(1, give_melds=[1, 1]), "A meld is named twice in the offer."),
        (offer(1, give_melds=[1], get_melds=[1]), "A meld cannot go both ways."),
        (offer(1), "An offer must give or ask for something."),
        (offer(1, give_money=0, give_melds=[]), "An offer must give or ask for something."),
        (offer(1, coalition="join"), "A coalition is either formed or dissolved."),
        (offer(1, give_money=31), "Seat 1 has only 30 to give."),
        (offer(1, get_money=11), "Seat 2 has only 10 to give."),
        (offer(1, give_melds=[2]), "Meld 2 is not seat 1's."),
        (offer(1, get_melds=[3]), "Meld 3 is not seat 2's."),
        (offer(1, get_melds=[9]), "There is no meld 9."),
        (
            offer(1, coalition="form"),
            "Coalitions are formed and dissolved only at an election or in the endgame.",
        ),
        ({"kind": "accept", "deal": 7}, "There is no open offer with that number."),
        ({"kind": "accept", "deal": "1"}, "There is no open offer with that number."),
        ({"kind": "accept"}, "Name the offer by its number, as `deal`."),
        ({"kind": "decline", "deal": 1, "why": "no"}, "Name the offer by its number, as `deal`."),
    ],
)
def test_malformed_offers_and_answers_are_refused(action: dict[str, Any], reason: str) -> None:
    game = game_with_melds()
    assert refused(game, 0, action) == reason


def test_a_deal_that_fails_half_way_changes_nothing() -> None:
    """The money part is fine, but the asked-for meld was captured before the answer: the
    acceptance is refused, nobody's money or melds change, and the offer stays open."""
    game = game_with_melds(turn=2, phase=MAIN)
    game.hands[2] = [*game.hands[2], game.stock.pop()]
    play(game, 0, offer(1, give_money=10, get_melds=[2]))
    assert answers(game, 1) == [answer("accept"), answer("decline")]
    play(game, 2, act("battle", "QS KS", meld=2))
    assert melds(game)[2][0] == 2
    assert answers(game, 1) == [answer("decline")]
    money = list(game.money)
    assert refused(game, 1, answer("accept")) == (
        "The deal cannot be carried out: Meld 2 is not seat 2's."
    )
    assert game.money == money and len(game.offers) == 1
    assert [o["deal"] for o in table(game, 1)["offers"]] == [1]


def test_a_deal_whose_money_is_spent_before_the_answer_is_refused() -> None:
    game = game_with_melds(nobles="JD")
    play(game, 1, offer(0, get_money=20, give_melds=[4]))
    play(game, 0, act("retrieve", "JD"))  # seat 0 now has 15
    assert answers(game, 0) == [answer("decline", 1)]
    assert refused(game, 0, answer("accept")) == (
        "The deal cannot be carried out: Seat 1 has only 15 to give."
    )
    assert melds(game)[4][0] == 1 and len(game.offers) == 1


NAMES = ["Ada", "Bram", "Cleo"]


def test_an_offer_refused_for_money_names_the_player_who_is_short() -> None:
    """The engine knows no names: the server words the refusal with them, and its own reason
    counts seats from 1, as players do."""
    game = game_with_melds()
    for action, seat, worded, reason in [
        (offer(1, get_money=11), 1, "Bram has only 10 to give.", "Seat 2 has only 10 to give."),
        (offer(2, give_money=31), 0, "Ada has only 30 to give.", "Seat 1 has only 30 to give."),
        (offer(2, get_melds=[1]), 2, "Meld 1 is not Cleo's.", "Meld 1 is not seat 3's."),
    ]:
        with pytest.raises(IllegalAction) as caught:
            game.apply(0, action)
        assert caught.value.seats == (seat,)
        assert caught.value.worded(NAMES) == worded
        assert caught.value.reason == reason
    assert game.offers == {}


def test_a_deal_refused_at_its_acceptance_names_the_player() -> None:
    game = game_with_melds(nobles="JD")
    play(game, 1, offer(0, get_money=20, give_melds=[4]))
    play(game, 0, act("retrieve", "JD"))  # Ada now has 15
    with pytest.raises(IllegalAction) as caught:
        game.apply(0, answer("accept"))
    assert caught.value.worded(NAMES) == "The deal cannot be carried out: Ada has only 15 to give."


def test_no_deal_is_carried_out_while_a_choice_is_owed() -> None:
    start = [(0, "2H 3H 4H"), (1, "2D 3D 4D", "JD QD")]
    game = position(["QS KS 5C 9C", "", ""], start, phase=MAIN, money=(30, 10, 0))
    play(game, 0, offer(1, give_money=10, get_money=5))
    play(game, 0, act("battle", "QS KS", meld=2))
    assert table(game)["owed"]["seat"] == 1
    assert answers(game, 1) == [answer("decline")]
    assert refused(game, 1, answer("accept")) == (
        "The deal cannot be carried out: Deals wait until the choice being made in play is made."
    )
    play(game, 2, offer(1, give_money=0, get_money=5))  # offers may still be made
    play(game, 1, act("give_up", "JD"))
    assert answers(game, 1)[0] == answer("accept")
    play(game, 1, answer("accept"))
    assert game.money == [25, 15, 0]


def test_offers_reach_only_their_two_parties() -> None:
    game = game_with_melds()
    events = play(game, 1, offer(2, give_melds=[2], get_money=15))
    assert events[0].audience == (1, 2)
    assert events_for(events, 0) == [] and events_for(events, None) == []
    heard = events_for(events, 2)
    assert heard == [{"kind": "offer", "offer": table(game, 2)["offers"][0]}]
    assert table(game, 0)["offers"] == [] and table(game, None)["offers"] == []
    assert table(game, 1)["offers"] == table(game, 2)["offers"]


def test_free_actions_need_not_wait_for_a_turn() -> None:
    game = game_with_melds()
    assert game.actors == (0,)
    play(game, 1, offer(2, give_money=10))
    play(game, 2, answer("accept"))
    assert game.money == [30, 0, 30] and game.actors == (0,) and game.turn == 0


def test_a_coalition_formed_and_dissolved_at_an_election() -> None:
    game = game_with_melds(stock="9C", rest="pile")
    play(game, 0, DRAW)
    assert game.phase == ELECTION
    play(game, 0, offer(2, coalition="form"))
    play(game, 2, answer("accept"))
    assert game.coalition == (0, 2)
    assert refused(game, 1, offer(0, coalition="form")) == (
        "There is a coalition already; it must be dissolved first."
    )
    assert refused(game, 1, offer(0, coalition="dissolve")) == (
        "There is no coalition between these two players."
    )
    play(game, 2, offer(0, coalition="dissolve"))
    events = play(game, 0, answer("accept", 2))
    assert kinds(events) == ["deal_done", "coalition_ends"]
    assert event(events, "coalition_ends") == {"seats": [0, 2], "why": "agreement"}
    assert game.coalition == ()
    for seat in range(3):
        play(game, seat, READY)
    assert game.phase == MAIN


def test_an_accepted_coalition_offer_waits_for_the_right_time() -> None:
    """An offer made at the election can no longer be accepted once play resumes."""
    game = game_with_melds(stock="9C", rest="pile")
    play(game, 0, DRAW)
    play(game, 0, offer(1, coalition="form"))
    for seat in range(3):
        play(game, seat, READY)
    assert answers(game, 1) == [answer("decline")]
    assert refused(game, 1, answer("accept")) == (
        "The deal cannot be carried out: Coalitions are formed and dissolved only at an "
        "election or in the endgame."
    )


def test_in_the_endgame_a_coalition_is_dissolved_at_any_time() -> None:
    game = endgame(coalition=(0, 1), majority=(0, 1))
    play(game, 1, offer(0, coalition="dissolve"))
    events = play(game, 0, answer("accept"))
    assert kinds(events) == ["deal_done", "coalition_ends"]
    assert game.majority == () and table(game)["majority"] == []


def test_offers_close_when_a_rubber_ends() -> None:
    game = endgame()
    play(game, 1, offer(2, coalition="form"))
    play(game, 0, PASS)
    play(game, 1, PASS)
    events = play(game, 2, PASS)
    assert "rubber_end" in kinds(events)
    closed = [e for e in events if e.kind == "offer_closed"]
    assert [public(e) for e in closed] == [{"deal": 1, "how": "the rubber ended"}]
    assert closed[0].audience == (1, 2) and game.offers == {}
    assert game.awaiting_deal
    assert refused(game, 1, offer(2, coalition="form")) == (
        "This round is over; wait for the next deal."
    )
