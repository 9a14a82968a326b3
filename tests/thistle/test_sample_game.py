"""The Sample Partnership Game of the rules, replayed turn by turn (ruling 20).

A and C (seats 0 and 2) play B and D (seats 1 and 3); D deals, so A plays first. The four hands
are dealt as the rules give them and the draw pile is stacked in the order the play implies.
Every turn is played as described; the counts are checked along the way, and the hand must
end with A going out and the scores A–C 1320, B–D 385 with the rules' breakdown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardtable.engine import Event, get_game
from cardtable.engine.thistle.cards import ARMS, CASTLE, CLAN, DECK, arms_of, castles, clan_cards
from cardtable.engine.thistle.groups import Group
from cardtable.engine.thistle.phases import PLACE, PLAY, START
from cardtable.engine.thistle.rules import Thistle
from tests.thistle.position import public

A, B, C, D = 0, 1, 2, 3

#: A card as the sample names it: a clan number, ("arms", clan) or "castle".
Spec = int | tuple[str, int] | str

HANDS: dict[int, list[Spec]] = {
    A: [("arms", 4), 4, 4, 6, 2, "castle"],
    B: [7, 6, 1, 1, ("arms", 8), "castle"],
    C: [9, 6, 6, 4, 1, 1],
    D: [10, 8, 5, 3, 2, ("arms", 9)],
}


@dataclass
class Turn:
    """One turn of the sample: a regular turn (first draw, plays, second draw) or a capture."""

    seat: int
    draw: Spec | None = None
    to_hand: Spec | None = None
    #: Where a drawn card goes when it has a choice: the owner and clan of the group.
    place: tuple[int, int] | None = None
    #: Cards played from hand: (card, owner of the group, clan of the group).
    plays: list[tuple[Spec, int, int]] = field(default_factory=list)
    #: A capture: (owner of the group, its clan, the orphan added or None).
    capture: tuple[int, int, Spec | None] | None = None


ROUNDS: list[list[Turn]] = [
    [  # I
        Turn(A, draw=("arms", 3), to_hand=6),
        Turn(B, draw=10, to_hand=3),
        Turn(C, draw=6, to_hand=3),
        Turn(D, draw=("arms", 2), to_hand=10),
    ],
    [  # II
        Turn(A, draw=4, to_hand=4),
        Turn(B, draw="castle", to_hand=4),
        Turn(C, draw=9, to_hand=6),
        Turn(D, draw=8, to_hand=2),
    ],
    [  # III
        Turn(A, draw=8, plays=[(4, A, 4), (4, A, 4), (4, A, 4), (("arms", 4), A, 4)], to_hand=7),
        Turn(B, draw=2, to_hand=5),
        Turn(C, draw=3, plays=[(4, A, 4), (6, C, 6), (6, C, 6), (6, C, 6)], to_hand=7),
        Turn(D, draw=4, to_hand=8),
    ],
    [  # IV
        Turn(A, draw=3, plays=[(6, C, 6), (6, C, 6), ("castle", C, 6)], to_hand="castle"),
        Turn(B, draw=7, to_hand=1),
        Turn(C, draw=7, to_hand=8),
        Turn(D, draw=10, to_hand=10),
    ],
    [  # V
        Turn(A, draw=1, to_hand=("arms", 7)),
        Turn(B, draw=5, plays=[(("arms", 8), D, 8)], to_hand=8),
        Turn(C, draw=8, to_hand=3),
        Turn(D, draw=10, plays=[(10, D, 10), (10, D, 10), (10, D, 10)], to_hand=9),
    ],
    [  # VI
        Turn(A, draw=1, plays=[(("arms", 7), C, 7)], to_hand=2),
        Turn(B, capture=(A, 1, None)),
        Turn(C, draw=2, to_hand=("arms", 6)),
        Turn(D, draw=10, to_hand=7),
    ],
    [  # VII
        Turn(A, draw=8, to_hand="castle"),
        Turn(B, draw=1, plays=[(1, B, 1), ("castle", B, 1)], to_hand="castle"),
        Turn(C, draw=10, plays=[(8, A, 8)], to_hand=9),
        Turn(D, draw=3, plays=[(8, D, 8), (8, D, 8)], to_hand=7),
    ],
    [  # VIII
        Turn(A, draw=4, to_hand=2),
        Turn(B, draw=10, plays=[(8, D, 8)], to_hand=3),
        Turn(C, draw=9, plays=[(9, C, 9), (9, C, 9), (("arms", 6), C, 9)], to_hand=3),
        Turn(D, draw=("arms", 5), place=(D, 4), to_hand=1),
    ],
    [  # IX
        Turn(A, draw=7, to_hand=8),
        Turn(B, draw=2, plays=[(4, D, 4), ("castle", B, 5)], to_hand=7),
        Turn(C, draw=9, plays=[(3, C, 3), (3, C, 3), (3, C, 3)], to_hand=6),
        Turn(D, capture=(B, 2, ("arms", 2))),
    ],
    [  # X: A goes out
        Turn(
            A,
            draw=4,
            plays=[
                (2, C, 2),
                (2, C, 2),
                (2, C, 2),
                ("castle", C, 2),
                (8, A, 8),
                (7, A, 7),
                ("castle", A, 8),
            ],
        ),
    ],
]


class Cards:
    """Hands out concrete card ids for the sample's card names, each id once."""

    def __init__(self) -> None:
        self.free: dict[Any, list[int]] = {
            ("clan", clan): list(clan_cards(clan)) for clan in range(1, 11)
        }
        self.free.update({("arms", clan): [arms_of(clan)] for clan in range(1, 11)})
        self.free["castle"] = list(castles())

    def take(self, spec: Spec) -> int:
        key = ("clan", spec) if isinstance(spec, int) else spec
        return self.free[key].pop(0)

    def rest(self) -> list[int]:
        return [cid for pool in self.free.values() for cid in pool]


def pile_order() -> Iterator[Spec]:
    """Every card drawn in the sample, in order: the pile from the top down."""
    for turns in ROUNDS:
        for turn in turns:
            for spec in (turn.draw, turn.to_hand):
                if spec is not None:
                    yield spec


def sample_game() -> Thistle:
    cards = Cards()
    hands = {seat: [cards.take(spec) for spec in specs] for seat, specs in HANDS.items()}
    dealt = [hands[seat][index] for index in range(6) for seat in (A, B, C, D)]
    pile = [cards.take(spec) for spec in pile_order()]
    setup = get_game("thistle").setup(4, {"partnership": True}, seed=0, dealer=D)
    return Thistle(setup, stack=[*dealt, *pile, *cards.rest()])


def matches(cid: int, spec: Spec) -> bool:
    card = DECK[cid]
    if isinstance(spec, int):
        return card.kind == CLAN and card.clan == spec
    if spec == "castle":
        return card.kind == CASTLE
    return card.kind == ARMS and (ARMS, card.clan) == (spec[0], spec[1])


class Table:
    """Plays the sample on a game, checking each turn's draws against the rules' text."""

    def __init__(self) -> None:
        self.game = sample_game()
        self.events: list[Event] = list(self.game.opening_events)
        self.seen = 0

    def act(self, action: dict[str, Any]) -> None:
        self.events += self.game.apply(self.game.turn, action)

    def group(self, owner: int, clan: int) -> Group:
        found = [g for g in self.game.groups.values() if g.owner == owner and g.clan == clan]
        assert len(found) == 1, f"seat {owner} should have one open group of clan {clan}"
        return found[0]

    def hand_card(self, seat: int, spec: Spec) -> int:
        return next(cid for cid in self.game.hands[seat] if matches(cid, spec))

    def play_turn(self, turn: Turn) -> None:
        game = self.game
        start = next(
            index
            for index in range(self.seen, len(self.events))
            if self.events[index].kind == "turn" and public(self.events[index])["seat"] == turn.seat
        )
        self.seen = start + 1
        assert (game.turn, game.phase) == (turn.seat, START)
        if turn.capture is not None:
            owner, clan, orphan = turn.capture
            action: dict[str, Any] = {"kind": "capture", "group": self.group(owner, clan).id}
            if orphan is not None:
                action["orphan"] = next(c for c in game.orphans[turn.seat] if matches(c, orphan))
            self.act(action)
        else:
            self.act({"kind": "draw"})
            if turn.place is not None:
                assert game.phase == PLACE
                self.act({"kind": "place", "group": self.group(*turn.place).id})
            for spec, owner, clan in turn.plays:
                assert (game.turn, game.phase) == (turn.seat, PLAY)
                cid = self.hand_card(turn.seat, spec)
                self.act({"kind": "play", "cid": cid, "group": self.group(owner, clan).id})
            if not game.awaiting_deal:
                self.act({"kind": "end"})
        self.check_draws(turn, self.turn_events(start))

    def turn_events(self, start: int) -> list[Event]:
        end = next(
            (i for i in range(start + 1, len(self.events)) if self.events[i].kind == "turn"),
            len(self.events),
        )
        return self.events[start:end]

    @staticmethod
    def check_draws(turn: Turn, events: Sequence[Event]) -> None:
        draws = [public(event)["card"]["cid"] for event in events if event.kind == "draw"]
        to_hand = [
            event.for_seat(turn.seat)["card"]["cid"]
            for event in events
            if event.kind == "draw_hand"
        ]
        assert len(draws) == (turn.draw is not None)
        assert len(to_hand) == (turn.to_hand is not None)
        if turn.draw is not None:
            assert matches(draws[0], turn.draw)
        if turn.to_hand is not None:
            assert matches(to_hand[0], turn.to_hand)

    def shape(self, owner: int, clan: int) -> tuple[int, str | None]:
        """A group's Clan cards and its bonus card, e.g. (4, "arms 4") or (2, None)."""
        group = self.group(owner, clan)
        if group.bonus is None:
            return group.size, None
        bonus = DECK[group.bonus]
        return group.size, "castle" if bonus.kind == CASTLE else f"arms {bonus.clan}"

    def books(self) -> list[tuple[int, int, str, int]]:
        return [(b.owner, b.clan, b.kind, b.value) for b in self.game.books]


def played_to(table: Table, rounds: int) -> Table:
    for turns in ROUNDS[:rounds]:
        for turn in turns:
            table.play_turn(turn)
    return table


@pytest.fixture
def table() -> Table:
    return Table()


def spec_of(cid: int) -> Spec:
    card = DECK[cid]
    if card.kind == CLAN:
        return card.clan or 0
    return "castle" if card.kind == CASTLE else ("arms", card.clan or 0)


def test_the_deal_gives_the_four_hands_and_a_plays_first(table: Table) -> None:
    game = table.game
    deal = game.opening_events[0]
    assert deal.kind == "deal" and public(deal)["pile"] == 106 - 24
    for seat, specs in HANDS.items():
        held = [spec_of(card["cid"]) for card in deal.for_seat(seat)["hand"]]
        assert sorted(held, key=repr) == sorted(specs, key=repr)
    assert game.dealer == D
    assert (game.turn, game.phase) == (A, START)
    assert game.legal_actions(A) == [{"kind": "draw"}]


def test_round_one_sets_two_coats_of_arms_aside(table: Table) -> None:
    played_to(table, 1)
    game = table.game
    assert [DECK[cid].label for cid in game.orphans[A]] == ["Grant arms"]
    assert [DECK[cid].label for cid in game.orphans[D]] == ["Scott arms"]
    assert table.shape(B, 10) == (1, None)
    assert table.shape(C, 6) == (1, None)
    assert len(game.pile) == 82 - 8
    assert [len(hand) for hand in game.hands] == [7, 7, 7, 7]


def test_round_two_castle_goes_with_bs_ten(table: Table) -> None:
    played_to(table, 2)
    assert table.shape(B, 10) == (1, "castle")
    assert table.shape(A, 4) == (1, None)
    assert table.shape(C, 9) == (1, None)
    assert table.shape(D, 8) == (1, None)
    assert len(table.game.pile) == 66


def test_round_three_makes_fours_safe_and_partner_adds_to_them(table: Table) -> None:
    played_to(table, 3)
    assert table.shape(A, 4) == (5, "arms 4")
    assert table.shape(C, 6) == (4, None)
    assert table.shape(B, 2) == (1, None)
    assert [len(hand) for hand in table.game.hands] == [5, 9, 5, 9]


def test_round_four_closes_a_castle_book_on_the_partners_sixes(table: Table) -> None:
    played_to(table, 4)
    assert table.books() == [(C, 6, "castle", 200)]
    assert [DECK[cid].kind for cid in table.game.hands[A]] == ["clan", "clan", "castle"]


def test_round_six_b_captures_as_ones_and_d_makes_a_thistle(table: Table) -> None:
    played_to(table, 6)
    game = table.game
    assert not [g for g in game.groups.values() if g.owner == A and g.clan == 1]
    assert table.shape(B, 1) == (4, None)
    assert table.shape(C, 7) == (1, "arms 7")
    assert table.books() == [(C, 6, "castle", 200), (D, 10, "thistle", 100)]


def test_round_eight_a_makes_a_perfect_book_and_d_places_the_arms(table: Table) -> None:
    played_to(table, 8)
    assert table.books()[-1] == (A, 4, "perfect", 300)
    assert (B, 1, "castle", 200) in table.books()
    assert table.shape(D, 4) == (1, "arms 5")
    assert table.shape(D, 8) == (4, "arms 8")
    assert table.shape(C, 9) == (4, "arms 6")


def test_round_nine_d_captures_his_partners_twos_with_the_set_aside_arms(table: Table) -> None:
    played_to(table, 9)
    game = table.game
    assert table.shape(D, 2) == (4, "arms 2")
    assert game.orphans[D] == []
    assert table.shape(D, 4) == (2, "arms 5")
    assert table.shape(C, 3) == (4, None)
    assert table.shape(C, 9) == (5, "arms 6")


def test_a_goes_out_and_the_hand_scores_1320_to_385(table: Table) -> None:
    played_to(table, len(ROUNDS))
    game = table.game
    assert game.went_out == A
    assert game.hands[A] == []
    assert game.awaiting_deal
    score = game.round_scores[-1]
    assert score.sides == ((A, C), (B, D))
    assert score.points == (1320, 385)
    labels = [[line.label for line in side] for side in score.lines]
    assert labels[0] == labels[1], "both sides have the same lines in the same order"
    lines = [
        {line.label: (line.count, line.each) for line in side if line.count} for side in score.lines
    ]
    assert lines[0] == {
        "Perfect books (own arms)": (1, 300),
        "Castle books": (1, 200),
        "Clan cards on the table": (24, 5),
        "Coats of Arms on the table": (2, 10),
        "Castles on the table": (2, 25),
        "Clan cards left in hand": (4, -5),
        "Coats of Arms set aside": (1, -10),
        "Doubled for going out": (660, 1),
    }
    assert lines[1] == {
        "Castle books": (1, 200),
        "Thistle books (no bonus card)": (1, 100),
        "Clan cards on the table": (15, 5),
        "Coats of Arms on the table": (3, 10),
        "Castles on the table": (2, 25),
        "Clan cards left in hand": (12, -5),
        "Coats of Arms left in hand": (1, -10),
    }


def test_the_rules_breakdown_books_table_deductions_doubling(table: Table) -> None:
    """The rules' own figures: A–C books 500, table 190, minus 30, doubled; B–D books 300,
    table 155, minus 70."""
    played_to(table, len(ROUNDS))
    score = table.game.round_scores[-1]

    def part(side: int, words: str) -> int:
        return sum(line.points for line in score.lines[side] if words in line.label)

    assert part(0, "books") == 500 and part(1, "books") == 300
    assert part(0, "on the table") == 190 and part(1, "on the table") == 155
    assert part(0, "left in hand") + part(0, "set aside") == -30
    assert part(1, "left in hand") + part(1, "set aside") == -70
    assert part(0, "Doubled") == 660 and part(1, "Doubled") == 0
    assert table.game.totals == (1320, 385)
