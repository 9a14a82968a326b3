"""Reading the colours of what the terminal shows, and measuring their contrast.

`cells` renders the app's screen the way `App.export_screenshot` does (the compositor's full
update, with any screen seen through a translucent one on top of it) and gives each cell's
character with the colours the terminal is sent. Textual's own line filters have run by then:
colours named after the terminal's 16 are turned into the theme's RGB, and ``dim`` text is moved
a third of the way towards its background. `MeasuredApp` adds one filter before Textual's that
marks ``dim`` text first, so a cell still says whether it was dimmed on purpose.

The contrast ratio is WCAG 2's. `eight_bit` is what a 256-colour terminal shows instead of an RGB
colour: Rich's downgrade to the xterm palette, which Textual's output goes through there.
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.color import Color, ColorSystem
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.app import App
from textual.color import Color as TextualColor
from textual.filter import LineFilter
from textual.geometry import Region

from cardtable.client.ui.app import CardtableApp

#: The characters measured: letters and digits (any script), and the card suits.
SUITS = frozenset("♠♥♦♣")
RED_SUITS = frozenset("♥♦")
#: The least contrast for text, and for text dimmed on purpose (WCAG 2: AA for normal text, and
#: the figure for large text and for parts of a picture that must be made out).
TEXT_RATIO = 4.5
DIMMED_RATIO = 3.0
#: The meta key `MarkDim` puts on a dimmed segment's style.
DIMMED = "contrast-dimmed"


def measured(char: str) -> bool:
    """Whether a character is one whose contrast matters: a letter, a digit or a suit."""
    return char.isalnum() or char in SUITS


class MarkDim(LineFilter):
    """Marks every ``dim`` segment in its style's meta, before Textual's filters blend it into
    its background and take the attribute away."""

    def apply(self, segments: list[Segment], background: TextualColor) -> list[Segment]:
        return [
            Segment(segment.text, _marked(segment.style), segment.control)
            if segment.style is not None and segment.style.dim
            else segment
            for segment in segments
        ]


@lru_cache(1024)
def _marked(style: Style) -> Style:
    return style + Style.from_meta({DIMMED: True})


MARK_DIM = MarkDim()


class MeasuredApp(CardtableApp):
    """The app, with `MarkDim` ahead of Textual's line filters."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [MARK_DIM, *super().get_line_filters()]


@dataclass(frozen=True)
class Cell:
    """One cell of the screen: its character and the colours it is shown in."""

    x: int
    y: int
    char: str
    fg: ColorTriplet
    bg: ColorTriplet
    dimmed: bool
    #: Whether a colour was left to the terminal (its default foreground or background, which
    #: the app cannot know): `fg` and `bg` are then Textual's guess, its theme's.
    defaulted: bool = False


def _triplet(color: Color | None, app: App[Any], foreground: bool) -> ColorTriplet:
    if color is None:
        color = Color.default()
    if color.triplet is not None:
        return color.triplet
    return color.get_truecolor(app.ansi_theme, foreground=foreground)


def _defaulted(color: Color | None) -> bool:
    return color is None or color.is_default


def cells(app: App[Any]) -> list[Cell]:
    """Every cell of the screen now, row by row, with its resolved colours."""
    screen = app.screen
    update = screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)
    found: list[Cell] = []
    for y, line in enumerate(update.strips):
        x = 0
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                style = segment.style or Style()
                fg = _triplet(style.color, app, foreground=True)
                bg = _triplet(style.bgcolor, app, foreground=False)
                if style.reverse:
                    fg, bg = bg, fg
                dimmed = bool(style._meta) and bool(style.meta.get(DIMMED))
                defaulted = _defaulted(style.color) or _defaulted(style.bgcolor)
                for char in segment.text:
                    found.append(Cell(x, y, char, fg, bg, dimmed, defaulted))
                    x += cell_len(char)
    return found


def rows_of(found: Sequence[Cell]) -> list[str]:
    """The cells' characters as lines of text."""
    lines: dict[int, list[str]] = {}
    for cell in found:
        lines.setdefault(cell.y, []).append(cell.char)
    return ["".join(lines[y]) for y in sorted(lines)]


def luminance(colour: ColorTriplet) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = colour
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: ColorTriplet, other: ColorTriplet) -> float:
    """WCAG 2's contrast ratio, from 1 (none) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@lru_cache(4096)
def eight_bit(colour: ColorTriplet) -> ColorTriplet:
    """The colour a 256-colour terminal shows for `colour`."""
    return Color.from_triplet(colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()


def is_red(colour: ColorTriplet) -> bool:
    """A red that reads as red, if dimmed perhaps a muted one: a hue within 20° of pure red,
    red well above green and blue, neither near black nor near white."""
    red, green, blue = colour
    hue, lightness, saturation = colorsys.rgb_to_hls(red / 255, green / 255, blue / 255)
    degrees = hue * 360
    return (
        (degrees <= 20 or degrees >= 340)
        and red - max(green, blue) >= 60
        and saturation >= 0.3
        and 0.2 <= lightness <= 0.75
    )


def is_dark(colour: ColorTriplet) -> bool:
    """Black or near it: the ink of a spade or a club on a card."""
    return luminance(colour) <= 0.05


@dataclass(frozen=True)
class Faint:
    """A character shown with too little contrast."""

    cell: Cell
    fg: ColorTriplet
    bg: ColorTriplet
    ratio: float
    least: float
    line: str

    @property
    def colours(self) -> str:
        if self.cell.defaulted:
            return "a colour left to the terminal's default"
        dimmed = "dimmed " if self.cell.dimmed else ""
        return (
            f"{dimmed}rgb{tuple(self.fg)} on rgb{tuple(self.bg)}: {self.ratio:.2f}:1 < {self.least}"
        )

    def __str__(self) -> str:
        cell = self.cell
        return f"{cell.char!r} at {cell.x},{cell.y}, {self.colours}, in {self.line.strip()!r}"


def too_faint(
    found: Sequence[Cell], region: Region | None = None, *, eight_bits: bool = False
) -> Iterator[Faint]:
    """Each measured character (in `region`, else anywhere) below its least contrast, in RGB or
    (`eight_bits`) as a 256-colour terminal shows it; or in a colour the terminal chooses."""
    text = rows_of(found)
    for cell in found:
        if not measured(cell.char) or (region is not None and not region.contains(cell.x, cell.y)):
            continue
        fg, bg = (eight_bit(cell.fg), eight_bit(cell.bg)) if eight_bits else (cell.fg, cell.bg)
        ratio = contrast(fg, bg)
        least = DIMMED_RATIO if cell.dimmed else TEXT_RATIO
        if ratio < least or cell.defaulted:
            yield Faint(cell, fg, bg, ratio, least, text[cell.y])
