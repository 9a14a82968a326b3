"""A browser player at a real `cardtable serve --web`, in a real headless Chromium: the name
asked, the lobby, a table against bots opened by a click, and moves by key and by click."""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass
from functools import partial

from tests.web.browser import Tab, chromium, wait_until, web_server

SPOT_LABEL = re.compile(r"┗━━(\d)━━┛")
CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")
#: A spot on the table, framed, and what lies on it (blank if nothing).
SPOT = re.compile(r"[│┃]([^│┃]{5})[│┃]")


def hand_size(tab: Tab, name: str) -> int:
    found = re.search(rf"{name} \(you\)\s+hand (\d+)", tab.screen())
    assert found, tab.screen()
    return int(found.group(1))


def capture_spot(tab: Tab) -> str | None:
    """The number of the first bold-framed spot (one the selected card captures), if any."""
    for line in tab.screen().splitlines():
        if found := SPOT_LABEL.search(line):
            return found.group(1)
    return None


def sit_down(tab: Tab, name: str) -> None:
    tab.wait_for("Type your name below")
    tab.press()
    tab.type(name)
    tab.press("Enter")
    tab.wait_for(f"Lobby · you are {name}")


def my_turn(tab: Tab) -> str:
    """The screen once it is the player's turn to lay or capture (not to answer a flip)."""
    return tab.wait_for(r"your turn(.|\n)*(Capture: a card|No capture: lay a card)")


def answer_a_flip(tab: Tab) -> None:
    """After a move, a flipped card that captures waits for the player's choice of spot."""
    found = re.search(r"The flipped .* captures: press (\d)", tab.screen())
    if found:
        tab.press(found.group(1))


def pairs(mine: str, theirs: str) -> bool:
    """Whether a card of rank `mine` captures one of rank `theirs` in Chinese Ten: ranks A to
    9 that make ten, or the same rank of 10, J, Q or K."""
    values = {"A": 1, **{str(n): n for n in range(2, 10)}}
    if mine in values and theirs in values:
        return values[mine] + values[theirs] == 10
    return mine == theirs


@dataclass(frozen=True)
class Move:
    """A legal move read from the screen: a card of the hand (the first with a move, the
    one home selects) and a spot (its number and the cell of its card)."""

    card_cell: tuple[int, int]
    spot: int
    spot_cell: tuple[int, int]


def a_move(screen: str) -> Move:
    """A card that captures and its spot, else the first card and an empty spot, read from
    the text of a `screen`."""
    lines = screen.splitlines()
    row = next(row for row, line in enumerate(lines) if re.search(r"[─━•]1[─━×]", line)) - 1
    spots = [(found.start(1), found.group(1).strip()[:-1]) for found in SPOT.finditer(lines[row])]
    top = next(row for row, line in enumerate(lines) if "Your hand" in line) + 1
    rows = [top]
    while rows[-1] + 1 < len(lines) and CARD.search(lines[rows[-1] + 1]):
        rows.append(rows[-1] + 1)
    hand = [(card, at) for at in rows for card in CARD.finditer(lines[at])]
    for card, card_row in hand:
        for spot, (column, rank) in enumerate(spots):
            if rank and pairs(card.group(1), rank):
                return Move((card.start(), card_row), spot + 1, (column + 2, row))
    spot = next((spot for spot, (_, rank) in enumerate(spots) if not rank), 0)
    card, card_row = hand[0]
    return Move((card.start(), card_row), spot + 1, (spots[spot][0] + 2, row))


def selected(tab: Tab, cell: tuple[int, int]) -> bool:
    column, row = cell
    return "[" in tab.screen().splitlines()[row][column - 2 : column]


def play_a_card(tab: Tab, *, by_click: bool) -> None:
    """Lay or capture with a card of the hand, by keys or by clicks, and see it played (tried
    again within the deadline, should a click land as the screen is redrawn)."""
    my_turn(tab)
    before = hand_size(tab, "Ann")
    deadline = time.monotonic() + 30
    while hand_size(tab, "Ann") == before and time.monotonic() < deadline:
        move = a_move(tab.screen())
        if by_click:
            tab.click_cell(*move.card_cell)
            with contextlib.suppress(AssertionError):
                wait_until(partial(selected, tab, move.card_cell), "the card selected", 5)
            tab.click_cell(*move.spot_cell)
        else:
            tab.press("Home", str(move.spot))  # home: the first card with a move
        with contextlib.suppress(AssertionError):
            wait_until(lambda: hand_size(tab, "Ann") == before - 1, "the card played", 5)
    assert hand_size(tab, "Ann") == before - 1, tab.screen()
    answer_a_flip(tab)


def test_a_browser_player_opens_a_table_against_bots_and_plays_by_key_and_by_click() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        assert f"The card table at 127.0.0.1:{server.port}" in tab.wait_for("Welcome")
        sit_down(tab, "Ann")
        assert "No tables yet: press n to open one." in tab.screen()

        tab.press("n")
        tab.wait_for("Open a table")
        tab.click_text("Open            Cancel")  # the Open button, by a click
        tab.wait_for(r"Chinese Ten\s+table 1(.|\n)*\(bot\)")  # the players panel, a bot seated

        play_a_card(tab, by_click=False)
        play_a_card(tab, by_click=True)
