"""What a newcomer meets on the boards, at 80×24 and 120×40: every seat's area in sight, what the
other players did since our last move marked on the board, selections shown by more than colour,
Home and End in every hand, whole names where there is room, and rules that speak of the table's
own options.

Games against bots run in the real app (`cardtable play`, a server in the process, random bots);
positions set up by the test are drawn by the game's board at a table of its own.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards import Board
from cardtable.client.ui.boards.chinese_ten.board import ChineseTenBoard
from cardtable.client.ui.boards.layout import Row, lay_out
from cardtable.client.ui.boards.nobility.board import NobilityBoard
from cardtable.client.ui.boards.nobility.faces import face as nobility_face
from cardtable.client.ui.boards.queen_of_scots.board import QueenOfScotsBoard
from cardtable.client.ui.boards.queen_of_scots.faces import face as queen_face
from cardtable.client.ui.boards.thistle.board import ThistleBoard
from cardtable.client.ui.boards.thistle.drawing import DETAILS
from cardtable.client.ui.boards.thistle.faces import face as thistle_face
from cardtable.client.ui.boards.trupe.board import TrupeBoard
from cardtable.client.ui.boards.trupe.faces import face as trupe_face
from cardtable.client.ui.cards import card_label
from cardtable.client.ui.rules import RulesScreen, rules_markdown
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState, since_my_move
from cardtable.engine import Game, PlainAction, all_games, new_game
from cardtable.engine.cards import CardFace
from cardtable.engine.queen_of_scots.types import QueenFace
from cardtable.engine.thistle.cards import ThistleCard, clan_name
from cardtable.engine.trupe.cards import face as trupe_card
from cardtable.engine.trupe.types import TrupeFace
from cardtable.play import play_plan
from cardtable.wire.codec import from_wire, to_wire

from .support import (
    TEST_CONFIG,
    AppPilot,
    LocalTable,
    RandomBotsTable,
    at_table,
    hand_of,
    our_turn,
    plain_table,
    run_async,
    screen_text,
    session,
    shown,
    view,
    wait_until,
)
from .test_queen_of_scots_board import hand_cids
from .test_queen_of_scots_board import stacked as queen_stacked
from .test_thistle_board import areas
from .test_trupe_board import stacked as trupe_stacked

ME = 0
NAMES = ["Tess", "Bram"]
WIDE = 400


def bots_app(
    game: str, players: int, options: dict[str, Any] | None = None, *, delay: float = 0.0
) -> CardtableApp:
    """`cardtable play GAME` with random bots (their moves stay the same as the bots learn)."""
    config = replace(TEST_CONFIG, bot_delay=delay)
    plan, _ = play_plan(RandomBotsTable(game, players, options or {}), "Tess", config)
    return CardtableApp(plan)


async def our_next_turn(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> bool:
    """Wait for our turn (closing a scoring window on the way); False once the game is over."""

    def ready() -> bool:
        current = session(app).view
        over = current is not None and current["table"].get("phase") == "over"
        return isinstance(app.screen, ScoringScreen) or our_turn(app, table) or over

    while True:
        await wait_until(pilot, ready, what="our turn")
        if isinstance(app.screen, ScoringScreen):
            await pilot.press("enter")
            continue
        return bool(view(app)["legal"])


async def act(pilot: AppPilot, app: CardtableApp, table: TableScreen, action: PlainAction) -> None:
    """Make `action` through the board, as its keys would, and wait until the server has it."""
    before = len(session(app).log)
    table.board.choose(dict(action))
    await wait_until(pilot, lambda: len(session(app).log) > before, what=f"{action} made")


def plain(screen: str) -> str:
    """The screen's words one space apart (without the board's focus bar)."""
    return " ".join(screen.replace("█", " ").split())


def others_since_our_move(app: CardtableApp) -> list[dict[str, Any]]:
    return list(since_my_move(session(app).log, ME))


# -- what the others did: the log cut at our last move --------------------------------------------


def test_since_my_move_keeps_the_others_moves_of_this_round_only() -> None:
    log = [
        {"kind": "deal", "dealer": 1},
        {"kind": "turn", "seat": 0},
        {"kind": "lay", "seat": 0, "spot": 1},
        {"kind": "turn", "seat": 1},
        {"kind": "capture", "seat": 1, "spot": 2},
        {"kind": "flip", "seat": 1},
        {"kind": "turn", "seat": 0},
    ]
    # Ours: what Bram did after our lay, without the turns.
    assert since_my_move(log, 0) == (log[4], log[5])
    # Bram's: nothing since his own move.
    assert since_my_move(log, 1) == ()
    # A spectator: the last player's move.
    assert since_my_move(log, None) == (log[4], log[5])
    # Before our first move: what the others did since the deal, not before it.
    assert since_my_move([{"kind": "lay", "seat": 1}, *log[:2], log[4]], 0) == (log[4],)


def test_a_move_taken_back_brings_back_the_others_moves_before_it() -> None:
    log = [
        {"kind": "deal", "dealer": 1},
        {"kind": "turn", "seat": 1},
        {"kind": "capture", "seat": 1, "spot": 2},
        {"kind": "flip", "seat": 1},
        {"kind": "turn", "seat": 0},
        {"kind": "lay", "seat": 0, "spot": 1},
        {"kind": "flip", "seat": 0},
        {"kind": "turn", "seat": 1},
        {"kind": "take_back", "seat": 0, "words": "laying 7♣ on spot 2"},
    ]
    # We took our lay back: it is our move again, and Bram's capture is news again.
    assert since_my_move(log, 0) == (log[2], log[3])
    # Bram sees nothing of ours: the lay never happened.
    assert since_my_move(log, 1) == ()
    # Bram takes his capture back in turn (before we moved): nothing is news to us.
    assert since_my_move([*log[:4], {"kind": "take_back", "seat": 1}], 0) == ()


# -- everything in sight at 80×24 -----------------------------------------------------------------


def group_pattern(group: dict[str, Any]) -> str:
    """A group as the board may write it, in full or in brief: ``5 MacDonald ×4``,
    ``5 MacD×4``, ``5×4``."""
    clan = group["clan"]
    return rf"(?<!\d){clan}( {clan_name(clan)[:4]}[a-z]*)? ?×{group['size']}"


def check_all_in_sight(app: CardtableApp, thistle: ThistleBoard) -> None:
    """Every seat's heading and groups, its books (named or counted) and set-aside cards, and each
    team's heading are on the screen, with nothing to scroll."""
    current = view(app)
    table = current["table"]
    areas = thistle.query_one("#thistle-areas", VerticalScroll)
    assert areas.max_scroll_y == 0, screen_text(app)
    text = shown(app, areas)
    flat = " ".join(text.split())
    names = [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]
    for seat, name in enumerate(names):
        bare = re.escape(name.removesuffix(" (bot)"))  # in brief without "(bot)", "(you)"
        heading = rf"{bare}( \(bot\))?( \(you\))?( ▶)?( · | )-?\d+ pts"
        assert re.search(heading, flat), (name, text)
        for group in (g for g in table["groups"] if g["owner"] == seat):
            assert re.search(group_pattern(group), flat), (group_pattern(group), text)
        books = [book for book in table["books"] if book["owner"] == seat]
        if books:
            named = all(clan_name(book["clan"]) in flat for book in books)
            assert named or f"{len(books)} book" in flat, text
        if table["orphans"][seat]:
            assert "set aside" in flat, text
    if table.get("partnership"):
        for team in "AB":
            assert re.search(rf"Team {team}(: .+?)? · -?\d+ pts", flat), text


def thistle_move(legal: list[PlainAction], rng: random.Random) -> PlainAction:
    """Captures first, then plays, to fill the table with groups and books."""
    for kind in ("capture", "place", "play", "draw", "end", "deal"):
        found = [action for action in legal if action["kind"] == kind]
        if found:
            return rng.choice(found)
    return legal[0]


async def thistle_fits(players: int, options: dict[str, Any], turns: int) -> set[Any]:
    """Play `turns` of our moves at 80×24, checking at each that everything is in sight;
    returns the ways of writing the areas that were used."""
    app = bots_app("thistle", players, options)
    rng = random.Random(3)
    used: set[Any] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_table(pilot, app)
        thistle = table.board
        assert isinstance(thistle, ThistleBoard)
        for _ in range(turns):
            if not await our_next_turn(pilot, app, table):
                break
            await pilot.pause()
            check_all_in_sight(app, thistle)
            used.add(thistle.detail())
            # The prompt names what to press, not a colour.
            prompt = words_of(app, table)
            assert "green" not in prompt and "turquoise" not in prompt, prompt
            if view(app)["table"]["phase"] == "start" and thistle.letters():
                assert prompt.startswith("Capture a lettered group ("), prompt
            await act(pilot, app, table, thistle_move(view(app)["legal"], rng))
        await pilot.press("ctrl+q")
    return used


def words_of(app: CardtableApp, table: TableScreen) -> str:
    return " ".join(shown(app, table.query_one("#prompt")).split())


def test_thistle_shows_every_seat_books_and_groups_at_80_by_24_without_scrolling() -> None:
    async def body() -> None:
        used = await thistle_fits(2, {}, 150)
        assert len(used) > 1  # the areas were written more briefly as the table filled

    run_async(body, timeout=120)


def test_thistle_partnerships_fit_80_by_24_teams_and_all_four_seats_in_sight() -> None:
    async def body() -> None:
        used = await thistle_fits(4, {"partnership": True}, 30)
        assert used - {DETAILS[0]}, used

    run_async(body, timeout=120)


# -- what the others did, marked until our next move ---------------------------------------------


def test_chinese_ten_tells_each_bots_moves_and_marks_the_spots_they_changed() -> None:
    async def body() -> None:
        # A slow bot: the board can be looked at between our move and the bot's.
        app = bots_app("chinese-ten", 2, {"decks": 1}, delay=1.0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await at_table(pilot, app)
            board = table.board
            assert isinstance(board, ChineseTenBoard)
            told = cleared = 0
            for _ in range(4):
                if not await our_next_turn(pilot, app, table):
                    break
                await pilot.pause()
                recent = others_since_our_move(app)
                text = shown(app, board)
                spots = {e["spot"] for e in recent if e["kind"] in ("lay", "capture")}
                bottom = next(line for line in text.splitlines() if "╯" in line or "┛" in line)
                for spot in range(4):
                    assert (f"•{spot + 1}" in bottom) == (spot in spots), (spot, bottom)
                for event in recent:
                    if event["kind"] == "capture":
                        took = f"{card_label(from_wire(CardFace, event['card'])).strip()} took "
                        target = from_wire(CardFace, event["target"])
                        took += f"{card_label(target).strip()} from {event['spot'] + 1}"
                        assert took in " ".join(text.split()), (took, text)
                        told += 1
                    elif event["kind"] == "lay":
                        verb = "laid" if event["from"] == "hand" else "flipped"
                        laid = f"{verb} {card_label(from_wire(CardFace, event['card'])).strip()} "
                        assert laid in " ".join(text.split()), (laid, text)
                        told += 1
                if recent:
                    assert "Bram (bot): " in text, text
                # Our move: the marks and the news go until the bot moves again.
                action = next(a for a in view(app)["legal"] if "spot" in a)
                await act(pilot, app, table, action)
                ours = session(app).seq
                await wait_until(
                    pilot,
                    lambda ours=ours: not board.state.recent or session(app).seq != ours,
                    what="our move drawn",
                )
                await pilot.pause()
                if session(app).seq == ours:  # the bot has not moved yet: it is our move shown
                    assert "•" not in shown(app, board) and "Bram (bot):" not in shown(app, board)
                    cleared += 1
            assert told and cleared
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


def test_thistle_marks_the_groups_the_others_changed_until_our_next_move() -> None:
    async def body() -> None:
        app = bots_app("thistle", 2)
        rng = random.Random(5)
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app)
            thistle = table.board
            assert isinstance(thistle, ThistleBoard)
            marked = 0
            for _ in range(12):
                if not await our_next_turn(pilot, app, table):
                    break
                await pilot.pause()
                current = view(app)
                recent = others_since_our_move(app)
                changed = {e["group"] for e in recent if e["kind"] == "add"}
                changed |= {e["new_group"] for e in recent if e["kind"] == "capture"}
                text = thistle.table_text(WIDE)
                names = [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]
                by_seat = areas(text, names)
                for group in current["table"]["groups"]:
                    chip = f"{group['clan']} {clan_name(group['clan'])} ×{group['size']}"
                    found = re.search(rf"(•?)([a-z] )?{chip}", by_seat[group["owner"]])
                    assert found, (chip, text)
                    assert (found[1] == "•") == (group["id"] in changed), (chip, text)
                    marked += group["id"] in changed
                action = thistle_move(current["legal"], rng)
                await act(pilot, app, table, action)
                if action["kind"] == "draw":  # still our turn: what we did is not marked
                    await wait_until(pilot, lambda: our_turn(app, table), what="our play")
                    await pilot.pause()
                    assert not thistle.state.recent and "•" not in thistle.table_text(WIDE)
            assert marked
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


class NewsTable(LocalTable):
    """A board at a table of its own that hears every event, as our seat does, and is drawn with
    what the others did since our last move (as the table screen draws it)."""

    def __init__(self, game: Game, names: Sequence[str], seat: int = ME) -> None:
        super().__init__(game, names, seat)
        self.heard: list[dict[str, Any]] = []

    def state(self) -> TableState:
        return replace(super().state(), recent=since_my_move(self.heard, self.seat))

    def on_board_chosen(self, message: Board.Chosen) -> None:
        message.prevent_default()
        assert self.seat is not None
        action = to_wire(message.action)  # as it travels
        assert action in self.game.legal_actions(self.seat), action
        events = self.game.apply(self.seat, action)
        self.heard += [event.for_seat(self.seat) for event in events]
        self.made.append(action)
        self.redraw()

    def other(self, action: PlainAction, seat: int | None = None) -> None:
        events = self.game.apply(1 if seat is None else seat, action)
        self.heard += [event.for_seat(self.seat) for event in events]
        self.redraw()


def test_queen_of_scots_tells_what_bram_did_and_marks_his_set_and_discard() -> None:
    game = queen_stacked(
        ["Seton Ruthven Maitland Rizzio Beaton Arran Knox", "Knox Knox Knox Bothwell"],
        "Seton",
        stock="Arran Rizzio",
        dealer=1,
    )

    async def body() -> None:
        app = NewsTable(game, NAMES)
        async with app.run_test(size=(80, 24)) as pilot:
            queen = app.board
            assert isinstance(queen, QueenOfScotsBoard)
            await pilot.pause()
            # We draw and discard; Bram draws, melds three Knox cards and discards.
            await pilot.press("d")
            await steer_to(pilot, queen, hand_cids(game, ME, "Arran")[-1])
            await pilot.press("x")
            app.other({"kind": "draw"})
            knox = hand_cids(game, 1, "Knox Knox Knox")
            app.other({"kind": "meld", "cids": knox})
            app.other({"kind": "discard", "cid": hand_cids(game, 1, "Bothwell")[0]})
            await pilot.pause()
            text = plain(screen_text(app))
            assert "Bram · total 0 · sets 45 · hand 8 •drew, melded John Knox ×3 (45)," in text
            assert "discarded Bothwell 15" in text.replace("  ", " ")
            assert "•John Knox ×3 (45)" in text
            assert re.search(r"Pile ×\d+ • Bothwell 15", text), text
            # Our next move: the marks are gone.
            await pilot.press("d")
            await pilot.pause()
            assert "•" not in screen_text(app) and "drew" not in screen_text(app)

    run_async(body)


async def steer_to(pilot: AppPilot, board: Any, cid: int) -> None:
    for _ in range(len(hand_of(board))):
        if board.cursor == cid:
            return
        await pilot.press("right")
    assert board.cursor == cid


def test_trupe_tells_what_bram_did_and_marks_his_discard_in_the_row() -> None:
    game = trupe_stacked(
        ["B2 B2 M1 M1 G1 S4 S2 G3 G4 BGold SColors MWorld MBanner", "G2 G2 G2 S3"],
        pack="S1 B4 S1",
    )

    async def body() -> None:
        app = NewsTable(game, NAMES)
        async with app.run_test(size=(80, 24)) as pilot:
            trupe = app.board
            assert isinstance(trupe, TrupeBoard)
            await pilot.pause()
            await pilot.press("d")
            await steer_to(pilot, trupe, hand_of(trupe)[-1]["cid"])
            await pilot.press("x")
            # Bram draws, declares three of a kind and discards an S3.
            app.other({"kind": "draw"})
            declare = next(
                a for a in game.legal_actions(1) if a["kind"] == "declare" and "as" not in a
            )
            app.other(declare)
            s3 = next(c for c in game.hands[1] if trupe_face(trupe_card(c)) == "S3")
            app.other({"kind": "discard", "cid": s3})
            await pilot.pause()
            text = plain(screen_text(app))
            told = r"Bram · total 0 · table 5 · hand 10 •drew, declared (\S+×3) \(5\), discarded S3"
            found = re.search(told, text)
            assert found, text
            assert f"•{found[1]} (5)" in text, text  # his declaration
            assert re.search(r"Row .*•\d S3", text), text  # the card he discarded to the row
            await pilot.press("d")
            await pilot.pause()
            assert "•" not in screen_text(app)

    run_async(body)


def wire_of(game: Any, cid: int) -> dict[str, Any]:
    plain: dict[str, Any] = to_wire(trupe_card(cid))
    return plain


def test_nobility_marks_the_card_a_bot_discarded_on_the_pile() -> None:
    async def body() -> None:
        app = bots_app("nobility", 3)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await at_table(pilot, app)
            board = table.board
            assert isinstance(board, NobilityBoard)
            seen = False
            for _ in range(12):
                if not await our_next_turn(pilot, app, table):
                    break
                await pilot.pause()
                pile = view(app)["table"]["stock_discard"]
                thrown = {
                    e["card"]["cid"] for e in others_since_our_move(app) if e["kind"] == "discard"
                }
                top = board.top_text(WIDE).splitlines()[0]
                marked = bool(pile) and pile[-1]["cid"] in thrown
                assert ("•" in top) == marked, top
                seen |= marked
                legal = view(app)["legal"]
                action = next(
                    (a for a in legal if a["kind"] in ("draw", "discard", "done")), legal[0]
                )
                await act(pilot, app, table, action)
            assert seen
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


# -- selections, Home and End ---------------------------------------------------------------------


def cursor_face(board: Board, card: dict[str, Any]) -> str:
    """The card under the cursor as each board writes it, in brackets."""
    if isinstance(board, ChineseTenBoard):
        return f"[{card_label(from_wire(CardFace, card))}]"
    if isinstance(board, ThistleBoard):
        return f"[{thistle_face(from_wire(ThistleCard, card), full=board.whole_names())}]"
    if isinstance(board, QueenOfScotsBoard):
        return f"[{queen_face(from_wire(QueenFace, card), full=board.whole_names())}]"
    if isinstance(board, TrupeBoard):
        return f"[{trupe_face(from_wire(TrupeFace, card))}]"
    return f"[{nobility_face(from_wire(CardFace, card)):>3}]"


def cursor_of(board: Board) -> int | None:
    """The card under the cursor (Chinese Ten and Thistle call it the selected card)."""
    if isinstance(board, ChineseTenBoard | ThistleBoard):
        return board.selected
    assert isinstance(board, QueenOfScotsBoard | TrupeBoard | NobilityBoard)
    return board.cursor


def thistle_with_plays() -> Game:
    """A Thistle hand where, after our draw, several of our cards can be played."""
    for seed in range(100):
        game = new_game("thistle", 2, seed=seed, dealer=1)
        game.apply(ME, {"kind": "draw"})
        places = [a for a in game.legal_actions(ME) if a["kind"] == "place"]
        if places:
            game.apply(ME, places[0])
        if len({a["cid"] for a in game.legal_actions(ME) if a["kind"] == "play"}) > 1:
            return game
    raise AssertionError("no deal with plays after the draw")


def test_home_and_end_move_to_the_first_and_the_last_card_on_every_board() -> None:
    async def body() -> None:
        for game_id in ("chinese-ten", "thistle", "queen-of-scots", "trupe", "nobility"):
            seats = 3 if game_id == "nobility" else 2
            dealer = seats - 1  # we play first
            game = (
                thistle_with_plays()
                if game_id == "thistle"
                else new_game(game_id, seats, seed=4, dealer=dealer)
            )
            names = ["Tess", "Bram", "Cleo"][:seats]
            app = LocalTable(game, names)
            async with app.run_test(size=(80, 24)) as pilot:
                board = app.board
                await pilot.pause()
                hand = hand_of(board)
                assert len(hand) > 2, game_id
                cids = [card["cid"] for card in hand]
                with_moves = {a["cid"] for a in app.game.legal_actions(ME) if "cid" in a}
                # Chinese Ten and Thistle go through the cards that can be played.
                order = cids
                if isinstance(board, ChineseTenBoard | ThistleBoard):
                    order = [cid for cid in cids if cid in with_moves]
                    assert len(order) > 1, game_id
                for key, expected in (("end", order[-1]), ("home", order[0]), ("end", order[-1])):
                    await pilot.press(key)
                    await pilot.pause()
                    assert cursor_of(board) == expected, (game_id, key)
                    card = next(c for c in hand if c["cid"] == expected)
                    assert cursor_face(board, card) in screen_text(app), (game_id, key)

    run_async(body, timeout=60)


def test_a_selected_card_carries_a_tick_on_every_board_that_selects_several() -> None:
    async def body() -> None:
        for game_id in ("queen-of-scots", "trupe", "nobility"):
            seats = 3 if game_id == "nobility" else 2
            game = new_game(game_id, seats, seed=4, dealer=seats - 1)
            app = LocalTable(game, ["Tess", "Bram", "Cleo"][:seats])
            async with app.run_test(size=(80, 24)) as pilot:
                board = app.board
                await pilot.pause()
                await pilot.press("home", "space")
                await pilot.pause()
                first = hand_of(board)[0]
                label = cursor_face(board, first)
                assert f"✓{label}" in screen_text(app), game_id
                await pilot.press("right")
                await pilot.pause()
                # Off the cursor, still marked: ✓ and no brackets.
                assert f"✓ {label[1:-1]}" in screen_text(app), game_id
                await pilot.press("u")
                await pilot.pause()
                assert "✓" not in screen_text(app), game_id

    run_async(body, timeout=60)


# -- boards' small things -----------------------------------------------------------------------


def test_a_spot_of_thirteen_cards_keeps_its_label_inside_its_frame() -> None:
    game = new_game("chinese-ten", 2, seed=4, dealer=1)
    deck = game.deck  # type: ignore[attr-defined]
    game.spots[3] += [deck.pop() for _ in range(12)]  # type: ignore[attr-defined]

    async def body() -> None:
        app = LocalTable(game, NAMES)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            rows = screen_text(app).splitlines()
            top = next(i for i, row in enumerate(rows) if "╭" in row or "┏" in row)
            corners = [
                [m.start() for m in re.finditer(pattern, rows[top + k])]
                for k, pattern in ((0, "[╭┏]"), (2, "[╰┗]"))
            ]
            ends = [
                [m.start() for m in re.finditer(pattern, rows[top + k])]
                for k, pattern in ((0, "[╮┓]"), (2, "[╯┛]"))
            ]
            assert corners[0] == corners[1] and ends[0] == ends[1], rows[top : top + 3]
            assert "4×13" in rows[top + 2], rows[top + 2]

    run_async(body)


def test_trupe_row_stays_one_row_on_a_narrow_board() -> None:
    game = trupe_stacked(
        ["BBanner MColors GColors SBanner MBanner B1", "SColors GBanner MWorld BWorld GWorld"],
        pack="S1",
    )

    async def body() -> None:
        app = LocalTable(game, NAMES)
        async with app.run_test(size=(50, 30)) as pilot:
            trupe = app.board
            assert isinstance(trupe, TrupeBoard)
            await pilot.press("d")
            ours = ("BBanner", "MColors", "GColors")
            his = ("SColors", "GBanner", "MWorld")
            for mine, bram in zip(ours, his, strict=True):
                cid = next(
                    c["cid"] for c in hand_of(trupe) if trupe_face(from_wire(TrupeFace, c)) == mine
                )
                await steer_to(pilot, trupe, cid)
                await pilot.press("x")
                app.other({"kind": "draw"})
                held = app.game.hands[1]  # type: ignore[attr-defined]
                theirs = next(c for c in held if trupe_face(trupe_card(c)) == bram)
                app.other({"kind": "discard", "cid": theirs})
                await pilot.press("d")
            await pilot.pause()
            # Spaced as usual, the five cards would take two lines here.
            spaced = Row(Text("Row "), trupe.row_pieces(), gap=1)
            assert len(lay_out([spaced], trupe.content_size.width)[0]) > 1
            rows = [row.lstrip("█") for row in screen_text(app).splitlines()]
            at = next(i for i, r in enumerate(rows) if r.startswith("Row "))
            cards = re.findall(r"[1-5]•?[A-Z♣]", rows[at].replace(" ", ""))
            assert len(cards) == len(plain_table(trupe)["row"]) == 5, rows[at]
            assert rows[at + 1].startswith(app.names[ME]), rows[at : at + 2]

    run_async(body)


def test_trupe_premiums_and_penalties_say_what_they_do_and_count() -> None:
    game = trupe_stacked(["Mi2 Pro P1 B1 B1 G2 G3 M4 SGold S1 S1 S2 S3", "S4"], pack="M1 M2")

    async def body() -> None:
        app = LocalTable(game, NAMES)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            for words in (
                "Miranda (2 extra draws) −2 pts",
                "Prospero (loses a turn) −2 pts",
                "Premium +1 pt",
            ):
                assert words in text, text

    run_async(body)


def test_queen_of_scots_gives_whole_names_where_there_is_room() -> None:
    game = queen_stacked(["Knox Knox Knox Seton Ruthven", "Rizzio"], "Beaton")

    async def look(size: tuple[int, int], whole: bool) -> None:
        app = LocalTable(game, NAMES)
        async with app.run_test(size=size) as pilot:
            queen = app.board
            assert isinstance(queen, QueenOfScotsBoard)
            part = queen.query_one("#queen-hand")
            want = "John Knox 15" if whole else "Knox 15"
            await wait_until(pilot, lambda: want in shown(app, part), what=want)
            await pilot.pause()
            hand = shown(app, part)
            assert ("John Knox 15" in hand) == whole, hand
            assert ("Mary Seton 5" in hand) == whole, hand

    async def body() -> None:
        await look((120, 40), True)
        await look((60, 10), False)  # the short names leave the areas in sight

    run_async(body)


def test_thistle_hand_gives_whole_clan_names_at_120_by_40() -> None:
    async def body() -> None:
        app = bots_app("thistle", 2)
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app)
            thistle = table.board
            assert isinstance(thistle, ThistleBoard)
            await our_next_turn(pilot, app, table)
            await pilot.pause()
            hand = shown(app, thistle.query_one("#thistle-hand"))
            assert thistle.whole_names()
            for card in hand_of(thistle):
                if card["kind"] != "castle":
                    assert clan_name(card["clan"]) in hand, hand
            await pilot.press("ctrl+q")

    run_async(body)


# -- the rules, as this table plays them ----------------------------------------------------------


def test_the_rules_speak_of_the_tables_options() -> None:
    async def body() -> None:
        app = bots_app("queen-of-scots", 3, {"target": 500})
        async with app.run_test(size=(80, 24)) as pilot:
            table = await at_table(pilot, app)
            await pilot.press("question_mark")
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "At this table: target 500, edition standard, strict off." in text, text
            assert "The first player past 500 points wins." in text, text
            assert "1000" not in rules.markdown.replace("| 1000 |", "")  # the default, in its table
            await pilot.press("escape")
            assert app.screen is table
            await pilot.press("ctrl+q")

    run_async(body)


def test_every_games_rules_have_keys_home_and_end_and_no_source_files() -> None:
    for spec in all_games():
        game = spec.id
        text = rules_markdown(game, game, {})
        assert "\n## Keys\n" in text, game
        assert "Home / End" in text, game
        assert ".py" not in text and "cardtable/" not in text and "<!--" not in text, game
        assert "source" not in spec.rules_text.read_text(encoding="utf-8"), game
    chinese = rules_markdown("chinese-ten", "Chinese Ten", {"decks": 1})
    assert "**At this table:** `decks` 1, `rounds` 1, `strict` off." in chinese


def test_queen_of_scots_for_three_keeps_every_seat_in_sight_at_80_by_24() -> None:
    async def body() -> None:
        app = bots_app("queen-of-scots", 3, {"target": 500})
        rng = random.Random(2)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await at_table(pilot, app)
            queen = table.board
            assert isinstance(queen, QueenOfScotsBoard)
            told = 0
            for _ in range(40):
                if not await our_next_turn(pilot, app, table):
                    break
                await pilot.pause()
                areas = queen.query_one("#queen-areas", VerticalScroll)
                assert areas.max_scroll_y == 0, screen_text(app)
                text = plain(shown(app, areas))
                for name in ("Tess (you)", "Bram (bot)", "Cleo (bot)"):
                    assert name in text, text
                told += "•" in text
                legal = view(app)["legal"]
                kinds = ("meld", "add", "take", "draw", "discard", "deal", "stop")
                action = next(
                    (
                        rng.choice([a for a in legal if a["kind"] == k])
                        for k in kinds
                        if any(a["kind"] == k for a in legal)
                    ),
                    legal[0],
                )
                await act(pilot, app, table, action)
            assert told
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)
