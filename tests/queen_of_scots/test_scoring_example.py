"""The scoring example in cardtable/engine/queen_of_scots/rules.md, computed by the engine."""

from __future__ import annotations

from cardtable.engine.queen_of_scots.edition import ROYAL_FAMILY, STANDARD
from cardtable.engine.queen_of_scots.scoring import seat_lines
from cardtable.engine.queen_of_scots.sets import QueenSet


def cards(*names: str) -> list[int]:
    """Fresh card ids for card names, each name's copies in order."""
    used: set[int] = set()
    chosen = []
    for name in names:
        cid = next(c.cid for c in STANDARD.cards if c.name == name and c.cid not in used)
        used.add(cid)
        chosen.append(cid)
    return chosen


def test_ann_scores_her_table_minus_her_hand() -> None:
    dealt = cards(
        "John Knox",
        "John Knox",
        "John Knox",
        "King James",
        "Mary of Guise",
        "Crown Jewels",
        "Mary Seton",
        "Mary, Queen of Scots",
    )
    knox = QueenSet(0, 0, "John Knox", dealt[:3])
    royals = QueenSet(1, 0, ROYAL_FAMILY, dealt[3:6])
    lines = seat_lines(STANDARD, [knox, royals], dealt[6:])

    assert knox.value(STANDARD) == 45 and royals.value(STANDARD) == 95
    assert sum(line.points for line in lines) == 45 + 95 - 5 - 30 == 105
    counted = {line.label: line.points for line in lines if line.count}
    assert counted == {
        "On the table at 15": 45,
        "On the table at 20": 20,
        "On the table at 25": 25,
        "On the table at 50": 50,
        "In hand at 5": -5,
        "In hand at 30": -30,
    }
    # Every player's lines, counted or not, in one order (the round drops those nobody counts).
    assert [line.label for line in lines] == [
        *(f"On the table at {v}" for v in STANDARD.values),
        *(f"In hand at {v}" for v in STANDARD.values),
    ]
