"""Scenario tests for each numbered Nobility ruling (shared/rulings/nobility.md), played through
`apply` and the legal lists after a position is set up.

Cards are written as labels (see `tests.nobility.position`): ``"9H"``, ``"10H"``, ``"KS"``,
``"AC"``, ``"Jkr"``. Stocks are listed top card first, discard piles oldest first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import IllegalAction, OptionError, RandomBot, new_game, play_out
from cardtable.engine.nobility.actions import Claim
from cardtable.engine.nobility.cards import (
    hand_order,
    is_joker,
    is_noble,
    is_province,
    suit_of,
)
from cardtable.engine.nobility.phases import DISCARD, ELECTION, MAIN, MELDING, RETRIEVING, START
from cardtable.wire.codec import to_wire
from tests.nobility.position import (
    DONE,
    DRAW,
    ENDGAME_HANDS,
    ENDGAME_MELDS,
    ENDGAME_NOBLES,
    PASS,
    READY,
    TAKE,
    act,
    arrange,
    assert_conserved,
    card_wire,
    cards_wire,
    cid,
    endgame,
    event,
    hand,
    kinds,
    label,
    lines,
    melds,
    new,
    nobles,
    pile,
    play,
    position,
    public,
    refused,
    snapshot,
    table,
)

DRAW_FIRST = "Draw first: from the stock or the stock discard pile (or retrieve)."
SEQUENCE = "A meld is three or more provinces (2–10) of one suit in sequence."
MELDING_OVER = "Melding is over for this turn."
BATTLE_FIRST = "A battle takes the place of the meld phase, right after the draw."
OWN_MELDS = "You defend only your own melds."
SUIT_DEFENDERS = "A meld is defended only by nobles of its suit."
HAS_JOKER = "That meld has a Joker already."
TARGET = "Attack an opponent's meld (`meld`) or an opponent's hand (`hand`)."
TWO_NOBLES = "Attack with two or more nobles (A, J, Q, K) from your hand."
DRAW_ONCE = "You draw only at the start of your turn."
RETRIEVAL_ONLY = "Retrieval takes the place of the draw and meld phase."
RETRIEVE_FROM_PILE = "Retrieve a noble from the noble discard pile."
RETRIEVE_WHERE = "A retrieved noble goes to your hand or onto your own meld of its suit."
RECALL_OWN = "Recall a noble that defends one of your own melds."
ELECTION_ON = "An election is on: make your deals, then say you are ready."
NOT_ENDGAME = "Passing and merging come only once the stock and its discard are gone."
COALITION_TIMING = "Coalitions are formed and dissolved only at an election or in the endgame."
NOT_YOUR_TURN = "It is not your turn."

#: Ruling 3, written out independently of the engine's table.
TABLE = {
    "C": (1, 3, 6, 10, 15, 21, 28),
    "D": (2, 4, 7, 11, 16, 22, 29),
    "H": (2, 4, 7, 11, 16, 22, 29),
    "S": (3, 5, 8, 12, 17, 23, 30),
}

# -- ruling 1: the deck ---------------------------------------------------------------------------


def test_ruling_1_the_deck_is_36_provinces_16_nobles_and_2_jokers() -> None:
    game = new(seed=11)
    found = [card for zone in game.zones().values() for card in zone.cards]
    assert game.card_count() == 54
    assert sorted(found) == list(range(54))
    provinces = [card for card in range(54) if is_province(card)]
    noble_cards = [card for card in range(54) if is_noble(card)]
    jokers = [card for card in range(54) if is_joker(card)]
    assert len(provinces) == 36 and len(noble_cards) == 16 and jokers == [52, 53]
    assert {label(card) for card in provinces} == {
        f"{rank}{suit}" for rank in range(2, 11) for suit in "SHDC"
    }
    assert {label(card) for card in noble_cards} == {f"{r}{s}" for r in "AJQK" for s in "SHDC"}
    assert card_wire(53) == {"cid": 53, "rank": "Joker", "suit": ""}


# -- ruling 2: money ------------------------------------------------------------------------------


def test_ruling_2_the_bank_starts_with_180_and_players_with_nothing() -> None:
    game = new(seed=2)
    view = table(game, None)
    assert view["bank"] == 180 and view["money"] == [0, 0, 0]
    assert game.purses() == {"bank": 180, "seat 0": 0, "seat 1": 0, "seat 2": 0}


class Eager(RandomBot):
    """A random bot that claims only when it is paid, and melds, extends, defends and
    retrieves whenever it can, so that money moves every way."""

    uses_view = True

    def choose(self, view: Any, legal: Any) -> Any:
        seat, income = view.seat, view.table.income

        def paid_claim(action: Any) -> bool:
            return bool(isinstance(action, Claim) and income[suit_of(action.cid)][seat] > 0)

        def building(action: Any) -> bool:
            return action.kind in ("meld", "extend", "defend", "retrieve")

        for wanted in (paid_claim, building):
            found = [action for action in legal if wanted(action)]
            if found:
                return self.rng.choice(found)
        others = [action for action in legal if not isinstance(action, Claim)]
        return self.rng.choice(others or list(legal))


def test_ruling_2_bank_and_players_hold_180_after_every_action() -> None:
    moved: set[str] = set()
    for seed in range(20):
        if {"income", "retrieve"} <= moved and seed >= 3:
            break
        game = new_game("nobility", 3, {"rubbers": 1}, seed=seed)

        def check(seat: int, action: Any, events: Any, game: Any = game) -> None:
            assert game.bank + sum(game.money) == 180
            assert game.bank >= 0 and min(game.money) >= 0
            if not game.awaiting_deal and not game.over:
                assert_conserved(game)
            moved.update(e.kind for e in events if e.kind in ("income", "maintenance", "retrieve"))

        play_out(game, [Eager(seed * 3 + n) for n in range(3)], on_action=check)
        assert game.over
    # Money moved both ways: out of the bank as income, back in for retrievals. (Maintenance,
    # rarer in such games, has its own tests in test_examples.py.)
    assert {"income", "retrieve"} <= moved


# -- ruling 3: the income table -------------------------------------------------------------------


@pytest.mark.parametrize("length", range(3, 10))
@pytest.mark.parametrize("suit", "CDHS")
def test_ruling_3_income_table(suit: str, length: int) -> None:
    other = "S" if suit != "S" else "H"
    provinces = " ".join(f"{rank}{suit}" for rank in range(2, 2 + length))
    game = position([f"A{suit} J{other} Q{other} K{other}", "", ""], [(0, provinces)], phase=MAIN)
    amount = TABLE[suit][length - 3]
    assert table(game)["income"][suit] == [amount, 0, 0]
    assert table(game)["melds"][0]["income"] == amount
    events = play(game, 0, act("claim", f"A{suit}"))
    assert kinds(events) == ["claim", "income"]
    assert event(events, "income") == {"seat": 0, "suit": suit, "due": amount, "paid": amount}
    assert game.money == [amount, 0, 0] and game.bank == 180 - amount
    assert nobles(game) == f"A{suit}"


# -- ruling 4: the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_ruling_4_three_each_the_stock_and_a_turned_card(dealer: int) -> None:
    stack = list(range(54))
    random.Random(dealer).shuffle(stack)
    game = new(dealer=dealer, stack=stack)
    first = (dealer + 1) % 3
    for offset in range(3):
        seat = (first + offset) % 3
        assert game.hands[seat] == hand_order([stack[offset], stack[offset + 3], stack[offset + 6]])
    assert game.pile == [stack[9]]
    assert len(game.stock) == 44 and game.nobles == [] and game.melds == {}
    view = table(game, None)
    assert view["turn"] == first and view["phase"] == START and view["stock"] == 44
    assert game.actors == (first,)
    deal = game.opening_events[0]
    assert deal.kind == "deal"
    assert public(deal) == {
        "round": 1,
        "dealer": dealer,
        "stock": 44,
        "turned": card_wire(stack[9]),
        "bank": 180,
    }
    assert to_wire(deal.private[first]) == {"hand": cards_wire(game.hands[first])}
    events = play(game, first, DRAW)
    assert to_wire(events[0].private[first]) == {"cards": cards_wire([stack[10]])}
    assert event(events, "draw") == {"seat": first, "count": 1, "stock": 43}


# -- ruling 5: the turn ---------------------------------------------------------------------------


def test_ruling_5_a_turn_starts_with_a_draw_or_a_take() -> None:
    game = position(["2C 3C 4C", "", ""], pile="5S", stock="7H")
    assert game.legal_actions(0) == [DRAW, TAKE]
    assert refused(game, 0, act("meld", "2C 3C 4C")) == DRAW_FIRST
    assert refused(game, 0, act("discard", "2C")) == DRAW_FIRST
    assert refused(game, 1, DRAW) == NOT_YOUR_TURN
    events = play(game, 0, TAKE)
    assert kinds(events) == ["take"] and event(events, "take")["card"] == card_wire(cid("5S"))
    assert hand(game, 0) == "2C 3C 4C 5S" and pile(game) == "" and game.phase == MAIN
    assert refused(game, 0, DRAW) == DRAW_ONCE

    game = position(["2C 3C 4C", "", ""], pile="5S", stock="7H")
    play(game, 0, DRAW)
    assert hand(game, 0) == "2C 3C 4C 7H" and pile(game) == "5S"


def test_ruling_5_meld_phase_then_replenish_to_four_then_discard_to_three() -> None:
    game = position(["2C 3C 4C KD", "", ""], stock="7H 8S 9S 10D", phase=MAIN)
    play(game, 0, act("meld", "2C 3C 4C"))
    assert game.phase == MELDING and hand(game, 0) == "KD"
    assert refused(game, 0, act("discard", "KD")) == "Finish melding first (done), then discard."
    events = play(game, 0, DONE)
    assert kinds(events) == ["draw"] and event(events, "draw")["count"] == 3
    assert hand(game, 0) == "7H 8S 9S KD"
    assert str(game.phase) == DISCARD
    assert game.legal_actions(0) == [{"kind": "discard", "cid": c} for c in game.hands[0]]
    events = play(game, 0, act("discard", "KD"))
    assert kinds(events) == ["discard", "turn"]
    assert len(game.hands[0]) == 3 and pile(game) == "KD"
    assert game.turn == 1 and str(game.phase) == START and event(events, "turn")["seat"] == 1


def test_ruling_5_discarding_straight_after_the_draw_ends_the_turn() -> None:
    game = position(["2C 3C 4C KD", "", ""], stock="7H", phase=MAIN)
    events = play(game, 0, act("discard", "4C"))
    assert kinds(events) == ["discard", "turn"]
    assert hand(game, 0) == "2C 3C KD" and game.stock[-1] == cid("7H") and game.turn == 1


def test_ruling_5_a_meld_phase_and_a_battle_exclude_each_other() -> None:
    start: list[tuple[Any, ...]] = [(1, "5H 6H 7H")]
    game = position(["2C 3C 4C KD", "QS KS 9D 9C", ""], start, phase=MAIN)
    play(game, 0, act("meld", "2C 3C 4C"))
    game.hands[0] = hand_order([*game.hands[0]])
    assert not any(a["kind"] == "battle" for a in game.legal_actions(0))
    game = position(["2C 3C 4C KD", "", ""], start, phase=MAIN)
    game.hands[0] = hand_order([cid("KD"), cid("QD"), cid("2C"), cid("3C")])
    game.stock.remove(cid("QD"))
    game.stock.append(cid("4C"))
    assert_conserved(game)
    play(game, 0, act("claim", "KD"))
    assert refused(game, 0, act("battle", "QD KD", meld=1)) == BATTLE_FIRST

    game = position(["QS KS 2C 3C", "", ""], start, phase=MAIN, stock="4C 9D")
    play(game, 0, act("battle", "QS KS", meld=1))
    assert game.phase == DISCARD and hand(game, 0) == "2C 3C 4C 9D"
    assert refused(game, 0, act("meld", "2C 3C 4C")) == MELDING_OVER


@pytest.mark.parametrize(
    ("names", "order"),
    [
        ("9H 10H 2H", "9H 10H 2H"),
        ("10H 2H 3H", "10H 2H 3H"),
        ("2H 3H 4H", "2H 3H 4H"),
        ("3H 10H 9H 2H", "9H 10H 2H 3H"),
    ],
)
def test_ruling_5_melds_run_in_a_cycle(names: str, order: str) -> None:
    game = position([f"{names} AS" if len(names.split()) == 3 else names, "", ""], phase=MAIN)
    action = act("meld", names)
    assert action in game.legal_actions(0)
    events = play(game, 0, action)
    assert melds(game) == {1: (0, order, "", False)}
    assert event(events, "meld")["meld"]["cards"] == cards_wire([cid(n) for n in order.split()])
    assert table(game)["provinces"] == [len(order.split()), 0, 0]


@pytest.mark.parametrize("names", ["2H 4H 5H", "9H 10H 3H", "2H 3H 4S", "JH QH KH", "2H 3H"])
def test_ruling_5_what_is_not_a_meld(names: str) -> None:
    filler = " ".join(["AS", "AC", "AD"][: 4 - len(names.split())])
    game = position([f"{names} {filler}", "", ""], phase=MAIN)
    assert not any(a["kind"] == "meld" for a in game.legal_actions(0))
    assert refused(game, 0, act("meld", names)) == SEQUENCE


def test_ruling_5_extend_either_end_of_any_players_meld() -> None:
    game = position(["8H 3H 5H AC", "", ""], [(1, "9H 10H 2H")], phase=MAIN)
    legal = game.legal_actions(0)
    assert act("extend", "8H", meld=1) in legal and act("extend", "3H", meld=1) in legal
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(0, act("extend", "5H", meld=1))
    assert caught.value.reason == "That card (5♥) does not extend meld 1 at either end."
    assert snapshot(game) == before
    events = play(game, 0, act("extend", "8H", meld=1))
    assert event(events, "extend") == {
        "seat": 0,
        "card": card_wire(cid("8H")),
        "meld": 1,
        "owner": 1,
    }
    play(game, 0, act("extend", "3H", meld=1))
    assert melds(game) == {1: (1, "8H 9H 10H 2H 3H", "", False)}
    assert table(game)["provinces"] == [0, 5, 0]
    assert table(game)["income"]["H"] == [0, 7, 0]


def test_ruling_5_refusing_an_extension_gives_a_sentence() -> None:
    """A card that does not fit, and a noble, are each refused with a sentence."""
    game = position(["8H 3H 5H AC", "", ""], [(1, "9H 10H 2H")], phase=MAIN)
    assert "does not extend meld 1" in refused(game, 0, act("extend", "5H", meld=1))
    assert "Only a province" in refused(game, 0, act("extend", "AC", meld=1))


def test_ruling_5_defenders_are_nobles_of_the_suit_on_ones_own_melds() -> None:
    start = [(0, "2H 3H 4H"), (1, "5H 6H 7H"), (0, "2D 3D 4D")]
    game = position(["QH KD JH 5C", "", ""], start, phase=MAIN)
    legal = game.legal_actions(0)
    defends = [a for a in legal if a["kind"] == "defend"]
    assert sorted((a["cid"], a["meld"]) for a in defends) == sorted(
        [(cid("QH"), 1), (cid("JH"), 1), (cid("KD"), 3)]
    )
    assert refused(game, 0, act("defend", "QH", meld=2)) == OWN_MELDS
    assert refused(game, 0, act("defend", "QH", meld=3)) == SUIT_DEFENDERS
    assert refused(game, 0, act("defend", "5C", meld=1)) == SUIT_DEFENDERS
    play(game, 0, act("defend", "QH", meld=1))
    play(game, 0, act("defend", "KD", meld=3))
    assert melds(game)[1] == (0, "2H 3H 4H", "QH", False)
    assert melds(game)[3] == (0, "2D 3D 4D", "KD", False)
    wires = {m["id"]: m for m in table(game)["melds"]}
    assert (wires[1]["defence"], wires[1]["upkeep"]) == (2, 15)
    assert (wires[3]["defence"], wires[3]["upkeep"]) == (2, 0)  # a King is free


# -- ruling 6: income -----------------------------------------------------------------------------


SPADES = [(0, "2S 3S 4S"), (1, "5S 6S 7S"), (2, "8S 9S 10S")]


def test_ruling_6_the_claimer_is_paid_first_then_the_others_clockwise() -> None:
    game = position(["", "AS 2C 3C 4D", ""], SPADES, turn=1, phase=MAIN)
    events = play(game, 1, act("claim", "AS"))
    paid = [(public(e)["seat"], public(e)["paid"]) for e in events if e.kind == "income"]
    assert paid == [(1, 3), (2, 3), (0, 3)]
    assert game.money == [3, 3, 3] and game.bank == 171


def test_ruling_6_a_claimer_without_provinces_is_followed_by_the_player_on_her_left() -> None:
    game = position(["", "AS 2C 3C 4D", ""], [(0, "2S 3S 4S"), (2, "8S 9S 10S")], turn=1)
    game.phase = MAIN
    events = play(game, 1, act("claim", "AS"))
    assert [public(e)["seat"] for e in events if e.kind == "income"] == [2, 0]


def test_ruling_6_the_bank_pays_as_far_as_it_goes_and_the_rest_is_lost() -> None:
    game = position(["", "AS 2C 3C 4D", ""], SPADES, turn=1, phase=MAIN, money=(100, 50, 25))
    assert game.bank == 5
    events = play(game, 1, act("claim", "AS"))
    paid = [
        (public(e)["seat"], public(e)["due"], public(e)["paid"])
        for e in events
        if e.kind == "income"
    ]
    assert paid == [(1, 3, 3), (2, 3, 2), (0, 3, 0)]
    assert game.money == [100, 53, 27] and game.bank == 0


def test_ruling_6_a_majority_is_paid_double() -> None:
    game = position(["", "AS 2C 3C 4D", ""], SPADES, turn=1, phase=MAIN, majority=(2,))
    assert table(game)["income"]["S"] == [3, 3, 6]
    assert {m["owner"]: m["income"] for m in table(game)["melds"]} == {0: 3, 1: 3, 2: 6}
    events = play(game, 1, act("claim", "AS"))
    paid = {public(e)["seat"]: public(e)["paid"] for e in events if e.kind == "income"}
    assert paid == {0: 3, 1: 3, 2: 6}


def test_ruling_6_only_melds_of_the_claimed_suit_pay() -> None:
    start = [(0, "2S 3S 4S"), (0, "2H 3H 4H 5H"), (1, "5S 6S 7S", "", "Jkr"), (2, "2D 3D 4D")]
    game = position(["AS 2C 3C 4C", "", ""], start, phase=MAIN)
    events = play(game, 0, act("claim", "AS"))
    assert kinds(events) == ["claim", "income"] and game.money == [3, 0, 0]


# -- ruling 7: maintenance ------------------------------------------------------------------------


def test_ruling_7_maintenance_follows_each_players_income_and_kings_are_free() -> None:
    start = [
        (0, "2H 3H 4H 5H 6H", "QH JH KH"),
        (0, "2D 3D 4D", "QD"),  # not claimed: its defender costs nothing now
        (1, "7H 8H 9H", "", ""),
    ]
    game = position(["AH 2C 3C 4C", "", ""], start, phase=MAIN, money=(30, 0, 0))
    events = play(game, 0, act("claim", "AH"))
    assert kinds(events) == ["claim", "income", "maintenance", "income"]
    assert event(events, "maintenance") == {"seat": 0, "nobles": 2, "paid": 30}
    assert game.money == [7, 2, 0] and game.bank == 171
    assert melds(game)[1] == (0, "2H 3H 4H 5H 6H", "QH JH KH", False)


def test_ruling_7_a_defender_that_cannot_be_paid_for_goes_to_the_stock_discard() -> None:
    start = [(0, "2H 3H 4H 5H 6H", "QH JH"), (1, "7H 8H 9H", "KH")]
    game = position(["AH 2C 3C 4C", "", ""], start, phase=MAIN, money=(13, 0, 0), pile="9C")
    events = play(game, 0, act("claim", "AH"))  # 13 + 7 = 20: enough for one of two
    assert kinds(events) == ["claim", "income"]
    assert table(game)["owed"] == {
        "seat": 0,
        "kind": "unpaid",
        "count": 1,
        "cards": cards_wire([cid("QH"), cid("JH")]),
    }
    assert game.actors == (0,)
    assert game.legal_actions(0) == [act("give_up", "QH"), act("give_up", "JH")]
    assert refused(game, 0, DONE) == "First give up 1 of the nobles named: give_up one by one."
    assert refused(game, 1, act("give_up", "QH")) == NOT_YOUR_TURN
    events = play(game, 0, act("give_up", "JH"))
    assert kinds(events) == ["unpaid", "maintenance", "income"]
    assert event(events, "maintenance") == {"seat": 0, "nobles": 1, "paid": 15}
    assert pile(game) == "9C JH" and melds(game)[1] == (0, "2H 3H 4H 5H 6H", "QH", False)
    assert game.money == [5, 2, 0] and table(game)["owed"] is None and game.phase == MELDING


# -- ruling 8: battles ----------------------------------------------------------------------------

ATTACKERS = ("AS", "JS", "QS", "KS")
DEFENDERS = ("AH", "JH", "QH", "KH")


@pytest.mark.parametrize(
    ("attack", "defenders"),
    [
        (2, 0),
        (3, 0),
        (4, 0),
        (3, 1),
        (4, 1),
        (4, 2),
        (2, 1),
        (3, 2),
        (4, 3),
        (2, 2),
        (3, 3),
        (2, 4),
    ],
)
def test_ruling_8_battle_outcomes(attack: int, defenders: int) -> None:
    committed = " ".join(ATTACKERS[:attack])
    filler = " ".join(["2C", "3C"][: 4 - attack])
    guards = " ".join(DEFENDERS[:defenders])
    game = position(
        [f"{committed} {filler}", "", ""], [(1, "2H 3H 4H", guards)], phase=MAIN, stock="9D 9C 8C"
    )
    events = play(game, 0, act("battle", committed, meld=1))
    won = attack > 1 + defenders
    assert event(events, "battle") == {
        "seat": 0,
        "victim": 1,
        "meld": 1,
        "nobles": cards_wire(sorted(cid(n) for n in committed.split())),
        "attack": attack,
        "defence": 1 + defenders,
        "won": won,
    }
    chooser = None
    if won and attack > defenders + 2:
        chooser, count = 0, defenders + 2
    elif not won and 0 < min(defenders, attack - 1) < defenders:
        chooser, count = 1, min(defenders, attack - 1)
    if chooser is not None:
        owed = table(game)["owed"]
        assert (owed["seat"], owed["count"]) == (chooser, count)
        assert game.actors == (chooser,)
        for _ in range(count):
            play(game, chooser, game.legal_actions(chooser)[0])
    assert table(game)["owed"] is None and game.phase == DISCARD and game.actors == (0,)
    meld = game.melds[1]
    if won:
        assert meld.owner == 0 and meld.defenders == []
        assert len(game.nobles) == defenders + defenders + 2
        kept = [c for c in game.hands[0] if is_noble(c)]
        assert len(kept) == attack - defenders - 2
        assert event(events, "captured") == {"seat": 0, "meld": 1, "from": 1}
    else:
        lost = min(defenders, attack - 1)
        assert meld.owner == 1 and len(meld.defenders) == defenders - lost
        assert len(game.nobles) == attack + lost
        assert not any(is_noble(c) for c in game.hands[0])
    assert len(game.hands[0]) == 4  # replenished from the stock


def test_ruling_8_what_cannot_attack() -> None:
    start = [(0, "2H 3H 4H"), (1, "2D 3D 4D")]
    game = position(["QS KS 5C JC", "9C", "9D"], start, phase=MAIN)
    assert refused(game, 0, act("battle", "QS", meld=2)) == TWO_NOBLES
    assert refused(game, 0, act("battle", "QS 5C", meld=2)) == TWO_NOBLES
    assert refused(game, 0, act("battle", "QS KS", meld=1)) == TARGET
    assert refused(game, 0, act("battle", "QS KS", hand=0)) == TARGET
    targets = {
        (a.get("meld"), a.get("hand")) for a in game.legal_actions(0) if a["kind"] == "battle"
    }
    assert targets == {(2, None), (None, 1), (None, 2)}
    game = position(["QS KS 5C", "", ""], start)
    assert refused(game, 0, act("battle", "QS KS", meld=2)) == DRAW_FIRST


# -- ruling 9: Jokers -----------------------------------------------------------------------------


def test_ruling_9_a_joker_stops_a_melds_income_but_its_provinces_count() -> None:
    start = [(1, "2C 3C 4C 5C"), (0, "2H 3H 4H")]
    game = position(["Jkr Jkr AC KC", "", ""], start, phase=MAIN)
    legal = game.legal_actions(0)
    assert {a["meld"] for a in legal if a["kind"] == "joker"} == {1, 2}
    events = play(game, 0, {"kind": "joker", "cid": 52, "meld": 1})
    assert event(events, "joker") == {"seat": 0, "card": card_wire(52), "meld": 1, "owner": 1}
    assert melds(game)[1] == (1, "2C 3C 4C 5C", "", True)
    assert refused(game, 0, {"kind": "joker", "cid": 53, "meld": 1}) == HAS_JOKER
    assert table(game)["provinces"] == [3, 4, 0]
    assert table(game)["income"]["C"] == [0, 0, 0]
    events = play(game, 0, act("claim", "AC"))
    assert kinds(events) == ["claim"] and game.money == [0, 0, 0]
    play(game, 0, DONE)
    # A Joker never comes back: no legal action of anyone names it.
    for seat in range(3):
        assert all(a.get("cid") != 52 for a in game.legal_actions(seat))


def test_ruling_9_a_captured_corrupt_meld_still_pays_nothing() -> None:
    start = [(1, "2C 3C 4C 5C", "", "Jkr")]
    game = position(["QS KS AC 9D", "", ""], start, phase=MAIN, majority=(0,))
    play(game, 0, act("battle", "QS KS", meld=1))
    assert melds(game)[1] == (0, "2C 3C 4C 5C", "", True)
    assert table(game)["provinces"][0] == 4 and table(game)["income"]["C"] == [0, 0, 0]


# -- ruling 10: retrieval -------------------------------------------------------------------------


def test_ruling_10_retrieval_costs_15_and_replaces_the_draw_and_meld_phase() -> None:
    start = [(0, "2H 3H 4H"), (1, "5D 6D 7D")]
    game = position(["2C 5S 9H", "", ""], start, nobles="QS KH AD", money=(40, 0, 0), stock="8C 8S")
    legal = game.legal_actions(0)
    assert legal[:1] == [DRAW]
    for action in (
        act("retrieve", "QS"),
        act("retrieve", "KH"),
        act("retrieve", "KH", meld=1),
        act("retrieve", "AD"),
    ):
        assert action in legal
    assert refused(game, 0, act("retrieve", "AD", meld=2)) == RETRIEVE_WHERE
    assert refused(game, 0, act("retrieve", "QS", meld=1)) == RETRIEVE_WHERE
    events = play(game, 0, act("retrieve", "QS"))
    assert event(events, "retrieve") == {
        "seat": 0,
        "card": card_wire(cid("QS")),
        "meld": None,
        "paid": 15,
    }
    assert game.phase == RETRIEVING and game.money == [25, 0, 0] and game.bank == 155
    play(game, 0, act("retrieve", "KH", meld=1))
    assert melds(game)[1] == (0, "2H 3H 4H", "KH", False)
    assert game.money == [10, 0, 0] and game.bank == 170 and nobles(game) == "AD"
    refused(game, 0, act("retrieve", "AD"))  # (the reason given is about the draw: see report)
    assert refused(game, 0, DRAW) == DRAW_ONCE
    assert refused(game, 0, act("claim", "QS")) == MELDING_OVER
    assert refused(game, 0, act("extend", "5S", meld=1)) == MELDING_OVER
    assert refused(game, 0, act("battle", "QS KH", meld=2)) == BATTLE_FIRST
    assert game.legal_actions(0) == [act("recall", "KH"), DONE]
    stock = list(game.stock)
    events = play(game, 0, DONE)
    assert kinds(events) == [] and str(game.phase) == DISCARD and game.stock == stock
    play(game, 0, act("discard", "QS"))
    assert hand(game, 0) == "2C 9H 5S"
    assert game.turn == 1


def test_ruling_10_no_retrieval_after_the_draw_or_from_the_stock_discard() -> None:
    game = position(["2C 5S 9H", "", ""], nobles="QS", pile="JS", money=(40, 0, 0))
    assert refused(game, 0, act("retrieve", "JS")) == RETRIEVE_FROM_PILE
    play(game, 0, DRAW)
    assert refused(game, 0, act("retrieve", "QS")) == RETRIEVAL_ONLY
    game = position(["2C 5S 9H", "", ""], nobles="QS", money=(14, 0, 0))
    assert game.legal_actions(0) == [DRAW]
    assert refused(game, 0, act("retrieve", "QS")) == "Retrieving a noble costs 15; you have 14."


def test_ruling_10_recalling_a_defender_is_free() -> None:
    start = [(0, "2H 3H 4H", "QH KH"), (1, "5D 6D 7D", "JD")]
    game = position(["2C 5S 9C", "", ""], start, money=(5, 0, 0))
    assert refused(game, 0, act("recall", "JD")) == RECALL_OWN
    events = play(game, 0, act("recall", "QH"))
    assert kinds(events) == ["recall"] and game.money == [5, 0, 0] and game.bank == 175
    assert melds(game)[1] == (0, "2H 3H 4H", "KH", False) and hand(game, 0) == "2C 9C 5S QH"
    play(game, 0, act("recall", "KH"))
    play(game, 0, DONE)
    assert game.phase == DISCARD
    play(game, 0, act("discard", "2C"))
    assert game.turn == 0 and game.phase == DISCARD
    play(game, 0, act("discard", "9C"))
    assert hand(game, 0) == "5S QH KH" and game.turn == 1


# -- ruling 11: elections, coalitions and the endgame ---------------------------------------------

NINETEEN = [
    (2, "2H 3H 4H 5H 6H 7H 8H 9H 10H"),
    (2, "2D 3D 4D 5D 6D 7D 8D"),
    (2, "2C 3C 4C"),
    (0, "2S 3S 4S"),
]


def test_ruling_11_an_election_when_the_stock_runs_out() -> None:
    game = position(["5C 6C AS", "", ""], NINETEEN, pile="5S 6S", stock="7C", rest="aside")
    events = play(game, 0, DRAW, conserved=False)
    assert kinds(events) == ["draw", "stock_out", "election_opens"]
    assert event(events, "stock_out") == {"number": 1, "stock": 2, "endgame": False}
    assert sorted(game.stock) == [cid("5S"), cid("6S")] and game.pile == []
    assert game.phase == ELECTION and game.actors == (0, 1, 2)
    assert game.legal_actions(1) == [READY]
    assert refused(game, 0, act("meld", "5C 6C 7C")) == ELECTION_ON
    assert kinds(play(game, 2, READY, conserved=False)) == ["ready"]
    play(game, 0, READY, conserved=False)
    assert table(game)["ready"] == [0, 2] and list(game.actors) == [1]
    assert refused(game, 0, READY) == NOT_YOUR_TURN
    events = play(game, 1, READY, conserved=False)
    assert kinds(events) == ["ready", "election"]
    assert event(events, "election") == {
        "number": 1,
        "majority": [2],
        "coalition": [],
        "provinces": [3, 0, 19],
    }
    assert str(game.phase) == MAIN and list(game.actors) == [0] and table(game)["elections"] == 1
    assert table(game)["income"]["H"] == [0, 0, 58]
    play(game, 0, act("meld", "5C 6C 7C"), conserved=False)


def test_ruling_11_the_next_election_ends_a_coalition_and_the_majority() -> None:
    game = position(
        ["5C 6C AS", "", ""],
        [(0, "2H 3H 4H 5H 6H 7H 8H 9H 10H"), (1, "2D 3D 4D 5D 6D 7D 8D 9D 10D"), (1, "2S 3S 4S")],
        pile="5S",
        stock="7C",
        coalition=(0, 1),
        majority=(0, 1),
        rest="aside",
    )
    assert table(game)["income"]["H"] == [58, 0, 0]
    events = play(game, 0, DRAW, conserved=False)
    assert kinds(events) == ["draw", "coalition_ends", "stock_out", "election_opens"]
    assert event(events, "coalition_ends") == {"seats": [0, 1], "why": "the election"}
    assert game.coalition == () and game.majority == ()
    for seat in range(3):
        events = play(game, seat, READY, conserved=False)
    assert event(events, "election")["majority"] == []


def test_ruling_11_a_battle_between_partners_ends_their_coalition() -> None:
    start = [(1, "2D 3D 4D"), (2, "2C 3C 4C")]
    game = position(["QS KS 5H 6H", "", ""], start, phase=MAIN, coalition=(0, 2), majority=(0, 2))
    events = play(game, 0, act("battle", "QS KS", meld=1))
    assert "coalition_ends" not in kinds(events) and game.coalition == (0, 2)
    game = position(["QS KS 5H 6H", "", ""], start, phase=MAIN, coalition=(0, 2), majority=(0, 2))
    events = play(game, 0, act("battle", "QS KS", meld=2))
    assert event(events, "coalition_ends") == {
        "seats": [0, 2],
        "why": "a battle between the partners",
    }
    assert game.coalition == () and game.majority == ()


def test_ruling_11_coalitions_only_at_an_election_or_in_the_endgame() -> None:
    game = position(["5C 6C AS", "", ""], NINETEEN)
    form = {"kind": "offer", "to": 1, "coalition": "form"}
    assert refused(game, 0, form) == COALITION_TIMING
    assert refused(game, 0, {"kind": "offer", "to": 1, "coalition": "dissolve"}) == (
        COALITION_TIMING
    )


def test_ruling_11_the_endgame_begins_when_stock_and_pile_are_both_gone() -> None:
    game = position(
        ENDGAME_HANDS,
        ENDGAME_MELDS,
        nobles=ENDGAME_NOBLES.replace("KS ", ""),
        stock="KS",
    )
    assert len(game.stock) == 1 and game.pile == []
    assert refused(game, 0, PASS) == DRAW_FIRST
    events = play(game, 0, DRAW)
    assert event(events, "stock_out") == {"number": 1, "stock": 0, "endgame": True}
    for seat in (1, 2, 0):
        play(game, seat, READY)
    assert game.phase == MAIN and table(game)["endgame"] is True
    assert PASS not in game.legal_actions(0)  # a hand of 4: discard first
    assert refused(game, 0, PASS) == "Discard down to three before passing."
    events = play(game, 0, act("discard", "KS"))
    assert kinds(events) == ["discard", "turn"] and game.turn == 1 and game.phase == MAIN
    legal = game.legal_actions(1)
    assert DRAW not in legal and TAKE not in legal and PASS in legal
    assert {"kind": "merge", "to": 0} in legal and {"kind": "merge", "to": 2} in legal
    assert kinds(play(game, 1, PASS)) == ["pass", "turn"]
    # A coalition at any time in the endgame; the majority is counted at once.
    play(game, 2, {"kind": "offer", "to": 0, "coalition": "form"})
    events = play(game, 0, {"kind": "accept", "deal": 1})
    assert kinds(events) == ["deal_done", "coalition", "majority"]
    assert game.majority == (0, 2) and table(game)["majority"] == [0, 2]
    # Merging: every meld of the mover changes owner, and the turn ends.
    events = play(game, 2, {"kind": "merge", "to": 0})
    assert event(events, "merge") == {"seat": 2, "to": 0, "melds": [3, 6]}
    assert table(game)["provinces"] == [24, 12, 0] and list(game.majority) == [0]
    assert kinds(events) == ["merge", "turn", "majority"]


def test_ruling_11_merge_and_pass_only_in_the_endgame() -> None:
    game = position(["5C 6C AS 9S", "", ""], NINETEEN, phase=MAIN)
    assert refused(game, 0, PASS) == NOT_ENDGAME
    assert refused(game, 0, {"kind": "merge", "to": 2}) == NOT_ENDGAME


# -- ruling 12: diplomacy (more in test_diplomacy.py) ---------------------------------------------


def test_ruling_12_a_deal_is_carried_out_whole_on_acceptance() -> None:
    game = position(["5C 6C AS", "", ""], NINETEEN, money=(30, 0, 10))
    offer = {"kind": "offer", "to": 2, "give_money": 20, "get_melds": [2]}
    events = play(game, 0, offer)
    assert kinds(events) == ["offer"] and game.money == [30, 0, 10]
    events = play(game, 2, {"kind": "accept", "deal": 1})
    assert kinds(events) == ["deal_done"]
    assert game.money == [10, 0, 30] and game.melds[2].owner == 0
    assert table(game)["provinces"] == [10, 0, 12]


# -- ruling 13: winning a rubber ------------------------------------------------------------------

ALL_36 = [
    (0, "2H 3H 4H 5H 6H 7H 8H 9H 10H"),
    (0, "2D 3D 4D 5D 6D 7D 8D 9D 10D"),
    (0, "2C 3C 4C 5C 6C 7C 8C 9C 10C"),
    (0, "2S 3S 4S 5S 6S 7S 8S 9S"),
]


def test_ruling_13_all_36_provinces_at_the_start_of_ones_own_turn_win() -> None:
    game = position(["10S AS JS", "AH JH QH", "AD JD QD"], ALL_36, stock="KS QS")
    play(game, 0, DRAW)
    play(game, 0, act("extend", "10S", meld=4))
    assert table(game)["provinces"] == [36, 0, 0]
    play(game, 0, DONE)
    events = play(game, 0, act("discard", "AS"))
    assert kinds(events)[-1] == "turn" and game.turn == 1  # not yet: the others get a round
    for seat in (1, 2):
        play(game, seat, DRAW)
        events = play(game, seat, {"kind": "discard", "cid": game.hands[seat][0]})
    assert kinds(events) == ["discard", "rubber_end", "round_end", "next_dealer"]
    end = event(events, "rubber_end")
    assert (end["winner"], end["why"], end["provinces"]) == (0, "all 36 provinces", [36, 0, 0])
    assert game.totals == (1, 0, 0) and lines(game, 0) == [("Rubber won", 1, 1)]


@pytest.mark.parametrize(
    ("money", "winner"), [((10, 30, 20), 1), ((30, 30, 20), None), ((5, 5, 6), 2)]
)
def test_ruling_13_three_passes_decide_by_provinces_then_money(
    money: tuple[int, int, int], winner: int | None
) -> None:
    game = endgame(money=money)
    assert table(game)["provinces"] == [12, 12, 12]
    play(game, 0, PASS)
    play(game, 1, {"kind": "joker", "cid": 52, "meld": 1})  # not a pass: the count restarts
    assert kinds(play(game, 1, DONE)) == ["turn"] and game.money == list(money)
    play(game, 2, PASS)
    play(game, 0, PASS)
    assert table(game)["passes"] == 2 and not game.awaiting_deal
    events = play(game, 1, PASS)
    end = event(events, "rubber_end")
    assert end["winner"] == winner and end["why"] == "a whole round passed"
    assert end["provinces"] == [12, 12, 12]
    expected = [1 if seat == winner else 0 for seat in range(3)]
    assert list(game.totals) == expected


def test_ruling_13_most_provinces_win_before_money() -> None:
    start = [*ENDGAME_MELDS[:5], (0, "8S 9S 10S")]
    game = endgame(start, money=(0, 60, 60))
    for seat in (0, 1):
        play(game, seat, PASS)
    events = play(game, 2, PASS)
    assert event(events, "rubber_end")["winner"] == 0


# -- ruling 14: the match -------------------------------------------------------------------------


def win_rubber_by_passes(game: Any) -> list[Any]:
    """Set an endgame in which seat 0 has the most provinces, and pass three times."""
    arrange(
        game,
        ENDGAME_HANDS,
        [*ENDGAME_MELDS[:5], (0, "8S 9S 10S")],
        nobles=ENDGAME_NOBLES,
        phase=MAIN,
        endgame=True,
        turn=game.turn,
    )
    first = game.turn
    events: list[Any] = []
    for offset in range(3):
        events = play(game, (first + offset) % 3, PASS)
    return events


def test_ruling_14_the_first_to_win_two_rubbers_wins_the_match() -> None:
    game = position(turn=1)
    assert table(game)["rubbers_to_win"] == 2
    events = win_rubber_by_passes(game)
    assert kinds(events) == ["pass", "rubber_end", "round_end", "next_dealer"]
    assert game.awaiting_deal and not game.over and game.totals == (1, 0, 0)
    dealer = game.dealer
    assert dealer == 1 and game.actors == (1,) and game.legal_actions(1) == [{"kind": "deal"}]
    events = play(game, 1, {"kind": "deal"})
    assert kinds(events) == ["deal"] and game.round == 2
    view = table(game, None)
    assert view["bank"] == 180 and view["money"] == [0, 0, 0] and view["melds"] == []
    assert view["hand_counts"] == [3, 3, 3] and len(view["stock_discard"]) == 1
    assert view["noble_discard"] == [] and view["turn"] == 2 and view["elections"] == 0
    events = win_rubber_by_passes(game)
    assert kinds(events) == ["pass", "rubber_end", "round_end", "game_end"]
    assert game.result is not None and game.result.winning_seats == (0,)


def test_ruling_14_a_match_of_one_rubber() -> None:
    game = position(turn=0, rubbers=1)
    events = win_rubber_by_passes(game)
    assert kinds(events)[-1] == "game_end" and game.over


@pytest.mark.parametrize("rubbers", [0, 4, "2"])
def test_ruling_14_rubbers_to_win_is_one_to_three(rubbers: Any) -> None:
    with pytest.raises(OptionError):
        new_game("nobility", 3, {"rubbers": rubbers})
    with pytest.raises(OptionError):
        new_game("nobility", 2, {})
