"""Everything the app shows can be read: every letter, digit and suit (♠♥♦♣) on the screen has
a WCAG contrast of at least 4.5:1 against its background, or 3:1 for text dimmed on purpose
(text with the ``dim`` attribute, which Textual draws blended towards its background: cards that
cannot be played now, earlier lines of a replay's log); a heart or a diamond on a board is red,
and a spade or a club on a card's light face is black.

The real app (`cardtable play`, random bots, a fixed shuffle) is driven through Pilot into the
states a player sees: every game's table at each number of players it allows (and Thistle's
partnership game), on our turn at the start and after some moves, with a card marked on the
boards that mark cards, and any scoring window on the way; then the table's dialogs (leaving,
quitting, the away time), a whole game to its scoring window, the lobby, the new-table form, the
rules, the history, the replay with its scores, and a table waiting for a player. Then, joined to
a server with a password: the screen that asks for it, notices of every severity (in the lobby
and over a dialog), the new-table form with its checkbox ticked and unticked and each of its
lists open, and the seat chooser. Each state is measured at 80×24 and at 120×40, in the colours
sent to a 24-bit terminal and in what a 256-colour terminal shows for them.

The app offers one theme: it has no command palette nor any other way to change it, so it is
Textual's default, ``textual-dark`` (the one ``TEXTUAL_THEME`` would override).

A modal screen is measured inside its own widgets, its notices and its open lists: the screen
under it shows through, faded on purpose, as a backdrop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.geometry import Region
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import JoinPlan
from cardtable.client.ui.create_table import CreateTableScreen, TablePlan
from cardtable.client.ui.dialogs import AwayPolicy, Confirm, QuitChoice, SeatChooser
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.name_import import NameImport
from cardtable.client.ui.problem_screen import ProblemScreen
from cardtable.client.ui.replay import ReplayScreen
from cardtable.client.ui.rules import RulesScreen
from cardtable.client.ui.running import RunningScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.engine import all_games, get_game
from cardtable.play import play_plan
from tests.conformance.support import partnered

from .contrast import (
    RED_SUITS,
    SUITS,
    Cell,
    MeasuredApp,
    cells,
    eight_bit,
    is_dark,
    is_red,
    luminance,
    too_faint,
)
from .support import (
    TEST_CONFIG,
    AppPilot,
    RandomBotsTable,
    at_table,
    drawn,
    run_async,
    screen_text,
    server_thread,
    session,
    wait_until,
)

SIZES = ((80, 24), (120, 40))

#: Our moves, by preference, in the games that prefer some; kinds not listed come last.
ORDERS: dict[str, tuple[str, ...]] = {
    "chinese-ten": ("capture", "take", "lay", "place", "deal"),
    "thistle": ("capture", "play", "place", "draw", "end", "deal"),
    "queen-of-scots": ("take", "meld", "add", "draw", "discard", "stop", "deal"),
    "trupe": ("take", "declare", "extend", "pair", "draw", "discard", "deal"),
    "nobility": (
        "give_up", "ready", "meld", "extend", "defend", "joker", "battle", "done", "draw", "take",
        "discard", "claim", "retrieve", "recall", "pass", "merge", "deal",
    ),
}  # fmt: skip
#: After how many of our moves a game's table is measured, at its fewest players (with more
#: players, or in partnerships, the first two of them): `EARLY` in a game not named here.
EARLY = (0, 2, 5)
SAMPLES: dict[str, tuple[int, ...]] = {
    "chinese-ten": (0, 4, 12),
    "thistle": (0, 12, 30),
    "queen-of-scots": (0, 5, 12),
    "trupe": (0, 6, 14),
    "nobility": (0, 8, 16),
}
#: The boards that mark a hand card with space.
MARKS_WITH_SPACE = frozenset({"queen-of-scots", "trupe", "nobility"})
#: The boards whose cards are dimmed (the ``dim`` attribute) when they cannot be played now.
DIMS_CARDS = frozenset({"thistle", "queen-of-scots", "trupe"})


@dataclass
class Findings:
    """What the measured screens broke, and what they showed (so a test knows it saw enough)."""

    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    #: Letters and digits dimmed on purpose, and suits on card faces, seen in all.
    dimmed: int = 0
    red_suits: int = 0
    black_suits: int = 0
    #: The screens measured.
    screens: Counter[str] = field(default_factory=Counter)

    def add(self, problem: str, where: str, example: str) -> None:
        self.problems[problem] += 1
        self.examples.setdefault(problem, f"{where}: {example}")

    def check(self) -> None:
        if self.problems:
            pytest.fail(
                "\n".join(
                    f"{count}× {problem}\n    e.g. {self.examples[problem]}"
                    for problem, count in self.problems.most_common()
                ),
                pytrace=False,
            )


def regions_measured(screen: object) -> list[Region | None]:
    """Where a screen is measured: a modal screen's own widgets, its notices and its open lists
    (each where it is drawn, not the whole rack that holds the notices); any other everywhere."""
    if isinstance(screen, ModalScreen):
        return [
            child.region
            for child in screen.children
            if isinstance(child, Widget) and child.id != "textual-toastrack"
        ] + [shown.region for shown in on_top(screen)]
    return [None]


def on_top(screen: ModalScreen[Any]) -> list[Widget]:
    """The notices and the open lists on a screen."""
    return [*screen.query("Toast"), *open_lists(screen)]


def open_lists(screen: Widget) -> list[Widget]:
    """The lists of choices open on a screen."""
    return [select.query_one("SelectOverlay") for select in screen.query(Select) if select.expanded]


def check_suits(found: Sequence[Cell], board: Region, findings: Findings, where: str) -> None:
    """Hearts and diamonds on the board are red wherever they are; on a card's light face,
    spades and clubs are black. In 24-bit colour and in 256 colours."""
    for cell in found:
        if cell.char not in SUITS or not board.contains(cell.x, cell.y):
            continue
        on_a_card = luminance(cell.bg) > 0.4
        red = cell.char in RED_SUITS
        if on_a_card:
            findings.red_suits += red
            findings.black_suits += not red
        for colour in (cell.fg, eight_bit(cell.fg)):
            if red and not is_red(colour):
                findings.add(f"{cell.char} in rgb{tuple(colour)} is not red", where, str(cell))
            if on_a_card and not red and not is_dark(colour):
                findings.add(f"{cell.char} in rgb{tuple(colour)} is not black", where, str(cell))


def measure(app: MeasuredApp, findings: Findings, where: str) -> None:
    """Measure the screen now, in 24-bit colour and in 256 colours."""
    found = cells(app)
    where = f"{where} at {app.size.width}×{app.size.height}"
    findings.screens[type(app.screen).__name__] += 1
    findings.screens["open list"] += len(open_lists(app.screen))
    findings.screens["notice"] += len(app.screen.query("Toast"))
    for eight_bits in (False, True):
        for region in regions_measured(app.screen):
            for faint in too_faint(found, region, eight_bits=eight_bits):
                colours = f"{faint.colours}{' in 256 colours' if eight_bits else ''}"
                findings.add(f"{type(app.screen).__name__}: {colours}", where, str(faint))
    findings.dimmed += sum(1 for cell in found if cell.dimmed and cell.char.isalnum())
    board = getattr(app.screen, "board", None)
    if isinstance(board, Widget):
        check_suits(found, board.region, findings, where)


async def measure_sizes(pilot: AppPilot, app: MeasuredApp, findings: Findings, where: str) -> None:
    """Measure the screen at the size it has, then at the other (where it stays)."""
    now = tuple(app.size)
    for size in sorted(SIZES, key=lambda size: size != now):
        await resize(pilot, app, size)
        measure(app, findings, where)


async def resize(pilot: AppPilot, app: MeasuredApp, size: tuple[int, int]) -> None:
    if app.size != size:
        await pilot.resize_terminal(*size)
        await wait_until(pilot, lambda: app.screen.size == size, what=f"the size {size}")
        await pilot.pause()


def choose(order: tuple[str, ...], legal: list[dict[str, Any]]) -> dict[str, Any]:
    return min(legal, key=lambda a: order.index(a["kind"]) if a["kind"] in order else len(order))


async def until(pilot: AppPilot, condition: Callable[[], object], what: str) -> None:
    """Wait for `condition`, then for the screen to settle (the footer is drawn again after the
    keys change)."""
    await wait_until(pilot, condition, timeout=20, what=what)
    await pilot.pause()
    await wait_until(pilot, lambda: screen_text(pilot.app).splitlines()[-1].strip(), what="footer")


async def our_turn(
    pilot: AppPilot, app: MeasuredApp, table: TableScreen, findings: Findings, where: str
) -> None:
    """Wait until it is our turn and the board shows it. A scoring window on the way is
    measured, then closed."""

    def ready() -> bool:
        if isinstance(app.screen, ScoringScreen):
            return True
        return app.screen is table and bool(session(app).legal) and drawn(app, table)

    while True:
        await until(pilot, ready, "our turn")
        if not isinstance(app.screen, ScoringScreen):
            return
        await measure_sizes(pilot, app, findings, f"{where}, the round's scores")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table, what="the table again")


async def play(
    pilot: AppPilot,
    app: MeasuredApp,
    table: TableScreen,
    order: tuple[str, ...],
    findings: Findings,
    where: str,
) -> None:
    """Make one move of ours (the first legal one by `order`), on our turn."""
    await our_turn(pilot, app, table, findings, where)
    current = session(app)
    action, seq = choose(order, current.legal), current.seq
    app.request(lambda s: s.act(action))
    await wait_until(pilot, lambda: session(app).seq != seq, what="our move made")


#: Every game at every number of players it allows, and Thistle's partnership game.
TABLES = [
    pytest.param(spec.id, players, {}, id=f"{spec.id}-{players}")
    for spec in all_games()
    for players in spec.player_counts
] + [
    pytest.param(spec.id, most, partnered(spec, most, {}), id=f"{spec.id}-{most}-partners")
    for spec in all_games()
    if spec.partnerships and (most := spec.max_players)
]


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_every_board_can_be_read(game: str, players: int, options: dict[str, Any]) -> None:
    plan, _server = play_plan(RandomBotsTable(game, players, options), "Tess", TEST_CONFIG)
    app = MeasuredApp(plan)
    findings = Findings()
    fewest = min(get_game(game).player_counts)
    sampled = SAMPLES.get(game, EARLY)
    samples = sampled if players == fewest and not options else sampled[:2]

    async def body() -> None:
        async with app.run_test(size=SIZES[0]) as pilot:
            table = await at_table(pilot, app)
            made = 0
            for sample in samples:
                where = f"{game} ×{players}"
                while made < sample:
                    await play(pilot, app, table, ORDERS.get(game, ()), findings, where)
                    made += 1
                await our_turn(pilot, app, table, findings, where)
                where = f"{where} after {made} moves"
                if game in MARKS_WITH_SPACE:
                    table.board.focus()
                    await pilot.press("space")
                    await pilot.pause()
                    where += ", a card marked"
                await measure_sizes(pilot, app, findings, where)
                if game in MARKS_WITH_SPACE:
                    await pilot.press("space")

    run_async(body, timeout=60)
    findings.check()
    # It saw what it should: cards of both colours, and dimmed cards on the boards that dim them.
    assert findings.screens["TableScreen"] == 2 * len(samples)
    if game in ("chinese-ten", "nobility"):
        assert findings.red_suits and findings.black_suits, findings
    if game in DIMS_CARDS:
        assert findings.dimmed, findings


async def first_legal_move(player: ClientSession) -> Any:
    return await player.act(player.legal[0])


async def open_a_table(player: ClientSession) -> None:
    """A table of Chinese Ten for two, with us in the first seat and nobody in the second."""
    table = await player.create_table("chinese-ten", 2, {})
    await player.sit(table.table_id, 0)


async def dialog(
    pilot: AppPilot,
    app: MeasuredApp,
    findings: Findings,
    key: str,
    kind: type[ModalScreen[Any]],
    cancel: str,
) -> None:
    """Open a dialog with `key`, measure it, and close it again with `cancel`."""
    under = app.screen
    await pilot.press(key)
    await until(pilot, lambda: isinstance(app.screen, kind), kind.__name__)
    await measure_sizes(pilot, app, findings, f"{type(under).__name__}'s {kind.__name__}")
    await pilot.press(cancel)
    await until(pilot, lambda: app.screen is under, f"back from {kind.__name__}")


def test_the_lobby_scores_history_and_replay_can_be_read() -> None:
    """A short game of Chinese Ten played to its end, then everything around a table."""
    plan, _server = play_plan(TablePlan("chinese-ten", 2, {"decks": 1}), "Tess", TEST_CONFIG)
    app = MeasuredApp(plan)
    findings = Findings()

    async def body() -> None:
        async with app.run_test(size=SIZES[0]) as pilot:
            table = await at_table(pilot, app)
            await our_turn(pilot, app, table, findings, "chinese-ten")
            await dialog(pilot, app, findings, "q", Confirm, "n")
            await dialog(pilot, app, findings, "ctrl+q", QuitChoice, "escape")
            await dialog(pilot, app, findings, "v", RunningScreen, "escape")

            acted_at = -1  # act once per update
            while not isinstance(app.screen, ScoringScreen):
                current = app.link.latest if app.link else None
                if current is not None and current.legal and current.seq != acted_at:
                    acted_at = current.seq
                    app.request(first_legal_move)
                await pilot.pause(0.02)
            await until(pilot, lambda: bool(app.screen.query("#result")), "the result")
            await measure_sizes(pilot, app, findings, "the last scores")

            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: "Chinese Ten" in screen_text(app), "the table listed")
            await measure_sizes(pilot, app, findings, "the lobby")
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, CreateTableScreen), "the form")
            await measure_sizes(pilot, app, findings, "the new-table form")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            await measure_sizes(pilot, app, findings, "the rules")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")

            await pilot.press("h")
            await until(
                pilot,
                lambda: isinstance(app.screen, HistoryScreen) and bool(app.screen.games),
                "the history",
            )
            await measure_sizes(pilot, app, findings, "the history")
            await pilot.press("enter")

            def replayed() -> bool:
                screen = app.screen
                return isinstance(screen, ReplayScreen) and bool(screen.steps)

            await until(pilot, replayed, "the replay")
            await measure_sizes(pilot, app, findings, "the replay's deal")
            await pilot.press(*["right"] * 5)
            await measure_sizes(pilot, app, findings, "the replay's fifth step")
            await pilot.press("end")
            await pilot.pause()
            await measure_sizes(pilot, app, findings, "the replay's last step")
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, ModalScreen), "the replay's scores")
            await measure_sizes(pilot, app, findings, "the replay's scores")
            await pilot.press("escape")
            await until(pilot, replayed, "the replay again")
            await pilot.press("p")
            await until(pilot, lambda: replayed() and not app.screen.loading, "the next seat")
            await measure_sizes(pilot, app, findings, "the replay from the other seat")

            # A table waiting for a second player, and its away time (for tables with people).
            await pilot.press("escape", "escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby at last")
            app.request(open_a_table)
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "a waiting table")
            await until(pilot, lambda: "Waiting" in screen_text(app), "the table waiting")
            await measure_sizes(pilot, app, findings, "a table waiting")
            await dialog(pilot, app, findings, "P", AwayPolicy, "escape")

    # A whole game and a dozen screens: about 17 s alone, three times that on a busy machine.
    run_async(body, timeout=120)
    findings.check()
    screens = {
        "Confirm", "QuitChoice", "RunningScreen", "AwayPolicy", "ScoringScreen", "LobbyScreen",
        "CreateTableScreen", "RulesScreen", "HistoryScreen", "ReplayScreen", "ReplayScores",
    }  # fmt: skip
    assert screens <= set(findings.screens), findings.screens
    assert findings.dimmed, "the replay's log dims the earlier steps"


#: Notices as the app gives them: a refusal, the clock, the end of a game.
NOTICES: tuple[tuple[SeverityLevel, str], ...] = (
    ("error", "Refused"),
    ("warning", "Clock"),
    ("information", "Game over"),
)


async def notices_shown(pilot: AppPilot, app: MeasuredApp, findings: Findings, where: str) -> None:
    """A notice of every severity, each with a title, measured on the screen now; then gone."""
    for severity, title in NOTICES:
        app.notify(f"A {severity} notice.", title=title, severity=severity, timeout=60)
    await until(pilot, lambda: len(app.screen.query("Toast")) == len(NOTICES), "the notices")
    await measure_sizes(pilot, app, findings, f"{where}, notices")
    app.clear_notifications()
    await until(pilot, lambda: not app.screen.query("Toast"), "the notices gone")


def test_notices_the_new_table_form_and_every_dialog_can_be_read() -> None:
    with server_thread(password="s3cret") as server:
        plan = JoinPlan("127.0.0.1", server.port, "Tess", timeout=5, keep_seats=False)
        app = MeasuredApp(plan)
        findings = Findings()

        async def body() -> None:
            async with app.run_test(size=SIZES[0], notifications=True) as pilot:
                await until(pilot, lambda: isinstance(app.screen, ProblemScreen), "the problem")
                await measure_sizes(pilot, app, findings, "the password asked for")
                app.screen.query_one("#answer", Input).value = "s3cret"
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
                await notices_shown(pilot, app, findings, "the lobby")

                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, CreateTableScreen), "the form")
                form = app.screen
                tick = form.query_one("#bots", Checkbox)
                for ticked in (True, False):
                    await until(pilot, lambda on=ticked: tick.value == on, "the checkbox")
                    await measure_sizes(pilot, app, findings, f"the form, bots {ticked}")
                    tick.focus()
                    await pilot.press("space")
                await notices_shown(pilot, app, findings, "the form")
                selects = [select for select in form.query(Select) if select.display]
                for select in selects:
                    select.focus()
                    await pilot.press("enter")
                    await until(pilot, lambda: open_lists(form), f"#{select.id} open")
                    await measure_sizes(pilot, app, findings, f"the form, #{select.id} open")
                    await pilot.press("escape")
                    await until(pilot, lambda: not open_lists(form), f"#{select.id} closed")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")

                chooser = SeatChooser("Whose seat goes to a bot?", [(1, "Bram"), (2, "greta")])
                await app.push_screen(chooser)
                await until(pilot, lambda: app.screen is chooser, "the seat chooser")
                await measure_sizes(pilot, app, findings, "the seat chooser")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

                assert app.link is not None
                importing = NameImport(app.link)
                await app.push_screen(importing)
                await until(pilot, lambda: app.screen is importing, "the name code dialog")
                await measure_sizes(pilot, app, findings, "the name code dialog")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby at last")

                # Every list was seen open at both sizes, and the notices in both places.
                assert findings.screens["open list"] == 2 * len(selects) >= 2 * 5, findings
                assert findings.screens["notice"] == 2 * 2 * len(NOTICES), findings

        run_async(body, timeout=60)
        findings.check()
        screens = {"ProblemScreen", "LobbyScreen", "CreateTableScreen", "SeatChooser", "NameImport"}
        assert screens <= set(findings.screens), findings.screens
