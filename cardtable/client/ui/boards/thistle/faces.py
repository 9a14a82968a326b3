"""How Thistle's cards, groups and books look on the board: clan colours, faces and words."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import clicks
from cardtable.client.ui.cards import BLACK_INK, CHANGED, CHANGED_MARK, SELECTED_FACE
from cardtable.engine.thistle.cards import CARD_POINTS, CLAN_NAMES, ThistleCard, clan_name
from cardtable.engine.thistle.types import BookView, Captured, GroupView, ThistleTable

ARMS_SIGN = "⚜"
CASTLE_SIGN = "♜"
STAR = "★"
#: Each clan's colours (background, text), clan 1 first: red, orange, gold, green, blue,
#: purple, pink, teal, lime, tan. The text keeps 4.5:1 on its colour, and 3:1 when dimmed.
CLAN_COLOURS = (
    ("#af0000", "#ffffff"),
    ("#d75f00", "#000000"),
    ("#d7af00", "#000000"),
    ("#005f00", "#ffffff"),
    ("#005fd7", "#ffffff"),
    ("#5f00d7", "#ffffff"),
    ("#af0087", "#ffffff"),
    ("#008787", "#000000"),
    ("#5fd700", "#000000"),
    ("#d7af87", "#000000"),
)
CASTLE_STYLE = Style(color="#ffffff", bgcolor="#585858", bold=True)
SELECTED_STYLE = Style(color=BLACK_INK, bgcolor=SELECTED_FACE, bold=True)
TEAM_COLOURS = ("dodger_blue1", "orchid")
#: The colour of a group you may capture, and of one you may add to.
CAPTURE, BUILD = "green3", "turquoise2"
BOOK_WORDS = {"perfect": "perfect", "castle": "Castle", "thistle": "Thistle"}


def clan_style(clan: int) -> Style:
    background, colour = CLAN_COLOURS[(clan - 1) % len(CLAN_COLOURS)]
    return Style(color=colour, bgcolor=background, bold=True)


def card_style(card: ThistleCard) -> Style:
    """A card's colours: its clan's (a Castle's grey)."""
    return CASTLE_STYLE if card.clan is None else clan_style(card.clan)


def short_name(clan: int) -> str:
    """A clan's name in four letters: ``MacD``, ``Camp``."""
    return CLAN_NAMES[clan - 1][:4]


def face(card: ThistleCard, *, full: bool = False) -> str:
    """A hand card: `` 4 Camp``, `` ⚜ Camp`` (arms), ``♜Castle`` in seven cells; with the
    clan's `full` name, `` 4 Campbell``."""
    if card.clan is None:
        return f"{CASTLE_SIGN}Castle"
    name = clan_name(card.clan) if full else short_name(card.clan)
    mark = ARMS_SIGN if card.kind == "arms" else card.clan
    return f"{mark:>2} {name}"


def card_words(card: ThistleCard) -> str:
    """``4 Campbell``, ``⚜Campbell arms``, ``♜Castle``."""
    if card.clan is None:
        return f"{CASTLE_SIGN}Castle"
    if card.kind == "arms":
        return f"{ARMS_SIGN}{clan_name(card.clan)} arms"
    return f"{card.clan} {clan_name(card.clan)}"


def bonus_words(bonus: ThistleCard, clan: int, *, short: bool = False) -> str:
    """A group's bonus card: ``⚜Grant``, ``⚜Campbell★`` (its own clan's: perfect), ``♜Castle``;
    `short`: ``⚜Gran``, ``⚜Camp★``, ``♜``."""
    if bonus.clan is None:
        return CASTLE_SIGN if short else f"{CASTLE_SIGN}Castle"
    name = short_name(bonus.clan) if short else clan_name(bonus.clan)
    return ARMS_SIGN + name + (STAR if bonus.clan == clan else "")


def book_words(book: BookView, *, short: bool = False) -> str:
    """``Campbell book, perfect, 300``; ``Grant book, Douglas arms, 150``; `short`:
    ``Campbell 300``."""
    if short:
        return f"{clan_name(book.clan)} {book.value}"
    words = BOOK_WORDS.get(book.kind)
    if words is None:
        arms = book.bonus.clan if book.bonus is not None else None
        words = f"{clan_name(arms or 0)} arms"
    return f"{clan_name(book.clan)} book, {words}, {book.value}"


def set_aside_words(card: ThistleCard) -> str:
    """A set-aside card in brief: ``♜Castle``, ``⚜Grant``."""
    if card.clan is None:
        return f"{CASTLE_SIGN}Castle"
    return ARMS_SIGN + clan_name(card.clan)


def card_points(card: ThistleCard) -> int:
    return CARD_POINTS[card.kind]


def seat_points(table: ThistleTable, seat: int) -> int:
    """What a seat's table shows this hand: its books, its open groups, less its set-aside cards
    (the cards in hand are counted only at the end)."""
    points = sum(book.value for book in table.books if book.owner == seat)
    for group in table.groups:
        if group.owner == seat:
            cards = (*group.cards, *(() if group.bonus is None else (group.bonus,)))
            points += sum(card_points(card) for card in cards)
    return points - sum(card_points(card) for card in table.orphans[seat])


def card_text(
    card: ThistleCard,
    *,
    playable: bool = True,
    selected: bool = False,
    full: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side: its clan's colours (a Castle grey), its letters
    dimmed when it cannot be played; yellow in brackets when selected. `full`: the clan's
    whole name."""
    style = SELECTED_STYLE if selected else card_style(card) + Style(dim=not playable)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if selected else (" ", " ")
    return Text(f"{left}{face(card, full=full)}{right}", style=style)


def changed_mark(changed: bool) -> Text:
    """The mark of something the others changed since our last move (or nothing)."""
    return Text(CHANGED_MARK, style=CHANGED) if changed else Text()


def group_text(
    group: GroupView,
    key: str | None,
    colour: str,
    *,
    short: bool = False,
    tight: bool = False,
    numbers: bool = False,
    changed: bool = False,
) -> Text:
    """``a 4 Campbell ×2! +⚜Grant``: the letter if you can act on it, the clan in its colours,
    the Clan-card count (``!``: exposed to capture), the bonus card; ``•`` first when the others
    made or changed it since our last move. `short`: ``a 4 Camp ×2! +⚜Gran``; `tight` too:
    ``a 4 Camp×2!+⚜Gran``; `numbers`: ``a 4×2!+⚜``."""
    text = changed_mark(changed)
    if key:
        text.append(key, style=Style(color=BLACK_INK, bgcolor=colour, bold=True))
        text.append(" ")
    clan = group.clan
    name = short_name(clan) if short else clan_name(clan)
    text.append(f"{clan}" if numbers else f"{clan} {name}", style=clan_style(clan))
    rest = Style(color=colour, bold=True) if key else Style()
    space = "" if tight else " "
    text.append(f"{space}×{group.size}", style=rest)
    if group.size in (2, 3):
        text.append("!", style="bold orange1")
    bonus = group.bonus
    if bonus and numbers:
        sign = CASTLE_SIGN if bonus.kind == "castle" else ARMS_SIGN
        text.append(f"+{sign}" + (STAR if bonus.clan == clan else ""), style=rest)
    elif bonus:
        text.append(f"{space}+" + bonus_words(bonus, clan, short=short), style=rest)
    text.stylize(clicks(("group", group.id)))
    return text


def lost_text(capture: Captured, taker: str, *, short: bool, tight: bool) -> Text:
    """A group this seat lost to a capture since our last move: ``•Campbell ×3 to Bram``;
    `tight`: ``•Camp×3→Bram``."""
    clan = capture.clan
    name = short_name(clan) if short else clan_name(clan)
    size = len([card for card in capture.taken if card.kind == "clan"])
    text = changed_mark(True)
    text.append(f"{name}{'' if tight else ' '}×{size}", style=Style(strike=True))
    text.append(f"→{taker.removesuffix(' (bot)')}" if tight else f" to {taker}")
    return text


def book_text(book: BookView, *, short: bool = False) -> Text:
    """A closed book: its clan in its colours, the kind and the value (`short`: the value)."""
    text = Text(book_words(book, short=short))
    text.stylize(clan_style(book.clan), 0, len(clan_name(book.clan)))
    return text
