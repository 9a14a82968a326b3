"""A game's rules, from its package's ``rules.md`` (`GameSpec.rules_text`), shown as Markdown,
as the table plays them.

A rules file marks each figure that comes from a game option with an HTML comment right after
it, ``1000<!--option target-->``: on screen the figure becomes the table's own value of that
option, and a line under the title says what the table's options are. Comments are not shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer

from cardtable.client.ui.keys_screen import KEYS
from cardtable.engine import get_game
from cardtable.engine.options import OptionError, OptionSpec, resolve_options

#: A figure that comes from an option: the figure, then the option's name in a comment.
OPTION_FIGURE = re.compile(r"([\w.–-]+)<!--\s*option\s+(\w+)\s*-->")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def option_words(spec: OptionSpec, value: object) -> str:
    """An option's value as the rules write it: ``on`` / ``off`` for a switch."""
    if spec.kind == "bool":
        return "on" if value else "off"
    return str(value)


def offered_options(game: str, options: Mapping[str, object]) -> dict[str, object]:
    """`options` but those the game does not offer players (kept for stored games only)."""
    try:
        hidden = {spec.name for spec in get_game(game).options if not spec.offered}
    except OptionError:
        hidden = set()
    return {name: value for name, value in options.items() if name not in hidden}


def options_shown(game: str, options: Mapping[str, object]) -> list[str]:
    """The options players chose, as the lobby lists them: ``strict: off``, ``decks: 2``."""
    return [
        f"{name}: {('on' if value else 'off') if isinstance(value, bool) else value}"
        for name, value in offered_options(game, options).items()
    ]


def rules_markdown(game: str, title: str, options: Mapping[str, object] | None = None) -> str:
    """The rules of `game` as Markdown, with the figures of `options` (the table's; None: the
    defaults, and no line about the table), or a note when they cannot be read."""
    try:
        text = get_game(game).rules_text.read_text(encoding="utf-8")
    except (OptionError, OSError):
        return f"# {title}\n\nThe rules of {title} did not come with this copy of cardtable."
    return for_table(text, game, options)


def for_table(markdown: str, game: str, options: Mapping[str, object] | None) -> str:
    """`markdown` with each marked figure given as the table's value of its option, a line
    under the title with those values (when `options` are given), and no comments."""
    try:
        specs = {spec.name: spec for spec in get_game(game).options if spec.offered}
        values = resolve_options(tuple(specs.values()), offered_options(game, options or {}))
    except OptionError:
        specs, values = {}, {}

    def figure(found: re.Match[str]) -> str:
        spec = specs.get(found[2])
        if spec is None or options is None:
            return found[1]
        return option_words(spec, values[spec.name])

    text = COMMENT.sub("", OPTION_FIGURE.sub(figure, markdown))
    if options is None or not specs:
        return text
    chosen = ", ".join(
        f"`{name}` {option_words(spec, values[name])}" for name, spec in specs.items()
    )
    title, _, rest = text.partition("\n")
    return f"{title}\n\n**At this table:** {chosen}.\n{rest}"


class RulesScreen(ModalScreen[None]):
    """Scrollable rules; escape or ? closes them. Without `options` given, the rules take the
    options of the table under this screen, if it plays the same game."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close"), *KEYS]

    def __init__(self, game: str, title: str, options: Mapping[str, object] | None = None) -> None:
        super().__init__()
        self.game = game
        self.game_title = title
        self.options = options
        self.markdown = rules_markdown(game, title, options)

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.markdown, id="rules", show_table_of_contents=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
