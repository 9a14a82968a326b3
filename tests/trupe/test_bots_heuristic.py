"""The heuristic Trupe bot: scenario tests on built positions, its legality over whole games, and
its strength against the random bot.

Positions are written with card codes: ``"B2"`` (a Brownie 2), ``"MGold"`` (the Mariner Gold),
``"Tref"`` (the Trefoil); in a declaration ``"Tref=B2"`` is the Trefoil standing for a Brownie 2.
Every card named takes a copy not used yet; the cards named nowhere make up the pack, so all 89
lie in one place each.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from cardtable.engine import Bot, PlainAction, RandomBot, get_game, new_game, play_out
from cardtable.engine.trupe.bot_plans import feed_risk
from cardtable.engine.trupe.bot_reading import read
from cardtable.engine.trupe.bots import HeuristicBot
from cardtable.engine.trupe.cards import DECK, DECK_SIZE, TREFOIL_CID, hand_order
from cardtable.engine.trupe.combinations import Kind, classify
from cardtable.engine.trupe.declaring import Declaration
from cardtable.engine.trupe.phases import (
    DISCARD,
    DRAW,
    PLAY,
    TAKEN,
)
from cardtable.engine.trupe.rules import Trupe
from cardtable.wire.codec import to_wire

#: A rival far from going out: thirteen cards that make nothing together.
FULL = 13
#: A rival who may go out on their next turn: two cards.
NEARLY_OUT = 2


class Cards:
    """Hands out fresh card ids for codes, in id order within each code."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, code: str) -> int:
        for card in DECK:
            if card.short == code and card.cid not in self.used:
                self.used.add(card.cid)
                return card.cid
        raise ValueError(f"no card {code!r} left")

    def many(self, codes: str) -> list[int]:
        return [self.take(code) for code in codes.split()]

    def quiet(self, count: int) -> list[int]:
        """`count` unused members and honors of which no three make a combination."""
        found: list[int] = []
        for card in DECK:
            if len(found) == count:
                break
            code = card.identity
            if card.cid in self.used or code is None:
                continue
            held = [DECK[cid].short for cid in found]
            if any(isinstance(classify([*two, code]), Kind) for two in combinations(held, 2)):
                continue
            self.used.add(card.cid)
            found.append(card.cid)
        assert len(found) == count
        return found

    def declared(self, codes: str) -> tuple[list[int], str | None]:
        cids, trefoil_as = [], None
        for code in codes.split():
            if code.startswith("Tref="):
                trefoil_as, code = code.removeprefix("Tref="), "Tref"
            cids.append(self.take(code))
        return cids, trefoil_as


def position(
    hands: Sequence[str | int],
    declared: Sequence[tuple[int, str]] = (),
    row: str = "",
    pack: str = "",
    *,
    phase: str = PLAY,
    taken: str | None = None,
    discards_due: int = 1,
) -> Trupe:
    """Seat 0's turn in a game with these hands (a number: that many cards making nothing
    together), declarations (owner, cards), discard row (oldest first) and pack (top card
    first, the unnamed cards under it). In phase "declare taken", `taken` is the card seat 0
    has just taken from the row (into its hand). The other hand cards were drawn from the pack
    on earlier turns, and the declarations made on earlier turns."""
    seats = len(hands)
    setup = get_game("trupe").setup(seats, {"target": 1000}, 7, seats - 1)
    game = Trupe(setup, stack=range(DECK_SIZE))
    cards = Cards()
    game.declarations = {}
    for did, (owner, codes) in enumerate(declared):
        cids, trefoil_as = cards.declared(codes)
        game.declarations[did] = Declaration(did, owner, cids, trefoil_as)
    game.row = cards.many(row)
    game.hands = [cards.many(hand) if isinstance(hand, str) else [] for hand in hands]
    game.taken = None
    if taken is not None:
        game.taken = cards.take(taken)
        game.hands[0].append(game.taken)
    top = cards.many(pack)
    for seat, hand in enumerate(hands):
        if isinstance(hand, int):
            game.hands[seat] = cards.quiet(hand)
    game.hands = [hand_order(hand) for hand in game.hands]
    game.pack = [*top, *(cid for cid in range(DECK_SIZE) if cid not in cards.used)][::-1]
    game.open_pack, game.pairs = [], {}
    game.specials = [[] for _ in range(seats)]
    game.lost_turns, game.extra_due = [0] * seats, [0] * seats
    game.turn, game.phase, game.discards_due = 0, phase, discards_due
    # Hand cards came from the pack on earlier turns (ruling 6), all but a card just taken.
    game.turn_number = 1
    game.from_pack = {cid for hand in game.hands for cid in hand} - {game.taken}
    where = Counter(cid for zone in game.zones().values() for cid in zone.cards)
    assert sorted(where) == list(range(DECK_SIZE)) and set(where.values()) == {1}
    return game


def codes(game: Trupe, cids: Sequence[int], trefoil_as: str | None = None) -> list[str]:
    return [trefoil_as if cid == TREFOIL_CID and trefoil_as else DECK[cid].short for cid in cids]


def choose(game: Trupe, seat: int = 0) -> PlainAction:
    view = game.view(seat)
    action: PlainAction = to_wire(HeuristicBot(1).choose(game.seat_view(seat), game.legal(seat)))
    assert action in view["legal"]
    return action


def bot_turn(game: Trupe, seat: int = 0) -> list[PlainAction]:
    """Let the bot play `seat`'s turn to its end (or the hand's); return its actions."""
    actions: list[PlainAction] = []
    while not game.awaiting_deal and game.turn == seat and (not actions or game.phase != DRAW):
        actions.append(choose(game, seat))
        game.apply(seat, actions[-1])
    return actions


def declared_codes(actions: Sequence[PlainAction], game: Trupe) -> list[list[str]]:
    """The identities of each declaration among `actions`, in order."""
    return [
        sorted(codes(game, action["cids"], action.get("as")))
        for action in actions
        if action["kind"] == "declare"
    ]


def discarded(actions: Sequence[PlainAction]) -> str:
    assert actions[-1]["kind"] == "discard"
    return DECK[actions[-1]["cid"]].short


# -- going out ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "hand_type", "points"),
    [
        # Four Brownie combinations and a Girl Scout to discard: a Trupe, not three sequences.
        ("B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B4 B4 B4 G1", "Trupe", 5 * 3 + 10 + 50),
        # The Brownies as three like members make a Gam; as sequences, a Revel.
        ("B1 B1 B1 B2 B2 B2 B3 B3 B3 G4 G4 G4 G4 S1", "Gam", 5 * 3 + 10 + 5),
        # The Trefoil makes the fourth Gold.
        ("BGold GGold MGold Tref S2 S2 S2 M3 M3 M3 G1 G1 G1 B4", "Gam", 40 + 5 * 3 + 5),
    ],
)
def test_it_goes_out_with_the_best_hand_type(mine: str, hand_type: str, points: int) -> None:
    game = position([mine, FULL])
    actions = bot_turn(game)
    assert game.went_out == 0
    assert game.hand_type == hand_type
    assert game.round_scores[-1].points[0] == points
    assert actions[-1]["kind"] == "discard"


@pytest.mark.parametrize(
    ("mine", "kinds"),
    [
        ("M2 M2", ["pair"]),
        ("M2 M2 S4", ["pair", "discard"]),
        ("MGold S4 SGold", ["pair", "discard"]),
    ],
)
def test_it_goes_out_with_a_final_pair(mine: str, kinds: list[str]) -> None:
    """Two cards left that pair go down without a discard (14 cards); with a third, the pair
    goes down and the third is the discard. Two Golds make a pair, and the Senior 4 goes."""
    game = position([mine, FULL], [(0, "B1 B1 B1"), (0, "B2 B2 B2"), (0, "G3 G3 G3 G3")])
    actions = bot_turn(game)
    assert [action["kind"] for action in actions] == kinds
    assert game.went_out == 0


def test_it_extends_a_three_to_go_out() -> None:
    """The drawn Senior 3 turns the declared three into a four, and the Mariner 4 goes."""
    game = position(["S3 M4", FULL], [(0, "S3 S3 S3"), (0, "B1 B2 B3")])
    actions = bot_turn(game)
    assert [action["kind"] for action in actions] == ["extend", "discard"]
    assert game.went_out == 0


def test_it_takes_a_row_card_to_go_out() -> None:
    """The Mariner 2 makes a sequence with the hand's 1 and 3; the Senior 2s are the final
    pair and the Girl Scout World the discard."""
    game = position(
        ["M1 M3 S2 S2 GWorld", FULL], [(0, "B1 B1 B1"), (0, "B2 B2 B2")], "G4 M2", phase=DRAW
    )
    actions = bot_turn(game)
    assert actions[0]["kind"] == "take"
    assert DECK[actions[0]["cid"]].short == "M2"
    assert game.went_out == 0


# -- taking from the row ------------------------------------------------------------------------

#: Thirteen cards with one pair (the Girl Scout 2s) and nothing else that combines.
PAIRED = "G2 G2 B1 B4 M1 M3 S2 S4 BGold GColors MWorld SBanner G4"


def test_it_takes_a_row_card_that_completes_a_three() -> None:
    game = position([PAIRED, FULL], row="S1 G2 S3", phase=DRAW)
    actions = bot_turn(game)
    assert actions[0]["kind"] == "take"
    assert DECK[actions[0]["cid"]].short == "G2"
    assert declared_codes(actions, game)[0] == ["G2", "G2", "G2"]


def test_it_draws_rather_than_take_a_card_only_for_a_sequence() -> None:
    """The Mariner 2 would make a sequence (no points, and a Revel): far from going out, the
    bot keeps its Mariners and draws."""
    game = position([PAIRED, FULL], row="M2", phase=DRAW)
    view = game.view(0)
    assert {"kind": "take", "cid": game.row[0]} in view["legal"]
    assert choose(game) == {"kind": "draw"}


def test_in_a_long_hand_it_takes_any_row_card_it_can_and_discards_at_random_now_and_then() -> None:
    """A hand ends only when someone goes out: after the open pack has been turned over twice,
    the bot takes even a card for a sequence, and its discards are not all the same."""
    game = position([PAIRED, FULL], row="M2", phase=DRAW)
    game.turnovers = 2
    assert choose(game) == {"kind": "take", "cid": game.row[0]}
    discards = set()
    for seed in range(20):
        game = position([PAIRED, FULL], phase=PLAY)
        game.turnovers = 2
        action = to_wire(HeuristicBot(seed).choose(game.seat_view(0), game.legal(0)))
        assert action in game.view(0)["legal"]
        discards.add(action["cid"])
    assert len(discards) > 2


def test_it_declares_the_taken_card_where_it_scores_most() -> None:
    """The Mariner Gold taken makes three Golds (20) or three Mariner honors (10)."""
    game = position(
        ["GGold SGold MColors MWorld B1 B3 G2 G4 S1 S3 M1 M3 B4", FULL],
        phase=TAKEN,
        taken="MGold",
    )
    action = choose(game)
    assert sorted(codes(game, action["cids"])) == ["GGold", "MGold", "SGold"]


# -- declaring ----------------------------------------------------------------------------------


def test_it_declares_the_honors_that_score_most() -> None:
    """The Brownie Gold makes three Golds (20) or three Brownie honors (10), not both."""
    game = position(["BGold GGold MGold BColors BWorld G1 G1 M2 M2 S3 S3 B4 B4 S1", FULL])
    actions = bot_turn(game)
    assert declared_codes(actions, game) == [["BGold", "GGold", "MGold"]]


def test_it_declares_like_members_and_extends_its_threes() -> None:
    game = position(["S3 M4 M4 M4 M4 G1 G1 B2 B2 BGold S1 GWorld", FULL], [(0, "S3 S3 S3")])
    actions = bot_turn(game)
    assert [action["kind"] for action in actions] == ["declare", "extend", "discard"]
    assert declared_codes(actions, game) == [["M4", "M4", "M4", "M4"]]
    assert game.declarations[0].kind.size == 4


@pytest.mark.parametrize(("rival", "declares"), [(FULL, False), (NEARLY_OUT, True)])
def test_it_keeps_a_sequence_for_going_out_until_the_end_nears(rival: int, declares: bool) -> None:
    """A sequence scores nothing and makes the hand a Revel, so it stays in hand; once the rival
    may go out, it goes down (all four cards) rather than count against the bot."""
    game = position(["B1 B2 B3 G1 G1 M2 M2 S3 S3 M4 SGold GColors BWorld B4", rival])
    actions = bot_turn(game)
    sequences = [codes for codes in declared_codes(actions, game) if codes[0] == "B1"]
    assert sequences == ([["B1", "B2", "B3", "B4"]] if declares else [])


@pytest.mark.parametrize(("rival", "spends"), [(FULL, False), (NEARLY_OUT, True)])
def test_it_saves_the_trefoil_for_more_than_five_points(rival: int, spends: bool) -> None:
    """Two Senior 1s and the Trefoil would make five points: early, the Trefoil stays in hand
    for a better use; once the rival may go out, it goes down."""
    game = position(["S1 S1 Tref G2 G4 M1 M3 B2 B4 GGold MColors SWorld BBanner", rival])
    actions = bot_turn(game)
    assert (["S1", "S1", "S1"] in declared_codes(actions, game)) is spends
    assert (TREFOIL_CID in game.hands[0]) is not spends


def test_it_spends_the_trefoil_on_a_fourth_gold() -> None:
    game = position(
        ["Tref G2 G4 M1 M3 B2 B4 S1 S1 GColors MWorld", FULL], [(0, "BGold GGold MGold")]
    )
    actions = bot_turn(game)
    assert actions[0] == {"kind": "extend", "declaration": 0, "cid": TREFOIL_CID, "as": "SGold"}
    assert game.declarations[0].kind.points == 40


# -- playing for a Trupe -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "plays_for_trupe"),
    [
        ("B1 B1 B1 B2 B2 B3 B3 B4 BGold BColors G4 G4 G4 S1", True),
        ("B1 B1 B1 B2 B3 M2 M2 S3 S3 MColors G4 G4 G4 S1", False),
    ],
)
def test_with_most_cards_of_one_group_it_plays_for_a_trupe(
    mine: str, plays_for_trupe: bool
) -> None:
    """Ten Brownies: the bot declares only Brownies, keeping the three Girl Scout 4s out of the
    way of a Trupe, and sheds a card of another group. With five, it declares both threes."""
    game = position([mine, FULL])
    actions = bot_turn(game)
    declared = declared_codes(actions, game)
    assert ["B1", "B1", "B1"] in declared
    assert (["G4", "G4", "G4"] not in declared) is plays_for_trupe
    if plays_for_trupe:
        assert discarded(actions) == "S1"


# -- discarding ---------------------------------------------------------------------------------


def test_it_discards_the_honor_nobody_can_use() -> None:
    """Every card that combines with the Mariner Banner is on the table: it can never score, nor
    be taken; the Girl Scout Colors can still make three."""
    game = position(
        ["B1 B1 S2 S2 G3 G3 M4 M4 B4 B4 S1 S1 MBanner GColors", FULL],
        [(1, "BBanner GBanner SBanner"), (1, "MGold MColors MWorld")],
    )
    assert discarded(bot_turn(game)) == "MBanner"


def test_a_card_whose_copies_are_all_seen_cannot_feed_the_next_player() -> None:
    game = position(
        ["B1 G2 G3 M2 M4", FULL], [(1, "B1 B1 B1"), (1, "B2 B2 B2 B2"), (1, "B3 B3 B3 B3")]
    )
    reading = read(game.seat_view(0))
    assert feed_risk(reading, "B1") == 0
    assert feed_risk(reading, "M4") > 0


@pytest.mark.parametrize(("rival", "discard"), [(FULL, "S4"), (NEARLY_OUT, "SWorld")])
def test_it_sheds_honors_as_the_hand_nears_its_end(rival: int, discard: str) -> None:
    """The Senior 4 and the Senior World can hardly make anything now (the other 4s and Worlds
    are on the table): early, the bot keeps the World, which the next player may take with two
    Senior honors; once the rival may go out, the World would cost two points in hand to the
    4's one."""
    game = position(
        ["G1 G1 M2 M2 B3 B3 G4 G4 M1 M1 B2 B2 S4 SWorld", rival],
        [(1, "S4 S4 S4"), (1, "S1 S2 S3"), (1, "BWorld GWorld MWorld")],
    )
    assert discarded(bot_turn(game)) == discard


def test_it_discards_the_extra_cards_a_miranda_brings_at_the_deal() -> None:
    """Seat 0 is dealt the Miranda with two extra draws (a Senior Gold and a Mariner 4, after a
    Senior 4 replaces the Miranda): before play it discards the lone Gold and the Senior 4,
    which both need two more cards, and keeps its pairs and the Mariner 2-3-4."""
    cards = Cards()
    hands = [
        cards.many("Mi2 G1 G1 M2 M2 S3 S3 B4 B4 G2 G2 M3 M3"),
        cards.many("B1 B2 B3 BGold GColors MWorld SBanner G4 M1 S1 S2 B1 B2"),
    ]
    pack = cards.many("S4 SGold M4")  # the Miranda's replacement, then the two extra draws
    order = [hands[seat][i] for i in range(13) for seat in (1, 0)]
    rest = [cid for cid in range(DECK_SIZE) if cid not in cards.used]
    rest.sort(key=lambda cid: DECK[cid].special)  # no more specials come up
    setup = get_game("trupe").setup(2, {"target": 1000}, 7, 0)
    game = Trupe(setup, stack=[*order, *pack, *rest])
    assert game.phase == "discard extra" and game.extra_due == [2, 0]
    dropped = []
    while game.phase == "discard extra":
        action = choose(game)
        dropped.append(DECK[action["cid"]].short)
        game.apply(0, action)
    assert sorted(dropped) == ["S4", "SGold"]


def test_after_a_miranda_it_pays_the_extra_discard() -> None:
    game = position(
        ["G1 G1 M2 M2 S3 S3 B4 B4 G2 G2 M3 M3 GWorld", FULL], phase=DISCARD, discards_due=1
    )
    action = choose(game)
    assert action["kind"] == "discard"
    assert DECK[action["cid"]].short == "GWorld"


# -- what it knows --------------------------------------------------------------------------------


def test_it_chooses_from_its_own_view_alone() -> None:
    """Two games that differ only in the rival's hand and the pack get the same choice, and the
    view is left as it was."""
    first = position([PAIRED, FULL], row="S1 G2 S3", phase=DRAW)
    second = position(
        [PAIRED, "B2 B2 B3 B3 M4 M4 GGold MGold SGold S3 B1 BColors G4"], row="S1 G2 S3", phase=DRAW
    )
    assert first.view(0) == second.view(0)
    assert first.hands[1] != second.hands[1]
    view = first.seat_view(0)
    before = copy.deepcopy(view)
    assert choose(first) == choose(second)
    HeuristicBot(1).choose(view, view.legal)
    assert view == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_only_legal_actions_in_whole_games(players: int) -> None:
    """Heuristic bots in every seat but one (a random bot) play games to their end."""
    for seed in range(2):
        game = new_game("trupe", players, {"target": 100}, seed=seed)
        bots: list[Bot[Any]] = [
            RandomBot(seed) if seat == seed % players else HeuristicBot(seed * 10 + seat)
            for seat in range(players)
        ]
        while not game.over:
            seat = game.actors[0]
            view = game.seat_view(seat)
            action = bots[seat].choose(copy.deepcopy(view), view.legal)
            assert action in view.legal
            game.apply(seat, action)
        assert game.result is not None


# -- strength -----------------------------------------------------------------------------------


def test_it_beats_the_random_bot_by_a_wide_margin() -> None:
    """24 two-player games (12 deals, each with the seats swapped): the bot wins nearly all of
    them, scoring far more a hand (it won all of 400 such games when measured)."""
    wins, mine, theirs, hands = 0.0, 0, 0, 0
    for seed in range(12):
        for hero in (0, 1):
            game = new_game("trupe", 2, seed=seed)
            bots = [
                HeuristicBot(seed) if seat == hero else RandomBot(seed * 7 + seat)
                for seat in range(2)
            ]
            play_out(game, bots)
            assert game.result is not None
            if hero in game.result.winning_seats:
                wins += 1 / len(game.result.winning_seats)
            mine += game.totals[hero]
            theirs += game.totals[1 - hero]
            hands += len(game.round_scores)
    assert wins / 24 >= 0.9
    assert (mine - theirs) / hands >= 10
