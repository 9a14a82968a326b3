"""The deck as data: the standard edition matches the rulings' table, edition tables are read
with clear errors, and another edition plays a whole game."""

from __future__ import annotations

import pytest

from cardtable.engine import Event, GameAction, OptionError, RandomBot, get_game, new_game, play_out
from cardtable.engine.queen_of_scots.edition import (
    EDITIONS,
    ROYAL_FAMILY,
    STANDARD,
    STANDARD_TABLE,
    Edition,
    EditionError,
    parse_edition,
)
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from tests.queen_of_scots.position import (
    assert_conserved,
    card_wire,
    cards,
    hand,
    kinds,
    labels,
    new,
    set_labels,
    stacked,
)

#: The rulings' table, written out again: (name, copies, value, type).
RULINGS_DECK = [
    ("Mary Seton", 8, 5, "character"),
    ("Lord Ruthven", 8, 5, "character"),
    ("William Maitland", 8, 5, "character"),
    ("David Rizzio", 8, 10, "character"),
    ("Cardinal Beaton", 8, 10, "character"),
    ("Earl of Arran", 8, 10, "character"),
    ("John Knox", 8, 15, "character"),
    ("Earl of Bothwell", 8, 15, "character"),
    ("King James", 8, 20, "royal"),
    ("Lord Darnley", 4, 20, "royal"),
    ("Mary of Guise", 4, 25, "royal"),
    ("Mary, Queen of Scots", 4, 30, "royal"),
    ("Crown Jewels", 6, 50, "wild"),
]

#: A smaller edition of another table: two characters, two royals and a wild card.
SMALL_TABLE = """
# A small edition: 44 cards.
Piper | Piper | 14 |  5 | character
Bard  | Bard  | 14 | 10 | character

Laird | Laird |  6 | 20 | royal
Lady  | Lady  |  6 | 30 | royal
Gem   | Gem   |  4 | 40 | wild
"""
SMALL = parse_edition("small", SMALL_TABLE)

#: An edition with no royals and no wild cards at all.
PLAIN = parse_edition(
    "plain",
    "\n".join(f"Clan {n} | C{n} | 12 | {5 * n} | character" for n in range(1, 6)),
)


# -- the standard edition -----------------------------------------------------------------------


def test_the_standard_deck_has_90_playing_cards() -> None:
    assert len(STANDARD) == 90
    assert [card.cid for card in STANDARD.cards] == list(range(90))
    assert sum(copies for _, copies, _, _ in RULINGS_DECK) == 90
    assert new(2).card_count() == 90


def test_the_standard_deck_matches_the_rulings_table() -> None:
    found: list[tuple[str, int, int, str]] = []
    for card in STANDARD.cards:
        if not found or found[-1][0] != card.name:
            found.append((card.name, 0, card.value, card.type))
        name, copies, value, card_type = found[-1]
        assert (value, card_type) == (card.value, card.type), card.name
        found[-1] = (name, copies + 1, value, card_type)
    assert found == RULINGS_DECK


def test_card_ids_follow_the_table() -> None:
    ranges = {
        "Seton": range(0, 8),
        "Ruthven": range(8, 16),
        "Maitland": range(16, 24),
        "Rizzio": range(24, 32),
        "Beaton": range(32, 40),
        "Arran": range(40, 48),
        "Knox": range(48, 56),
        "Bothwell": range(56, 64),
        "James": range(64, 72),
        "Darnley": range(72, 76),
        "Guise": range(76, 80),
        "Mary": range(80, 84),
        "Jewels": range(84, 90),
    }
    for short, cids in ranges.items():
        assert [card.cid for card in STANDARD.cards if card.short == short] == list(cids)


def test_the_royalty_reference_cards_are_not_dealt() -> None:
    assert {card.type for card in STANDARD.cards} == {"character", "royal", "wild"}
    assert not any("reference" in card.name.lower() for card in STANDARD.cards)
    game = new_game("queen-of-scots", 4, seed=3)
    assert isinstance(game, QueenOfScots)
    dealt = sum(len(hand) for hand in game.hands) + len(game.pile) + len(game.stock)
    assert dealt == 90 == 4 * 11 + 1 + 45
    assert_conserved(game)


def test_values_wires_and_match_keys() -> None:
    assert STANDARD.values == (5, 10, 15, 20, 25, 30, 50)
    assert card_wire(82) == {
        "cid": 82,
        "name": "Mary, Queen of Scots",
        "short": "Mary",
        "value": 30,
        "type": "royal",
    }
    assert STANDARD.cards[82].match == ROYAL_FAMILY and STANDARD.cards[82].royal
    assert STANDARD.cards[50].match == "John Knox" and not STANDARD.cards[50].wild
    assert STANDARD.cards[85].match is None and STANDARD.cards[85].wild
    wire = card_wire(0)
    wire["value"] = 999
    assert card_wire(0)["value"] == 5  # a wire is a copy


def test_hands_are_sorted_characters_then_royals_then_jewels() -> None:
    assert labels(STANDARD.sorted([86, 81, 3, 65, 50, 74, 1, 49])) == (
        "Seton Seton Knox Knox James Darnley Mary Jewels"
    )


def test_the_standard_table_reads_the_same_every_time() -> None:
    assert parse_edition("standard", STANDARD_TABLE).cards == STANDARD.cards


def test_the_edition_option_offers_the_editions() -> None:
    assert EDITIONS == {"standard": STANDARD}
    option = next(o for o in get_game("queen-of-scots").options if o.name == "edition")
    assert option.default == "standard" and option.choices == ("standard",)
    game = new_game("queen-of-scots", 2, {"edition": "standard"})
    assert game.view(None)["table"]["edition"] == "standard"
    with pytest.raises(OptionError) as refusal:
        new_game("queen-of-scots", 2, {"edition": "deluxe"})
    assert str(refusal.value) == "Option 'edition' must be one of standard, not 'deluxe'."


# -- reading a table ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("Piper | Piper | 2 | 5", "line 1: expected 5 columns, found 4"),
        ("Piper | Piper | 2 | 5 | character | x", "line 1: expected 5 columns, found 6"),
        ("Piper | Piper | 2 | 5 | joker", "line 1: type must be one of character, royal, wild"),
        ("Piper | Piper | two | 5 | character", "line 1: copies and value must be numbers"),
        ("Piper | Piper | 2 | 5.5 | character", "line 1: copies and value must be numbers"),
        ("Piper | Piper | 0 | 5 | character", "line 1: a card needs at least one copy"),
        ("", "an edition needs cards"),
        ("# nothing but a comment\n\n", "an edition needs cards"),
        (
            "# a comment\nPiper | Piper | 2 | 5 | character\n\nBard | Bard | 2 | 5 | bard",
            "line 4: type must be one of character, royal, wild",
        ),
    ],
)
def test_parse_edition_errors_name_the_line(table: str, message: str) -> None:
    with pytest.raises(EditionError) as refusal:
        parse_edition("broken", table)
    assert str(refusal.value) == message
    assert isinstance(refusal.value, ValueError)


def test_parse_edition_reads_names_copies_values_and_types() -> None:
    assert SMALL.name == "small" and len(SMALL) == 44
    assert [card.cid for card in SMALL.cards] == list(range(44))
    assert SMALL.values == (5, 10, 20, 30, 40)
    assert [(c.name, c.short, c.value, c.type) for c in SMALL.cards[28:29]] == [
        ("Laird", "Laird", 20, "royal")
    ]
    assert sum(card.wild for card in SMALL.cards) == 4
    assert {card.match for card in SMALL.cards if card.royal} == {ROYAL_FAMILY}
    assert labels(SMALL.sorted([43, 34, 28, 14, 0]), SMALL) == "Piper Bard Laird Lady Gem"


def test_a_stacked_deck_must_hold_every_card_of_the_edition_once() -> None:
    with pytest.raises(ValueError, match="every card exactly once"):
        new(2, stack=list(range(89)))
    with pytest.raises(ValueError, match="every card exactly once"):
        new(2, stack=[0, 0, *range(2, 90)])
    with pytest.raises(ValueError, match="every card exactly once"):
        new(2, stack=list(range(90)), edition=SMALL)
    game = new(2, stack=list(range(44)), edition=SMALL)
    assert game.card_count() == 44 and len(game.stock) == 44 - 23


def test_an_edition_too_small_for_the_table_is_refused() -> None:
    new(3, edition=SMALL)  # 44 cards: three hands of 11, the upcard, and 10 in the stock
    with pytest.raises(ValueError, match="4 players need more than 45"):
        new(4, edition=SMALL)


def test_the_spec_refuses_an_edition_too_small_for_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardtable.engine.queen_of_scots import check

    monkeypatch.setitem(EDITIONS, "small", SMALL)
    check(3, {"edition": "small", "target": 1000})
    with pytest.raises(OptionError, match="The small edition has 44 cards, too few to deal to 4"):
        check(4, {"edition": "small", "target": 1000})


# -- another edition plays ----------------------------------------------------------------------


def test_another_edition_follows_the_same_rules() -> None:
    game = stacked(["Laird Lady Bard", "Piper Piper"], "Lady", "Gem", edition=SMALL, dealer=1)
    assert game.edition is SMALL and game.view(0)["table"]["edition"] == "small"
    assert hand(game, 0).split()[-3:] == ["Bard", "Laird", "Lady"]
    # Any royal matches any royal in this edition too: Laird and Lady take the Lady on top.
    game.apply(0, {"kind": "take", "cids": cards(game, 0, "Laird Lady")})
    assert set_labels(game) == {0: (0, "Lady Laird Lady")}
    assert game.view(1)["table"]["sets"][0]["value"] == 80
    game.apply(0, {"kind": "discard", "cid": cards(game, 0, "Bard")[0]})
    assert_conserved(game)


def conserved_after_every_action(game: QueenOfScots) -> list[str]:
    """Play `game` out with random bots, checking the cards after every action; the event kinds."""
    seen: list[str] = []

    def check(seat: int, action: GameAction, events: list[Event]) -> None:
        assert_conserved(game)
        seen.extend(kinds(events))

    play_out(game, [RandomBot(seat) for seat in range(game.seats)], on_action=check)
    return seen


@pytest.mark.parametrize(
    ("edition", "seats", "seed"), [(SMALL, 2, 0), (SMALL, 3, 3), (PLAIN, 2, 1), (PLAIN, 4, 2)]
)
def test_another_edition_plays_a_complete_game(edition: Edition, seats: int, seed: int) -> None:
    game = new(seats, dealer=seats - 1, target=300, seed=seed, edition=edition)
    assert game.card_count() == len(edition)
    assert_conserved(game)
    seen = conserved_after_every_action(game)
    assert game.result is not None and "game_end" in seen
    assert seen.count("round_end") == len(game.round_scores) >= 2
    assert seen.count("deal") == len(game.round_scores) - 1  # the first deal opened the game
    every_line = [f"On the table at {v}" for v in edition.values]
    every_line += [f"In hand at {v}" for v in edition.values]
    for score in game.round_scores:
        labels = [line.label for line in score.lines[0]]
        # The edition's lines in their order, less those that count nothing for anybody.
        assert labels == [label for label in every_line if label in labels]
        for seat_lines in score.lines:
            assert [line.label for line in seat_lines] == labels
        for index in range(len(labels)):
            assert any(seat_lines[index].count for seat_lines in score.lines)
    for seat in range(seats):
        assert game.result.totals[seat] == sum(score.points[seat] for score in game.round_scores)
    assert max(game.result.totals) >= 300
    assert len(game.result.winners) == 1
    # Every card the table shows belongs to the edition.
    table = game.view(None)["table"]
    shown = [*table["pile"], *(w for group in table["sets"] for w in group["cards"])]
    assert all(wire == card_wire(wire["cid"], edition) for wire in shown)
