"""The seed's three worked battle examples, battles against a hand, and worked positions for
income and maintenance (the bank running dry, defenders that cannot be paid for) and for an
election won by a coalition — each played through `apply` and the legal lists.

Cards are labels (``"9H"``, ``"KS"``, ``"Jkr"``); stocks are listed top card first, discard
piles oldest first.
"""

from __future__ import annotations

from cardtable.engine import events_for
from cardtable.engine.nobility.phases import DISCARD, ELECTION, MAIN, MELDING
from tests.nobility.position import (
    DONE,
    DRAW,
    READY,
    act,
    cards_of,
    cards_wire,
    cid,
    event,
    hand,
    kinds,
    melds,
    nobles,
    pile,
    play,
    position,
    public,
    refused,
    shorts,
    table,
)

NOT_YOUR_TURN = "It is not your turn."

# -- the seed's worked examples -------------------------------------------------------------------


def test_two_nobles_take_a_meld_without_a_noble() -> None:
    """ "So if two nobles are used to attack a meld without a noble, that meld is taken over by
    that player, and the two nobles are discarded in the noble discard pile." """
    game = position(["QS KS 5C 9D", "", ""], [(1, "3H 4H 5H")], phase=MAIN, stock="6C 7C")
    events = play(game, 0, act("battle", "QS KS", meld=1))
    assert kinds(events) == ["battle", "captured", "to_nobles", "draw"]
    assert event(events, "battle")["attack"] == 2 and event(events, "battle")["defence"] == 1
    assert event(events, "to_nobles") == {
        "seat": 0,
        "cards": cards_wire(cards_of("QS KS")),
        "why": "attackers spent",
    }
    assert nobles(game) == "QS KS"
    assert melds(game) == {1: (0, "3H 4H 5H", "", False)}
    assert table(game)["provinces"] == [3, 0, 0]
    assert hand(game, 0) == "5C 6C 7C 9D" and game.phase == DISCARD


def test_two_nobles_against_a_meld_with_a_noble() -> None:
    """ "If the meld had a noble, then that noble is also discarded but the meld is
    retained." """
    game = position(["QS KS 5C 9D", "", ""], [(1, "3H 4H 5H", "JH")], phase=MAIN, stock="6C 7C")
    events = play(game, 0, act("battle", "QS KS", meld=1))
    assert kinds(events) == ["battle", "to_nobles", "to_nobles", "draw"]
    battle = event(events, "battle")
    assert (battle["attack"], battle["defence"], battle["won"]) == (2, 2, False)
    assert [(public(e)["seat"], shorts(public(e)["cards"])) for e in events[1:3]] == [
        (0, "QS KS"),
        (1, "JH"),
    ]
    assert nobles(game) == "QS KS JH"
    assert melds(game) == {1: (1, "3H 4H 5H", "", False)}
    assert hand(game, 0) == "5C 6C 7C 9D" and game.phase == DISCARD


def test_two_nobles_against_a_meld_with_two_nobles() -> None:
    """ "If it had two nobles, one of those along with the two attacking nobles are
    discarded." The defender chooses which one."""
    game = position(["QS KS 5C 9D", "", ""], [(1, "3H 4H 5H", "JH QH")], phase=MAIN, stock="6C 7C")
    events = play(game, 0, act("battle", "QS KS", meld=1))
    assert kinds(events) == ["battle", "to_nobles"]
    assert event(events, "battle")["defence"] == 3
    owed = {"seat": 1, "kind": "losses", "count": 1, "cards": cards_wire(cards_of("JH QH"))}
    for seat in (0, 1, 2, None):
        assert table(game, seat)["owed"] == owed  # defenders on a meld are public
    assert game.actors == (1,)
    assert game.legal_actions(1) == [act("give_up", "JH"), act("give_up", "QH")]
    assert refused(game, 0, act("discard", "5C")) == NOT_YOUR_TURN
    events = play(game, 1, act("give_up", "QH"))
    assert kinds(events) == ["to_nobles", "draw"]
    assert event(events, "to_nobles") == {
        "seat": 1,
        "cards": cards_wire(cards_of("QH")),
        "why": "defenders lost",
    }
    assert nobles(game) == "QS KS QH"
    assert melds(game) == {1: (1, "3H 4H 5H", "JH", False)}
    assert game.actors == (0,) and game.phase == DISCARD and hand(game, 0) == "5C 6C 7C 9D"


# -- battles against a hand -----------------------------------------------------------------------


def test_a_hand_won_in_battle() -> None:
    """Four nobles against a hand with one: the victim's noble is lost, her provinces go to the
    attacker, who gives up three nobles of her choice, keeps one, and melds the won cards."""
    game = position(
        ["AS JS QS KS", "AH 7D 8D", ""],
        [(0, "9D 10D 2D")],
        phase=MAIN,
        stock="3C 4C 5C 6C 7C 8C",
    )
    events = play(game, 0, act("battle", "AS JS QS KS", hand=1))
    assert kinds(events) == ["battle", "to_nobles", "hand_taken"]
    battle = event(events, "battle")
    assert (battle["attack"], battle["defence"], battle["won"], battle["meld"]) == (
        4,
        2,
        True,
        None,
    )
    taken = events[-1]
    assert public(taken) == {"seat": 0, "victim": 1, "count": 2}
    seen = {seat: events_for(events, seat)[-1] for seat in (0, 1, 2, None)}
    assert shorts(seen[0]["cards"]) == shorts(seen[1]["cards"]) == "7D 8D"
    assert "cards" not in seen[2] and "cards" not in seen[None]
    assert hand(game, 0) == "7D 8D" and hand(game, 1) == "" and nobles(game) == "AH"
    assert table(game)["owed"] == {
        "seat": 0,
        "kind": "spoils",
        "count": 3,
        "cards": cards_wire(cards_of("AS JS QS KS")),
    }
    assert table(game, None)["battle"] == {
        "attacker": 0,
        "nobles": cards_wire(cards_of("AS JS QS KS")),
        "meld": None,
        "victim": 1,
        "won": True,
    }
    play(game, 0, act("give_up", "AS"))
    play(game, 0, act("give_up", "JS"))
    events = play(game, 0, act("give_up", "QS"))
    assert kinds(events) == ["to_nobles", "kept", "draw"]
    assert event(events, "kept") == {"seat": 0, "cards": cards_wire(cards_of("KS"))}
    assert hand(game, 1) == "3C 4C 5C"  # the victim refills to three
    assert nobles(game) == "AH AS JS QS" and hand(game, 0) == "7D 8D KS"
    assert game.phase == MELDING and table(game)["won_hand"] is True
    play(game, 0, act("extend", "8D", meld=1))
    play(game, 0, act("extend", "7D", meld=1))
    assert melds(game) == {1: (0, "7D 8D 9D 10D 2D", "", False)}
    events = play(game, 0, DONE)
    assert kinds(events) == ["draw"] and hand(game, 0) == "6C 7C 8C KS"
    play(game, 0, act("discard", "6C"))
    assert game.turn == 1 and [len(h) for h in game.hands] == [3, 3, 0]


def test_a_battle_against_a_hand_lost_and_the_victim_chooses_her_loss() -> None:
    """Two nobles against a hand with two (defence 3): the attack is lost, and the victim loses
    min(2, 2 - 1) = 1 noble of her choice, in secret; she refills to three."""
    game = position(["QS KS 5C 6C", "AH JH 9D", "2S 3S 4S"], phase=MAIN, stock="2C 3C 4C")
    events = play(game, 0, act("battle", "QS KS", hand=1))
    assert kinds(events) == ["battle", "to_nobles"]
    assert event(events, "battle")["defence"] == 3 and not event(events, "battle")["won"]
    assert table(game, 1)["owed"] == {
        "seat": 1,
        "kind": "losses",
        "count": 1,
        "cards": cards_wire(cards_of("AH JH")),
    }
    for seat in (0, 2, None):
        assert table(game, seat)["owed"]["cards"] == []  # her hand is hers alone
    assert game.legal_actions(1) == [act("give_up", "AH"), act("give_up", "JH")]
    events = play(game, 1, act("give_up", "JH"))
    assert kinds(events) == ["to_nobles", "draw", "draw"]
    assert nobles(game) == "QS KS JH"
    assert hand(game, 1) == "2C 9D AH" and hand(game, 0) == "3C 4C 5C 6C"
    assert game.actors == (0,) and game.phase == DISCARD


def test_a_hand_defended_by_two_nobles_loses_both_to_three_attackers() -> None:
    game = position(["JS QS KS 5C", "AH JH 9D", ""], phase=MAIN, stock="2C 3C 4C 6C")
    events = play(game, 0, act("battle", "JS QS KS", hand=1))
    assert kinds(events) == ["battle", "to_nobles", "to_nobles", "draw", "draw"]
    assert table(game)["owed"] is None
    assert nobles(game) == "JS QS KS AH JH"
    assert hand(game, 1) == "2C 3C 9D" and hand(game, 0) == "4C 5C 6C AS"
    assert game.phase == DISCARD


# -- income and maintenance -----------------------------------------------------------------------


def test_the_bank_runs_dry_and_maintenance_refills_it() -> None:
    """The bank holds 1: the claimer is paid 1 of her 2 (the other is lost), her defender's
    maintenance puts 15 back, and the next two players are paid in full from it."""
    start = [(0, "2H 3H 4H", "QH"), (1, "5H 6H 7H"), (2, "8H 9H 10H")]
    game = position(["AH 2C 3C 4C", "", ""], start, phase=MAIN, money=(30, 100, 49))
    assert game.bank == 1
    events = play(game, 0, act("claim", "AH"))
    assert kinds(events) == ["claim", "income", "maintenance", "income", "income"]
    incomes = [
        (public(e)["seat"], public(e)["due"], public(e)["paid"])
        for e in events[1:]
        if e.kind == "income"
    ]
    assert incomes == [(0, 2, 1), (1, 2, 2), (2, 2, 2)]
    assert game.money == [16, 102, 51] and game.bank == 11


def test_a_retrieval_refills_an_empty_bank() -> None:
    start = [(1, "2S 3S 4S")]
    game = position(["2C 3C 4C", "AS 5D 6D", ""], start, nobles="KD", money=(100, 50, 30))
    assert game.bank == 0
    play(game, 0, act("retrieve", "KD"))
    assert game.bank == 15 and game.money == [85, 50, 30]
    play(game, 0, DONE)
    play(game, 0, act("discard", "2C"))
    play(game, 1, DRAW)
    events = play(game, 1, act("claim", "AS"))
    assert event(events, "income") == {"seat": 1, "suit": "S", "due": 3, "paid": 3}
    assert game.bank == 12


def test_no_money_for_maintenance_sends_every_defender_to_the_stock_discard() -> None:
    start = [(0, "2H 3H 4H", "QH JH KH")]
    game = position(["AH 2C 3C 4C", "", ""], start, phase=MAIN, pile="9S")
    events = play(game, 0, act("claim", "AH"))
    assert kinds(events) == ["claim", "income", "unpaid"]
    assert event(events, "unpaid") == {"seat": 0, "cards": cards_wire(cards_of("QH JH"))}
    assert table(game)["owed"] is None and game.phase == MELDING
    assert pile(game) == "9S QH JH" and game.money == [2, 0, 0]
    assert melds(game) == {1: (0, "2H 3H 4H", "KH", False)}  # the King costs nothing


def test_another_player_chooses_which_defender_she_cannot_pay_for() -> None:
    """Seat 1 can pay for one of her two defenders: the claim waits for her choice, then goes on
    to seat 2."""
    start = [(0, "2S 3S 4S"), (1, "5S 6S 7S", "JS QS"), (2, "8S 9S 10S")]
    game = position(["AS 2C 3C 4C", "", ""], start, phase=MAIN, money=(0, 12, 0), pile="9D")
    events = play(game, 0, act("claim", "AS"))
    assert kinds(events) == ["claim", "income", "income"]
    assert game.actors == (1,) and table(game)["owed"]["kind"] == "unpaid"
    assert game.money == [3, 15, 0]
    assert refused(game, 0, DONE) == NOT_YOUR_TURN
    events = play(game, 1, act("give_up", "QS"))
    assert kinds(events) == ["unpaid", "maintenance", "income"]
    assert event(events, "income")["seat"] == 2
    assert game.money == [3, 0, 3] and game.bank == 174
    assert pile(game) == "9D QS" and melds(game)[2] == (1, "5S 6S 7S", "JS", False)
    assert game.actors == (0,) and game.phase == MELDING


# -- an election won by a coalition ---------------------------------------------------------------


def test_a_coalition_formed_at_an_election_holds_the_majority_until_the_partners_battle() -> None:
    start = [
        (0, "2H 3H 4H 5H 6H 7H 8H 9H 10H"),
        (1, "2D 3D 4D 5D 6D 7D 8D 9D 10D"),
        (1, "2C 3C 4C"),
        (2, "5S 6S 7S 8S"),
    ]
    game = position(
        ["AH AS 5C", "QD KD 9S", "JC QC KC"],
        start,
        stock="9C",
        money=(10, 0, 0),
        rest="pile",
    )
    events = play(game, 0, DRAW)
    assert kinds(events) == ["draw", "stock_out", "election_opens"] and game.phase == ELECTION
    assert table(game)["provinces"] == [9, 12, 4]
    events = play(game, 0, {"kind": "offer", "to": 1, "give_money": 5, "coalition": "form"})
    assert events_for(events, 2) == [] and events_for(events, None) == []
    play(game, 2, READY)
    events = play(game, 1, {"kind": "accept", "deal": 1})
    assert kinds(events) == ["deal_done", "coalition"]
    assert event(events, "coalition") == {"seats": [0, 1]}
    assert game.money == [5, 5, 0] and game.majority == ()  # counted when all are ready
    play(game, 1, READY)
    events = play(game, 0, READY)
    assert event(events, "election") == {
        "number": 1,
        "majority": [0, 1],
        "coalition": [0, 1],
        "provinces": [9, 12, 4],
    }
    assert str(game.phase) == MAIN and game.actors == (0,)
    assert table(game)["income"]["H"] == [58, 0, 0]
    assert table(game)["income"]["D"] == [0, 58, 0]
    assert table(game)["income"]["S"] == [0, 0, 5]  # not in the majority
    events = play(game, 0, act("claim", "AH"))
    assert event(events, "income") == {"seat": 0, "suit": "H", "due": 58, "paid": 58}
    events = play(game, 0, act("claim", "AS"))
    assert event(events, "income") == {"seat": 2, "suit": "S", "due": 5, "paid": 5}
    play(game, 0, DONE)
    play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    # Seat 1 attacks her partner's meld: the coalition and its majority end.
    play(game, 1, DRAW)
    events = play(game, 1, act("battle", "QD KD", meld=1))
    assert event(events, "coalition_ends") == {
        "seats": [0, 1],
        "why": "a battle between the partners",
    }
    assert melds(game)[1][0] == 1 and game.coalition == () and game.majority == ()
    assert table(game)["income"]["D"] == [0, 29, 0]
    assert cid("QD") in game.nobles and cid("KD") in game.nobles
