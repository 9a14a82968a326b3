"""The heuristic Nobility bot: legal over whole games, its choices in built positions, its answers
to offers by the value rule, and its strength against the random bot.

Positions name cards by label (``"10H"``, ``"KS"``, ``"Jkr"``); every card not named elsewhere
goes to the stock, so each of the 54 lies in exactly one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.engine import (
    Bot,
    GameAction,
    PlainAction,
    RandomBot,
    SeatView,
    get_game,
    new_game,
    play_out,
)
from cardtable.engine.cards import parse_label
from cardtable.engine.nobility.bot_reading import read
from cardtable.engine.nobility.bots import HeuristicBot, offer_value
from cardtable.engine.nobility.cards import CARD_COUNT, JOKERS, hand_order, suit_of
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.types import Phase
from cardtable.wire.codec import to_wire

DECK_SUITS = ("S", "H", "D", "C")


def cid(text: str) -> int:
    if text == "Jkr":
        return JOKERS[0]
    if text == "Jkr2":
        return JOKERS[1]
    rank, suit = parse_label(text)
    return DECK_SUITS.index(suit) * 13 + rank - 1


def cids(texts: str) -> list[int]:
    return [cid(text) for text in texts.split()]


def position(
    hands: Sequence[str],
    melds: Sequence[tuple[int, str, str]] = (),
    pile: str = "",
    nobles: str = "",
    *,
    phase: Phase = "start",
    money: Sequence[int] = (0, 0, 0),
) -> Nobility:
    """Seat 0's turn with these hands, melds (owner, provinces, defenders), stock discard pile
    (top last) and noble discard pile; the rest is the stock."""
    game = new_game("nobility", 3, {}, seed=1)
    assert isinstance(game, Nobility)
    used: list[int] = []
    game.hands = [hand_order(cids(hand)) for hand in hands]
    used += [c for hand in game.hands for c in hand]
    game.melds = {}
    for number, (owner, provinces, defenders) in enumerate(melds, start=1):
        cards = cids(provinces)
        guards = cids(defenders)
        game.melds[number] = Meld(number, owner, suit_of(cards[0]), cards, guards)
        used += cards + guards
    game.next_meld = len(melds) + 1
    game.pile = cids(pile)
    game.nobles = cids(nobles)
    used += game.pile + game.nobles
    assert len(used) == len(set(used))
    game.stock = [c for c in range(CARD_COUNT) if c not in used]
    game.money = list(money)
    game.bank = 180 - sum(money)
    game.turn, game.phase = 0, phase
    return game


def choose(game: Nobility, seat: int = 0) -> PlainAction:
    """The bot's choice, in plain form."""
    view = game.seat_view(seat)
    action = HeuristicBot(3).choose(view, view.legal)
    assert action in view.legal
    wire: PlainAction = to_wire(action)
    return wire


def answer(game: Nobility, seat: int) -> PlainAction:
    legal = game.answers(seat)
    action = HeuristicBot(3).choose(game.seat_view(seat), legal)
    assert action in legal
    wire: PlainAction = to_wire(action)
    return wire


# -- whole games ------------------------------------------------------------------------------


class Checked(Bot[Any]):
    """A heuristic bot built afresh for every action (it must hold no state), checking that
    what it returns is legal."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed = seed

    def choose(self, view: SeatView[Any] | None, legal: Sequence[GameAction]) -> GameAction:
        assert view is not None and list(view.legal) == list(legal)
        action = HeuristicBot(self.seed).choose(view, legal)
        assert action in legal
        return action


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("randoms", [(), (1,), (0, 2)])
def test_it_plays_only_legal_actions_over_whole_matches(
    seed: int, randoms: tuple[int, ...]
) -> None:
    game = new_game("nobility", 3, {"rubbers": 1}, seed=seed)
    bots: list[Bot[Any]] = [
        RandomBot(seed + seat) if seat in randoms else Checked(seed + seat) for seat in range(3)
    ]
    taken = play_out(game, bots)
    assert game.over
    kinds = {action.kind for seat, action in taken if seat not in randoms}
    assert {"draw", "discard", "meld", "ready"} <= kinds


def test_it_is_deterministic() -> None:
    def match() -> list[tuple[int, GameAction]]:
        game = new_game("nobility", 3, {"rubbers": 1}, seed=8)
        return play_out(game, [HeuristicBot(1), RandomBot(2), HeuristicBot(3)])

    assert match() == match()


def test_the_heuristic_bot_is_registered_as_the_default() -> None:
    spec = get_game("nobility")
    assert list(spec.bots) == ["random", "easy", "normal", "hard"]
    assert spec.bots[spec.default_bot] is spec.bots["heuristic"] is HeuristicBot


def test_it_beats_two_random_bots_in_most_matches() -> None:
    matches, wins = 30, 0
    for seed in range(matches):
        seat = seed % 3
        game = new_game("nobility", 3, {"rubbers": 1}, seed=100 + seed)
        bots: list[Bot[Any]] = [RandomBot(seed * 3 + s) for s in range(3)]
        bots[seat] = HeuristicBot(seed)
        play_out(game, bots)
        assert game.result is not None
        wins += game.result.to_wire()["winning_seats"] == [seat]
    assert wins >= 21, f"won {wins} of {matches}"


# -- positions --------------------------------------------------------------------------------


def test_it_takes_the_pile_top_that_extends_its_meld() -> None:
    game = position(["2C 8D QH", "", ""], [(0, "4S 5S 6S", "")], pile="9H 7S")
    assert choose(game) == {"kind": "take"}


def test_it_takes_the_pile_top_that_makes_a_meld() -> None:
    game = position(["5H 6H QD", "", ""], pile="9C 7H")
    assert choose(game) == {"kind": "take"}


def test_it_draws_when_the_pile_top_is_no_use() -> None:
    game = position(["5H 6H QD", "", ""], pile="9C 2C")
    assert choose(game) == {"kind": "draw"}


def test_it_lays_the_longest_meld_and_then_extends_its_own() -> None:
    game = position(["5H 6H 7H 8H", "", ""], [(0, "2C 3C 4C", "")], phase="main")
    assert choose(game) == {"kind": "meld", "cids": cids("5H 6H 7H 8H")}
    game = position(["5C 9D 2S QD", "", ""], [(0, "2C 3C 4C", "")], phase="main")
    assert choose(game) == {"kind": "extend", "cid": cid("5C"), "meld": 1}


def test_it_does_not_extend_an_opponents_meld() -> None:
    game = position(["5C 9D 2S QD", "", ""], [(1, "2C 3C 4C", "")], phase="main")
    action = choose(game)
    assert action["kind"] == "discard" and action["cid"] != cid("5C")


def test_it_discards_the_least_useful_card_never_one_for_its_meld() -> None:
    game = position(["5C 9D 6H 7H", "", ""], [(0, "2C 3C 4C", "")], phase="discard")
    assert choose(game) == {"kind": "discard", "cid": cid("9D")}


def test_it_puts_a_joker_on_an_opponents_best_meld() -> None:
    game = position(
        ["Jkr 9D 2H 3C", "", ""],
        [(1, "2S 3S 4S 5S 6S", ""), (2, "7C 8C 9C", ""), (0, "4H 5H 6H", "")],
        phase="main",
    )
    assert choose(game) == {"kind": "joker", "cid": cid("Jkr"), "meld": 1}


def test_it_captures_a_weak_meld_with_just_enough_nobles() -> None:
    game = position(
        ["QC JD KH 3D", "", ""],
        [(1, "2S 3S 4S 5S", ""), (2, "7C 8C 9C", "KC")],
        phase="main",
    )
    assert choose(game) == {"kind": "battle", "cids": sorted(cids("QC JD")), "meld": 1}


def test_it_does_not_attack_a_meld_it_cannot_beat_or_its_partner() -> None:
    game = position(["QC JD 3D 9H", "", ""], [(1, "2S 3S 4S 5S", "KS")], phase="main")
    assert choose(game)["kind"] != "battle"
    game = position(["QC JD 3D 9H", "", ""], [(1, "2S 3S 4S 5S", "")], phase="main")
    game.coalition = (0, 1)
    assert choose(game)["kind"] != "battle"


def test_it_defends_its_big_meld_with_a_king() -> None:
    game = position(["KS 9D 2H", "", ""], [(0, "2S 3S 4S 5S", "")], phase="melding")
    assert choose(game) == {"kind": "defend", "cid": cid("KS"), "meld": 1}


def test_it_claims_income_only_when_it_gains_clearly_more() -> None:
    mine = [(0, "2S 3S 4S 5S 6S 7S", "")]
    game = position(["QS 9D 2H", "", ""], mine, phase="melding")
    assert choose(game) == {"kind": "claim", "cid": cid("QS")}
    game = position(["QS 9D 2H", "", ""], [*mine, (1, "8S 9S 10S", "")], phase="melding")
    assert choose(game) == {"kind": "claim", "cid": cid("QS")}
    theirs = [(0, "2S 3S 4S", ""), (1, "6S 7S 8S 9S", "")]
    game = position(["QS 9D 2H", "", ""], theirs, phase="melding")
    assert choose(game) == {"kind": "done"}


def test_it_gives_up_non_kings_and_nobles_of_other_suits_first() -> None:
    game = position(["QC JD KS 3D", "", ""], [(1, "2S 3S 4S 5S", "")], phase="main")
    game.apply(0, {"kind": "battle", "cids": sorted(cids("QC JD KS")), "meld": 1})
    assert game.view(0)["table"]["owed"]["kind"] == "spoils"
    assert choose(game) == {"kind": "give_up", "cid": cid("JD")}


def test_it_retrieves_a_king_onto_its_big_undefended_meld_when_it_can_afford_it() -> None:
    big = [(0, "2D 3D 4D 5D 6D", "")]
    game = position(["9C 8H 2S", "", ""], big, nobles="KD", money=(40, 0, 0))
    assert choose(game) == {"kind": "retrieve", "cid": cid("KD"), "meld": 1}
    game = position(["9C 8H 2S", "", ""], big, nobles="KD", money=(20, 0, 0))
    assert choose(game)["kind"] == "draw"


def test_it_is_ready_at_an_election() -> None:
    game = position(["9C 8H 2S", "", ""])
    game.phase, game.paused, game.ready = "election", "start", set()
    assert choose(game, 1) == {"kind": "ready"}


def test_in_the_endgame_it_passes_rather_than_merge() -> None:
    game = position(["9C 8H 2S", "", ""], [(0, "2D 3D 4D", "")], phase="main")
    game.endgame, game.stock, game.pile = True, [], []
    legal = game.view(0)["legal"]
    assert {"kind": "merge", "to": 1} in legal
    assert choose(game) == {"kind": "pass"}


# -- offers -----------------------------------------------------------------------------------


def offers_game() -> Nobility:
    """Seat 1 (30 money, a 5-spade meld and a 3-club one) receives offers; seat 0 has 40 and
    a 4-heart meld, seat 2 an 8-diamond one."""
    return position(
        ["JC QC AC", "JD QD AD", "QH KH AH"],
        [
            (1, "2S 3S 4S 5S 6S", ""),
            (1, "7C 8C 9C", ""),
            (0, "3H 4H 5H 6H", ""),
            (2, "2D 3D 4D 5D 6D 7D 8D 9D", ""),
        ],
        money=(40, 30, 10),
    )


def offer(game: Nobility, maker: int, to: int, **terms: Any) -> int:
    game.apply(maker, {"kind": "offer", "to": to, **terms})
    return max(game.offers)


@pytest.mark.parametrize(
    ("terms", "accepts"),
    [
        ({"give_money": 5}, True),
        ({"get_money": 5}, False),
        # meld 2 (3 clubs) is worth 1 + 3×3 = 10 to seat 1; meld 3 (4 hearts) 4 + 4×3 = 16
        ({"get_melds": [2], "give_money": 9}, False),
        ({"get_melds": [2], "give_money": 11}, True),
        ({"give_melds": [3], "get_money": 15}, True),
        ({"give_melds": [3], "get_money": 17}, False),
        # meld 1 (5 spades): 8 + 5×3 = 23 against meld 3's 16
        ({"give_melds": [3], "get_melds": [1]}, False),
        ({"give_melds": [3], "get_melds": [1], "give_money": 8}, True),
    ],
)
def test_it_answers_an_offer_by_the_value_rule(terms: dict[str, Any], accepts: bool) -> None:
    game = offers_game()
    deal = offer(game, 0, 1, **terms)
    action = answer(game, 1)
    assert action == {"kind": "accept" if accepts else "decline", "deal": deal}
    game.apply(1, action)
    assert deal not in game.offers


def test_a_coalition_with_a_majority_is_worth_accepting() -> None:
    game = offers_game()  # seat 1 holds 8 provinces, seat 2 8, seat 0 4
    game.phase, game.paused, game.ready = "election", "start", set()
    deal = offer(game, 0, 1, coalition="form")
    assert answer(game, 1) == {"kind": "decline", "deal": deal}  # 12 together
    game.apply(0, {"kind": "withdraw", "deal": deal})
    more = {5: (0, "10C 2C 3C 4C 5C 6C"), 6: (1, "7H 8H 9H")}  # seat 0 now holds 10, seat 1 11
    for number, (owner, provinces) in more.items():
        cards = cids(provinces)
        game.stock = [c for c in game.stock if c not in cards]
        game.melds[number] = Meld(number, owner, suit_of(cards[0]), cards)
    deal = offer(game, 0, 1, coalition="form", get_money=5)
    assert offer_value(read(game.seat_view(1)), game.seat_view(1).table.offers[0]) == 15
    assert answer(game, 1) == {"kind": "accept", "deal": deal}
    game.apply(1, {"kind": "accept", "deal": deal})
    assert game.coalition == (0, 1)


def test_it_declines_an_offer_that_cannot_be_carried_out() -> None:
    game = offers_game()
    deal = offer(game, 0, 1, give_melds=[3], get_money=5)
    game.money[1], game.bank = 0, game.bank + 30  # seat 1 can no longer pay
    assert [to_wire(action) for action in game.answers(1)] == [{"kind": "decline", "deal": deal}]
    assert answer(game, 1) == {"kind": "decline", "deal": deal}


def test_it_answers_each_offer_in_turn() -> None:
    game = offers_game()
    first = offer(game, 0, 1, get_money=5)
    second = offer(game, 2, 1, give_money=5)
    assert answer(game, 1) == {"kind": "decline", "deal": first}
    game.apply(1, {"kind": "decline", "deal": first})
    assert answer(game, 1) == {"kind": "accept", "deal": second}
