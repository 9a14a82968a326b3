"""How a seated player's rating is shown beside their name, in the lobby and at the table:
`` · 12``, dim (nothing for a player without a rating in the table's game)."""

from __future__ import annotations

from rich.text import Text

from cardtable.protocol import SeatSummary, TableSettings


def rating_mark(seat: SeatSummary) -> Text:
    """`` · 12`` after a rated player's name; empty for one who has no rating."""
    if seat.rating is None:
        return Text()
    return Text(f" · {seat.rating.rating}", style="dim")


def rated_words(settings: TableSettings) -> str:
    """Whether the table's games change ratings, and at an unrated table whether it offers
    hints (a rated one never does), in a few words: a line each."""
    if settings.rated:
        return "Rated (· n: a rating)"
    return "Unrated (practice)\n" + ("Hints on" if settings.hints else "No hints")
