"""A game's rules, from ``docs/rules/<game>.md``, shown as Markdown."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer

import cardtable

RULES_DIR = Path(cardtable.__file__).resolve().parent.parent / "docs" / "rules"


def rules_markdown(game: str, title: str) -> str:
    """The rules of `game` as Markdown, or a note saying where they should be."""
    path = RULES_DIR / f"{game}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {title}\n\nThe rules are in `docs/rules/{game}.md` in cardtable's source."


class RulesScreen(ModalScreen[None]):
    """Scrollable rules; escape or ? closes them."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, game: str, title: str) -> None:
        super().__init__()
        self.markdown = rules_markdown(game, title)

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.markdown, id="rules", show_table_of_contents=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
