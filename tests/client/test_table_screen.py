"""The table screen, driven as a player would: `cardtable play` (a server in the process, bots in
the other seats, a fixed shuffle, instant bots) at 80×24, with the keyboard and with the mouse.

Moves are checked in the session's game log: after each key or click, the event the intended
action makes must show up there, made by our seat.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest
import trio
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, TabbedContent

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.chinese_ten.board import ChineseTenBoard
from cardtable.client.ui.cards import IDLE_FACE
from cardtable.client.ui.chat import BOTS_DONT_READ
from cardtable.client.ui.dialogs import Confirm
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.rules import RulesScreen
from cardtable.client.ui.running import RunningScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.engine import get_game
from cardtable.engine.cards import SUIT_SYMBOLS
from cardtable.protocol import SeatSummary

from .support import (
    SIZE,
    TEST_CONFIG,
    board_hints,
    drawn,
    find_on_screen,
    footer_with,
    on_screen,
    our_turn,
    play_app,
    run_async,
    screen_text,
    session,
    view,
    wait_until,
)

#: One deck: 13 cards each for two players, so a game is a handful of turns.
ONE_DECK = {"decks": 1}
ME = 0  # `cardtable play` seats us at seat 0, as the table's creator
SPOT_BOX = re.compile(r"[╭┏][─━]{5}[╮┓]")

AppPilot = Pilot[Any]
Move = Callable[[AppPilot, CardtableApp, TableScreen], Awaitable[dict[str, Any]]]


# -- what the app knows --------------------------------------------------------------------------


def board(table: TableScreen) -> ChineseTenBoard:
    assert isinstance(table.board, ChineseTenBoard)
    return table.board


def seats(app: CardtableApp) -> list[SeatSummary]:
    table = session(app).table
    assert table is not None
    return list(table.seats)


def hand_ids(app: CardtableApp) -> list[int]:
    return [card["cid"] for card in view(app)["table"]["hand"]]


def playable_ids(app: CardtableApp) -> list[int]:
    """Our cards with a legal action, in hand order (the order ← and → go through)."""
    cids = {action["cid"] for action in view(app)["legal"] if "cid" in action}
    return [cid for cid in hand_ids(app) if cid in cids]


def spots_for(app: CardtableApp, cid: int) -> set[int]:
    return {action["spot"] for action in view(app)["legal"] if action.get("cid") == cid}


def made(event: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether `event` is what our `action` makes happen."""
    if action["kind"] == "deal":
        return event["kind"] == "deal" and event["dealer"] == ME
    if event.get("seat") != ME or event.get("spot") != action["spot"]:
        return False
    if "cid" in action:
        return (
            event["kind"] == action["kind"]
            and event["from"] == "hand"
            and event["card"]["cid"] == action["cid"]
        )
    return event["kind"] == {"take": "capture", "place": "lay"}[action["kind"]] and (
        event["from"] == "flip"
    )


async def until_made(
    pilot: AppPilot, app: CardtableApp, action: dict[str, Any], before: int
) -> None:
    """Wait until the game log, from entry `before` on, holds the event `action` makes."""

    def done() -> bool:
        return any(made(event, action) for event in session(app).log[before:])

    await wait_until(pilot, done, timeout=5, what=f"{action} to be made")


def notifications(app: CardtableApp, severity: str) -> list[str]:
    """The notices of `severity` shown so far, and the board's hints still showing."""
    toasts = [(note.title, note.message, note.severity) for note in app._notifications]
    hints = [("", hint.message, hint.severity) for hint in board_hints(app)]
    return [f"{title}: {message}" for title, message, kind in toasts + hints if kind == severity]


def log_text(log: RichLog) -> str:
    """A RichLog's lines joined, with wrapping undone (runs of spaces made one)."""
    return " ".join(" ".join(strip.text for strip in log.lines).split())


def words(text: str) -> str:
    return " ".join(text.split())


def label(card: dict[str, Any]) -> str:
    """How a card's face reads on screen: the rank right-aligned in two cells, then the suit."""
    return f"{card['rank']:>2}{SUIT_SYMBOLS[card['suit']]}"


# -- finding things on the screen ----------------------------------------------------------------


def board_rows(app: CardtableApp, table: TableScreen) -> list[tuple[int, int, str]]:
    """The board's rows on screen as (x, y, text)."""
    region = table.board.region
    rows = screen_text(app).splitlines()
    return [(region.x, y, rows[y][region.x : region.right]) for y in range(region.y, region.bottom)]


def spot_boxes(app: CardtableApp, table: TableScreen) -> tuple[int, list[tuple[int, str]]]:
    """The row of the spots' top edges and, per spot, its screen x and its top edge."""
    for x, y, text in board_rows(app, table):
        boxes = list(SPOT_BOX.finditer(text))
        if len(boxes) == 4:
            return y, [(x + box.start(), box.group()) for box in boxes]
    raise AssertionError("the four spots are not on the screen:\n" + screen_text(app))


def spot_position(app: CardtableApp, table: TableScreen, spot: int) -> tuple[int, int]:
    """The middle of a spot (its top card) on the screen."""
    y, boxes = spot_boxes(app, table)
    return boxes[spot][0] + 3, y + 1


def card_position(app: CardtableApp, table: TableScreen, card: dict[str, Any]) -> tuple[int, int]:
    """Where a card of our hand shows on the screen (its rank)."""
    rows = board_rows(app, table)
    start = next(i for i, (_, _, text) in enumerate(rows) if "Your hand" in text)
    for x, y, text in rows[start + 1 :]:
        found = text.find(label(card))
        if found >= 0:
            return x + found + 1, y
    raise AssertionError(f"{label(card)} is not in the hand on screen:\n" + screen_text(app))


def heavy_spots(app: CardtableApp, table: TableScreen) -> set[int]:
    """The spots drawn with heavy borders (the selected card's targets)."""
    _, boxes = spot_boxes(app, table)
    return {index for index, (_, box) in enumerate(boxes) if box.startswith("┏")}


def dimmed_cards(table: TableScreen) -> set[int]:
    """Our cards the board draws dimmed (greyed: no legal action with them)."""
    dimmed = set()
    for row in board(table)._hand_lines()[1:]:
        for span in row.spans:
            style = span.style
            assert not isinstance(style, str)
            click = style.meta.get("@click", "")
            if click.startswith("card(") and style.bgcolor and style.bgcolor.name == IDLE_FACE:
                dimmed.add(int(click[5:-1]))
    return dimmed


# -- getting there and playing -------------------------------------------------------------------


async def at_table(pilot: AppPilot, app: CardtableApp) -> TableScreen:
    """Wait for the table screen to show a game in play."""

    def ready() -> bool:
        screen = app.screen
        return (
            isinstance(screen, TableScreen)
            and screen.state is not None
            and screen.state.view is not None
            and drawn(app, screen)
        )

    await wait_until(pilot, ready, what="the table screen with a game")
    assert isinstance(app.screen, TableScreen)
    return app.screen


async def steer(pilot: AppPilot, app: CardtableApp, table: TableScreen, cid: int) -> None:
    """Move the card cursor to `cid` with ← and →, checking each step lands where it should."""
    order = playable_ids(app)
    assert cid in order
    for _ in range(len(order)):
        selected = board(table).selected
        assert selected in order, f"the cursor is on {selected}, not a playable card {order}"
        if selected == cid:
            return
        here, there = order.index(selected), order.index(cid)
        key, step = ("right", 1) if there > here else ("left", -1)
        await pilot.press(key)
        assert board(table).selected == order[here + step]
    assert board(table).selected == cid


async def move_with_keys(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> dict[str, Any]:
    """One legal action with keys alone. The last legal action is taken, which is often not
    the card under the cursor, so the cursor has to be steered."""
    action: dict[str, Any] = view(app)["legal"][-1]
    if action["kind"] == "deal":
        await pilot.press("d")
        return action
    if "cid" in action:
        await steer(pilot, app, table, action["cid"])
    await pilot.press(str(action["spot"] + 1))
    return action


async def play_to_the_end(
    pilot: AppPilot, app: CardtableApp, table: TableScreen, move: Move
) -> tuple[ScoringScreen, list[dict[str, Any]]]:
    """Make all our moves with `move` until the game's last scores show (earlier rounds'
    scores are closed with enter); returns the scoring screen and the actions made."""
    actions: list[dict[str, Any]] = []
    while True:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
            what="our turn or the scores",
        )
        screen = app.screen
        if isinstance(screen, ScoringScreen):
            if screen.over:
                return screen, actions
            await pilot.press("enter")
            continue
        before = len(session(app).log)
        action = await move(pilot, app, table)
        actions.append(action)
        await until_made(pilot, app, action, before)


async def play_round_by_requests(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> None:
    """Play our moves straight through the session (no keys) until a round's scores show:
    quicker, for tests about what comes after."""
    while not isinstance(app.screen, ScoringScreen):
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
            what="our turn or the scores",
        )
        if our_turn(app, table):
            before, action = len(session(app).log), view(app)["legal"][0]

            async def act(session: ClientSession, action: dict[str, Any] = action) -> None:
                await session.act(action)

            app.request(act)
            await until_made(pilot, app, action, before)


def check_scores(app: CardtableApp, text: str) -> None:
    """The scoring screen's text shows the last round's breakdown and who won."""
    current = view(app)
    score = current["round_scores"][-1]
    rows = text.splitlines()
    assert f"Round {score['round']} scores" in text
    labels = [label for label, _, _ in score["lines"][0]]
    assert labels == ["Aces", "Kings, queens, jacks and tens", "Twos to nines"]
    for index, name in enumerate(labels):
        row = next(row for row in rows if name in row)
        cells = [side_lines[index] for side_lines in score["lines"]]
        expected = [f"{count} × {each} = {count * each}" for _, count, each in cells]
        assert words(f"{name} {' '.join(expected)}") in words(row), (row, expected)
    points = " ".join(str(p) for p in score["points"])
    assert f"This round {points} " in words(text)
    assert f"Total {' '.join(str(t) for t in current['totals'])} " in words(text)
    result = current["result"]
    winners = [seat for index in result["winners"] for seat in result["sides"][index]]
    if ME in winners:
        headline = "You won!" if len(winners) == 1 else "You share the win!"
    else:
        headline = f"{seats(app)[winners[0]].name} won."
    assert headline in text


# -- a whole game, keys only ---------------------------------------------------------------------


def test_a_game_played_with_the_keyboard_to_its_scores_then_a_rematch() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            assert table.board.has_focus
            scoring, actions = await play_to_the_end(pilot, app, table, move_with_keys)
            assert len(actions) >= 5
            assert any(action["kind"] == "capture" for action in actions)
            text = screen_text(app)
            check_scores(app, text)
            assert "Rematch (r)" in text and "Lobby (o)" in text  # we created the table
            assert scoring.query("#rematch") and scoring.query("#lobby")

            # Closed, the scores come back with v, still offering the rematch.
            await pilot.press("enter")
            assert app.screen is table
            assert "The game is over." in screen_text(app)
            # The footer's s says what the scores' r says: one name for the next game.
            await footer_with(pilot, app, {"s Rematch": True, "s Start": False})
            await pilot.press("v")
            assert isinstance(app.screen, ScoringScreen) and app.screen.over
            check_scores(app, screen_text(app))

            await pilot.press("r")
            await wait_until(pilot, lambda: session(app).game_no == 2, what="game 2")
            table = await at_table(pilot, app)
            assert app.screen is table
            assert view(app)["round_scores"] == [] and view(app)["result"] is None
            hand = len(hand_ids(app))
            assert hand >= 12  # a new deal (the bot may have played first)
            assert f"Your hand ({hand})" in screen_text(app)
            await pilot.press("ctrl+q")

    run_async(body)


# -- the same with the mouse ---------------------------------------------------------------------


def test_a_game_played_with_the_mouse_then_back_to_the_lobby() -> None:
    ways: dict[str, int] = {"spot": 0, "card again": 0, "flip": 0}

    async def move_with_mouse(
        pilot: AppPilot, app: CardtableApp, table: TableScreen
    ) -> dict[str, Any]:
        """One legal action with clicks: a card (selects it), then a spot; or a selected card
        with one place clicked again; a flipped card's spot alone."""
        action: dict[str, Any] = view(app)["legal"][-1]
        if "cid" not in action:
            ways["flip"] += 1
            assert await pilot.click(offset=spot_position(app, table, action["spot"]))
            return action
        cid = action["cid"]
        card = next(card for card in view(app)["table"]["hand"] if card["cid"] == cid)
        if board(table).selected != cid:
            assert await pilot.click(offset=card_position(app, table, card))
            assert board(table).selected == cid
            assert f"[{label(card)}]" in screen_text(app)
        if len(spots_for(app, cid)) == 1 and ways["card again"] <= ways["spot"]:
            ways["card again"] += 1
            assert await pilot.click(offset=card_position(app, table, card))
        else:
            ways["spot"] += 1
            assert await pilot.click(offset=spot_position(app, table, action["spot"]))
        return action

    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            _, actions = await play_to_the_end(pilot, app, table, move_with_mouse)
            assert len(actions) >= 5
            assert ways["spot"] and ways["card again"], ways
            check_scores(app, screen_text(app))

            await pilot.press("o")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await wait_until(pilot, lambda: session(app).table is None, what="leaving")
            await pilot.press("ctrl+q")

    run_async(body)


# -- what the board highlights -------------------------------------------------------------------


def test_the_selected_cards_targets_are_heavy_and_unplayable_cards_dim_on_our_turn_only() -> None:
    async def body() -> None:
        # A slow bot (3 s a move), so that the board can be looked at during its turn even on a
        # busy machine: at 0.5 s a loaded run could miss the turn and wait for it in vain.
        app, _ = play_app(options=ONE_DECK, config=replace(TEST_CONFIG, bot_delay=3))
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            playable = playable_ids(app)
            unplayable = set(hand_ids(app)) - set(playable)
            # The fixed shuffle starts us with captures for only some cards.
            assert len(playable) >= 2 and unplayable, (playable, unplayable)
            for _ in playable:
                selected = board(table).selected
                assert selected in playable
                assert heavy_spots(app, table) == spots_for(app, selected)
                assert dimmed_cards(table) == unplayable
                await pilot.press("right")
            assert board(table).selected == playable[0]  # round and round

            # Our capture, then the bot's turn: nothing highlighted, nothing dimmed.
            before = len(session(app).log)
            action = await move_with_keys(pilot, app, table)
            await until_made(pilot, app, action, before)
            await wait_until(
                pilot,
                lambda: drawn(app, table) and view(app)["actors"] == [1],
                what="the bot's turn",
            )
            assert not view(app)["legal"]
            assert heavy_spots(app, table) == set()
            assert dimmed_cards(table) == set()
            assert "[" not in "".join(text for _, _, text in board_rows(app, table))
            bot = str(seats(app)[1].name)
            assert f"{bot} is playing." in screen_text(app)
            await pilot.press("ctrl+q")

    run_async(body)


# -- refusals ------------------------------------------------------------------------------------


def test_a_refused_action_says_why() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            before, seen = session(app).view, len(session(app).log)

            # The board refuses a spot the selected card cannot go to, and sends nothing.
            selected = board(table).selected
            assert selected is not None
            wrong = min(set(range(4)) - spots_for(app, selected))
            await pilot.press(str(wrong + 1))
            await wait_until(
                pilot,
                lambda: (
                    f": That card cannot go to spot {wrong + 1}." in notifications(app, "warning")
                ),
                what="the board's warning",
            )

            # A card with no legal action can be clicked, but goes nowhere.
            hand = view(app)["table"]["hand"]
            dim = next(card for card in hand if card["cid"] not in playable_ids(app))
            assert await pilot.click(offset=card_position(app, table, dim))
            assert board(table).selected == dim["cid"]
            assert heavy_spots(app, table) == set()
            await pilot.press("enter")
            await wait_until(
                pilot,
                lambda: ": That card cannot be played now." in notifications(app, "warning"),
                what="the board's warning",
            )
            await pilot.press("1")
            await wait_until(
                pilot,
                lambda: ": That card cannot go to spot 1." in notifications(app, "warning"),
                what="the board's warning",
            )
            assert session(app).view is before and len(session(app).log) == seen
            assert notifications(app, "error") == []

            # The server refuses what is not a legal action, with the rules' reason.
            app.request(lambda s: s.act({"kind": "take", "spot": 0}))
            await wait_until(pilot, lambda: notifications(app, "error"), what="the refusal")
            assert notifications(app, "error") == [
                "Refused: Play a card from your hand first; the flip comes after."
            ]
            assert session(app).view is before and our_turn(app, table)
            await pilot.press("ctrl+q")

    run_async(body)


# -- the log, the scores and the rules -----------------------------------------------------------


def test_the_log_tab_tells_the_game_in_words_and_v_and_question_mark_open_scores_and_rules() -> (
    None
):
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            tabs = table.query_one("#side", TabbedContent)
            assert tabs.active == "chat-tab"

            await pilot.press("l")
            assert tabs.active == "log-tab"
            log = table.query_one("#log", RichLog)
            await wait_until(pilot, lambda: log.lines, what="the log drawn")
            text = log_text(log)
            spec = get_game("chinese-ten")
            names = [str(seat.name) for seat in seats(app)]
            events = session(app).log
            assert [event["kind"] for event in events][:2] == ["deal", "turn"]
            for event in events:
                assert words(spec.tell(event, names)) in text
            assert "Tess deals. Spots:" in text and "You hold 13 cards." in text
            assert re.search(re.escape(names[1]) + " (plays|lays) ", text), text
            # The log wraps at the panel's width instead of cutting lines off.
            side = table.query_one("#side").region
            assert all(strip.cell_length <= side.width for strip in log.lines)
            # Our move shows up in words.
            before = len(session(app).log)
            action = await move_with_keys(pilot, app, table)
            await until_made(pilot, app, action, before)
            await wait_until(pilot, lambda: "Tess plays " in log_text(log), what="our move logged")
            assert table.board.has_focus  # the log tab does not take the keys

            # Nothing has been scored yet: v shows the points each seat has captured so far.
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, RunningScreen), what="v")
            shown = screen_text(app)
            assert "Round 1 so far" in shown and "Points captured" in shown
            for seat, pile in enumerate(view(app)["table"]["piles"]):
                assert re.search(rf"{re.escape(names[seat])}.*\s{pile['points']}\b", shown)
            await pilot.press("escape")
            assert app.screen is table

            await pilot.press("question_mark")
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            assert rules.markdown.startswith("# Chinese Ten\n")
            shown = screen_text(app)
            assert re.search(r"^\s+Chinese Ten\s", shown, re.MULTILINE), shown  # the heading
            assert "Chinese Ten is a capture game" in shown
            await pilot.press("escape")
            assert app.screen is table and table.board.has_focus
            await pilot.press("ctrl+q")

    run_async(body)


# -- chat ----------------------------------------------------------------------------------------


def test_chat_at_the_table_and_no_private_lines_to_a_bot() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            tabs = table.query_one("#side", TabbedContent)
            chat_input = table.query_one("#chat-input", Input)
            lines = table.query_one("#chat-lines", RichLog)
            before = session(app).view

            await pilot.press("l", "c")
            assert tabs.active == "chat-tab" and chat_input.has_focus
            # Letters that are keys elsewhere (l, v, q, s, b, digits) are just typed here.
            await pilot.press(*"lvqsb 14 hi")
            assert chat_input.value == "lvqsb 14 hi"
            assert tabs.active == "chat-tab" and app.screen is table
            assert session(app).view is before
            await pilot.press("enter")
            await wait_until(pilot, lambda: session(app).chat, what="our line back")
            line = session(app).chat[-1]
            assert (line.sender, line.text, line.recipient_seat) == (
                "Tess",
                "lvqsb 14 hi",
                None,
            )
            await wait_until(pilot, lambda: lines.lines, what="the line drawn")
            assert log_text(lines) == "Tess: lvqsb 14 hi"
            assert chat_input.value == "" and chat_input.has_focus

            # A bot cannot read a private line: the panel refuses it and keeps the text.
            bot = str(seats(app)[1].name)
            typed = f"/msg {bot} psst"
            await pilot.press(*typed, "enter")
            await wait_until(pilot, lambda: notifications(app, "warning"), what="the warning")
            assert notifications(app, "warning") == [f": {BOTS_DONT_READ}"]
            assert chat_input.value == typed
            assert len(session(app).chat) == 1
            assert log_text(lines) == "Tess: lvqsb 14 hi"
            # There is no private channel with the bot, and its name opens none.
            channels = table.query_one("#channels", OptionList)
            assert [
                str(channels.get_option_at_index(i).prompt) for i in range(channels.option_count)
            ] == ["▶ # table"]
            assert await pilot.click(offset=find_on_screen(app, bot, table.query_one("#players")))
            assert table.chat.panel.channel == "table"

            # Asked directly, the server refuses too.
            app.request(lambda s: s.say("psst", 1))
            await wait_until(pilot, lambda: notifications(app, "error"), what="the refusal")
            assert notifications(app, "error") == [
                "Refused: Seat 2 has no other player to read a private line."
            ]
            assert len(session(app).chat) == 1

            # Escape gives the keys back to the board.
            await pilot.press("escape")
            assert table.board.has_focus
            await pilot.press("ctrl+q")

    run_async(body)


def test_the_dealer_deals_with_d() -> None:
    async def body() -> None:
        # Two players take turns to deal, from us: we deal again in round 3.
        app, _ = play_app(options={"decks": 1, "rounds": 3})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            for _ in range(2):
                await play_round_by_requests(pilot, app, table)
                await pilot.press("enter")
            await wait_until(pilot, lambda: our_turn(app, table), what="our deal")
            assert view(app)["legal"] == [{"kind": "deal"}]
            assert view(app)["table"]["phase"] == "deal"
            await on_screen(pilot, app, "Press d to deal the next round.")
            await footer_with(pilot, app, {"d Deal": True})
            assert heavy_spots(app, table) == set()

            before = len(session(app).log)
            await pilot.press("d")
            await until_made(pilot, app, {"kind": "deal"}, before)
            await wait_until(pilot, lambda: drawn(app, table), what="round 3 drawn")
            assert view(app)["round"] == 3
            await on_screen(pilot, app, "round 3 of 3")
            await footer_with(pilot, app, {"d Deal": False, "q Leave": True})
            await pilot.press("ctrl+q")

    run_async(body)


# -- more players, other sizes -------------------------------------------------------------------


async def check_layout(pilot: AppPilot, app: CardtableApp, table: TableScreen, height: int) -> None:
    """Every seat with its hand count, our whole hand, the prompt, and the footer last."""

    def footer_last() -> bool:
        last = screen_text(app).splitlines()[-1]
        return "c Chat" in last and "q Leave" in last and "^q Quit" in last

    await wait_until(pilot, footer_last, timeout=5, what="the footer on the last row")
    rows = screen_text(app).splitlines()
    assert len(rows) == height
    players = table.query_one("#players")
    counts = view(app)["table"]["hand_counts"]
    assert len(counts) == len(seats(app))
    for seat, count in zip(seats(app), counts, strict=True):
        _, y = find_on_screen(app, str(seat.name), players)
        assert f"hand {count}" in rows[y], (seat, count, rows[y])
    prompt = table.query_one("#prompt")
    assert prompt.region.bottom == height - 1  # right above the footer
    assert table.board.prompt(table.state) in rows[prompt.region.y]  # type: ignore[arg-type]
    board = "\n".join(text for _, _, text in board_rows(app, table))
    for card in view(app)["table"]["hand"]:
        assert label(card) in board, (label(card), board)
    assert f"Your hand ({len(hand_ids(app))})" in board


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_fit_80_by_24_and_the_side_panel_grows_at_120_by_40(
    players: int,
) -> None:
    async def body() -> None:
        app, _ = play_app(players=players)  # two decks: the biggest hands
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            assert len(view(app)["table"]["hand_counts"]) == players
            await check_layout(pilot, app, table, 24)
            side, play = table.query_one("#side").region, table.query_one("#table-play").region
            hand_rows = len(board(table)._hand_lines())

            await pilot.resize_terminal(120, 40)
            await wait_until(pilot, lambda: table.query_one("#side").region.height > 30)
            await check_layout(pilot, app, table, 40)
            wider_side = table.query_one("#side").region
            assert wider_side.width > side.width + 10, (side, wider_side)
            assert table.query_one("#table-play").region.width > play.width
            assert len(board(table)._hand_lines()) <= hand_rows  # more cards to a row
            await pilot.press("ctrl+q")

    run_async(body)


def test_four_players_with_their_scores_still_fit_80_by_24() -> None:
    async def body() -> None:
        app, _ = play_app(players=4, options={"rounds": 2})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await play_round_by_requests(pilot, app, table)
            await pilot.press("enter")
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn in round 2")
            await check_layout(pilot, app, table, 24)
            players = table.query_one("#players")
            for total in view(app)["totals"]:
                find_on_screen(app, f"total {total}", players)
            await pilot.press("ctrl+q")

    run_async(body)


# -- leaving -------------------------------------------------------------------------------------


def test_leaving_mid_game_asks_first_then_a_bot_takes_the_seat() -> None:
    async def body() -> None:
        app, server = play_app(options=ONE_DECK)
        watcher: dict[str, ClientSession] = {}

        async def watch(table_id: int) -> None:
            """Someone else watches the table, so it stays open after we go."""
            assert server.running is not None
            async with connect("127.0.0.1", server.running.port, "Wes") as other:
                await other.spectate(table_id)
                watcher["session"] = other
                await trio.sleep_forever()

        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            table_id = session(app).table_id
            assert table_id is not None
            app.trio.start_soon(watch, table_id)
            await wait_until(pilot, lambda: watcher, what="a spectator")

            await pilot.press("q")
            assert isinstance(app.screen, Confirm)
            assert "Leave the table? A bot will play your seat" in screen_text(app)
            await pilot.press("n")
            assert app.screen is table and session(app).seat == ME

            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            other = watcher["session"]
            since = len(other.log)
            await pilot.press("q")
            assert isinstance(app.screen, Confirm)
            await pilot.press("y")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            assert session(app).table is None and session(app).seat is None

            await wait_until(
                pilot,
                lambda: other.table is not None and other.table.seats[ME].kind == "bot",
                what="a bot in our seat",
            )
            assert other.table is not None
            assert other.table.seats[ME].name.endswith("(bot)")
            # The bot makes the move we left, and plays on to the end of the game.
            await wait_until(
                pilot, lambda: other.view and other.view["result"], what="the game's end"
            )
            assert any(
                event.get("seat") == ME and event["kind"] in ("capture", "lay")
                for event in other.log[since:]
            )
            await wait_until(
                pilot,
                lambda: (
                    table_id in session(app).tables
                    and session(app).tables[table_id].status == "finished"
                    and "finished" in screen_text(app)
                ),
                what="the lobby to show the finished table",
            )
            await pilot.press("ctrl+q")

    run_async(body)
