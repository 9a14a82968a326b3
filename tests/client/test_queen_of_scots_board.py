"""The Queen of Scots board, driven as a player would: `cardtable play` (a server in the process,
random bots in the other seats, a fixed shuffle, instant bots) at 80×24, with the keyboard and the
mouse; positions dealt from a stacked deck onto the board alone, for the choices a shuffle rarely
gives (which cards take the pile, which set a taken Crown Jewel joins, an empty stock); and the
same board in a replay, from a seat and from a spectator's place.

Each move is checked in the game's log (the event it makes, by our seat), and at every turn the
board's text is checked against the view: each seat's sets with their values, hand counts and
totals, the stock, the pile and its top card, and our hand card by card.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from rich.color import Color
from rich.color_triplet import ColorTriplet
from textual.app import App

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards import Board
from cardtable.client.ui.boards.layout import lay_out
from cardtable.client.ui.boards.queen_of_scots.board import QueenOfScotsBoard
from cardtable.client.ui.rules import RulesScreen, for_table
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameAction, PlainAction, RoundScore, get_game, new_game
from cardtable.engine.queen_of_scots.edition import STANDARD
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.scoring import seat_lines
from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.play import LocalServer, play_plan
from cardtable.protocol import HistoryEntry
from cardtable.wire.codec import to_wire
from tests.protocol.records import table_in_play

from .support import (
    SIZE,
    TEST_CONFIG,
    AppPilot,
    LocalTable,
    RandomBotsTable,
    ReplayApp,
    ScoresApp,
    Shown,
    at_table,
    check_breakdown,
    drawn,
    footer_with,
    hand_of,
    noticed,
    on_screen,
    our_turn,
    places,
    prompt_is,
    replay_of,
    run_async,
    session,
    shown,
    spot,
    style_at,
    view,
    wait_until,
    words,
)

ME = 0  # `cardtable play` seats us at seat 0, as the table's creator
#: Wide enough that no line wraps: one line per seat's heading, one per its sets.
WIDE = 400
NAMES = ["Tess", "Bram (bot)"]


def queen_app(players: int = 2) -> tuple[CardtableApp, LocalServer]:
    """The app as `cardtable play queen-of-scots` builds it, with random bots."""
    plan, server = play_plan(RandomBotsTable("queen-of-scots", players, {}), "Tess", TEST_CONFIG)
    return CardtableApp(plan), server


def board(table: TableScreen) -> QueenOfScotsBoard:
    assert isinstance(table.board, QueenOfScotsBoard)
    return table.board


# -- what the board should say -------------------------------------------------------------------


def face(card: dict[str, Any], *, full: bool = False) -> str:
    """A card as the board writes it: ``Knox 15``, ``♛Mary 30``, ``◆Jewels 50``; `full`:
    ``John Knox 15``."""
    mark = {"royal": "♛", "wild": "◆"}.get(card["type"], "")
    return f"{mark}{card['name'] if full else card['short']} {card['value']}"


def plain_cards(text: str) -> str:
    """Hand lines without the cursor's brackets and the ✓ of selected cards, one space apart."""
    return " ".join(text.replace("[", " ").replace("]", " ").replace("✓", " ").split())


def chip(group: dict[str, Any]) -> str:
    """A set as the board writes it: ``Knox ×3 +1◆ (95)``, ``♛Royals ×4 (85)``."""
    jewels = sum(1 for card in group["cards"] if card["type"] == "wild")
    naturals = [card for card in group["cards"] if card["type"] != "wild"]
    name = "♛Royals" if group["royal"] else naturals[0]["short"]
    assert group["value"] == sum(card["value"] for card in group["cards"])
    return f"{name} ×{len(naturals)}" + (f" +{jewels}◆" if jewels else "") + f" ({group['value']})"


def hand_text(queen: QueenOfScotsBoard) -> str:
    lines, _ = lay_out(queen.hand_rows(), WIDE)
    return "\n".join(line.plain for line in lines)


def top_text(queen: QueenOfScotsBoard) -> str:
    lines, _ = lay_out(queen.top_rows(), WIDE)
    return "\n".join(line.plain for line in lines)


def check_board(queen: QueenOfScotsBoard, current: dict[str, Any], names: list[str]) -> None:
    """The board's text says what the view says: each seat's heading (total, the value of its
    sets, its hand count) over its sets; the stock, the pile and its top; our hand in order."""
    table = current["table"]
    me = current["seat"]
    lines = queen.table_text(WIDE).splitlines()
    seats = current["seats"]
    order = [((me or 0) + k) % seats for k in range(seats)]
    assert len(lines) == 2 * seats, lines
    for index, seat in enumerate(order):
        heading, sets = lines[2 * index], lines[2 * index + 1]
        name = names[seat] + (" (you)" if seat == me else "")
        assert heading.startswith(name + (" ▶" if seat == table["turn"] else " · ")), heading
        total = current["totals"][seat]
        values = f"total {total} · sets {table['table_values'][seat]}"
        assert f"· {values} · hand {table['hand_counts'][seat]}" in heading, heading
        mine = [group for group in table["sets"] if group["owner"] == seat]
        for group in mine:
            found = re.search(rf"(^|\s|•)([a-z] )?{re.escape(chip(group))}", sets)
            assert found, (chip(group), sets)
        assert len(re.findall(r"×\d+", sets)) == len(mine), sets
        assert sum(group["value"] for group in mine) == table["table_values"][seat]
        if not mine:
            assert sets.strip() == "no sets"
    top = top_text(queen)
    stock = f"Stock  ▒▒ ×{table['stock']} " if table["stock"] else "Stock empty"
    assert top.startswith(stock), top
    pile = f"Pile ×{len(table['pile'])}"
    # The top card, marked • when another player just discarded it.
    shown_top = f" •? {re.escape(face(table['top']))} " if table["top"] else " "
    assert re.search(re.escape(pile) + shown_top, top), top
    assert f"Round {current['round']} · to {table['target']}" in top, top
    under = table["pile"][:-1]
    more = f"{len(under)} more to your hand ({sum(card['value'] for card in under)})"
    takes = any(action["kind"] == "take" for action in current["legal"])
    assert (more in top) == (takes and bool(under)), top
    if table["hand"] is not None:
        hand = hand_text(queen).splitlines()
        assert hand[0].startswith(f"Your hand ({len(table['hand'])})"), hand
        # Each card by its short name, or all by their whole names where there is room.
        cards = plain_cards(" ".join(hand[1:]))
        assert cards in (
            " ".join(face(card) for card in table["hand"]),
            " ".join(face(card, full=True) for card in table["hand"]),
        ), (cards, table["hand"])
        cids = [card["cid"] for card in table["hand"]]
        assert cids == STANDARD.sorted(cids)  # sorted: characters, royals, Crown Jewels


def colour(name: str) -> ColorTriplet:
    return Color.parse(name).get_truecolor()


def check_marks(app: App[Any], queen: QueenOfScotsBoard, hand: list[dict[str, Any]]) -> set[str]:
    """A royal in the hand shows ♛ on purple, a Crown Jewel ◆ on red, a character neither; returns
    the kinds of cards that were looked at."""
    part = queen.query_one("#queen-hand")
    looked: set[str] = set()
    for card in hand:
        if card["type"] in looked:
            continue
        try:
            x, y = spot(app, face(card, full=queen.whole_names()), part)
        except AssertionError:
            continue  # scrolled out of sight
        background = style_at(app, x, y).bgcolor.get_truecolor()
        if queen.picked:
            break  # a selected copy may be the one found
        if card["type"] == "royal":
            assert face(card).startswith("♛") and background == colour("purple4"), background
        elif card["type"] == "wild":
            assert face(card).startswith("◆") and background == colour("#af0000"), background
        else:
            assert face(card)[0].isalpha()
            tiers = [colour(name) for name in ("#005f00", "dodger_blue3", "dark_orange3")]
            assert background in tiers, background
        looked.add(card["type"])
    return looked


# -- moves with keys -----------------------------------------------------------------------------


def made(event: dict[str, Any], action: dict[str, Any], seat: int = ME) -> bool:
    """Whether `event` is what our `action` makes happen."""
    kind = action["kind"]
    if kind == "deal":
        return bool(event["kind"] == "deal")
    if event.get("seat") != seat or event["kind"] != kind:
        return False
    if kind == "take":
        if "set" in action:
            return bool(event["jewels_shown"]) and event["set"] == action["set"]
        return sorted(card["cid"] for card in event["played"]) == sorted(action["cids"])
    if kind == "meld":
        return sorted(card["cid"] for card in event["cards"]) == sorted(action["cids"])
    if kind in ("add", "discard"):
        return bool(event["card"]["cid"] == action["cid"])
    return True


async def until_made(
    pilot: AppPilot, app: CardtableApp, actions: Sequence[dict[str, Any]], before: int
) -> None:
    """Wait until every one of `actions` has been made, in order."""

    def done() -> bool:
        log = session(app).log[before:]
        found = 0
        for event in log:
            if found < len(actions) and made(event, actions[found]):
                found += 1
        return found == len(actions)

    await wait_until(pilot, done, timeout=5, what=f"{actions} to be made")


async def steer(pilot: AppPilot, queen: QueenOfScotsBoard, cid: int) -> None:
    """Move the cursor to `cid` with ← or → (the shorter way, wrapping round)."""
    order = [card["cid"] for card in hand_of(queen)]
    ahead = (order.index(cid) - order.index(queen.cursor)) % len(order)
    key, count = ("right", ahead) if ahead <= len(order) // 2 else ("left", len(order) - ahead)
    await pilot.press(*[key] * count)
    assert queen.cursor == cid


async def select(pilot: AppPilot, queen: QueenOfScotsBoard, cids: Sequence[int]) -> None:
    """Select exactly `cids` with the cursor and space."""
    if queen.picked:
        await pilot.press("u")
    for cid in cids:
        await steer(pilot, queen, cid)
        await pilot.press("space")
    assert sorted(queen.picked) == sorted(cids)


def match_of(card: dict[str, Any]) -> str | None:
    return None if card["type"] == "wild" else "royal" if card["type"] == "royal" else card["name"]


async def greedy_move(
    pilot: AppPilot, app: CardtableApp, queen: QueenOfScotsBoard, done: dict[str, int]
) -> list[dict[str, Any]]:
    """A move made with keys, greedy for the table: take the pile (with every matching card, or
    by its letter), meld (selecting by hand, or letting m select), add every card that fits a set
    (all at once by the set's letter; a single card waits for a second), else discard the least
    matched card with x; d draws, e ends an empty stock's round. Returns the actions it makes, in
    order."""
    current = view(app)
    legal, table = current["legal"], current["table"]
    hand = table["hand"]
    kinds = {action["kind"] for action in legal}
    if "deal" in kinds:
        await pilot.press("d")
        return [{"kind": "deal"}]
    if table["phase"] == "pickup":
        takes = [action for action in legal if action["kind"] == "take"]
        if takes and "set" in takes[0]:
            action = takes[-1]
            target = next(t for t in queen.targets() if t.item.set_id == action["set"])
            await pilot.press(target.key)
            return [action]
        if takes:
            top = match_of(table["top"])
            matching = [card["cid"] for card in hand if match_of(card) == top]
            if done.get("take", 0) % 2 == 0:
                await select(pilot, queen, matching)
                heading = hand_text(queen).splitlines()[0]
                assert "t: take with them" in heading, heading
                await pilot.press("t")
                return [{"kind": "take", "cids": matching}]
            target = queen.targets()[-1]
            assert target.item.set_id is None
            assert f"{target.key} " in top_text(queen).splitlines()[1]
            await pilot.press(target.key)
            return [to_wire(action) for action in target.item.actions]
        if "draw" in kinds:
            await pilot.press("d")
            return [{"kind": "draw"}]
        await pilot.press("e")
        return [{"kind": "stop"}]
    melds = [action for action in legal if action["kind"] == "meld"]
    if melds:
        if done.get("meld", 0) % 2 == 0:
            cids = list(melds[-1]["cids"])
            await select(pilot, queen, cids)
            heading = hand_text(queen).splitlines()[0]
            value = sum(STANDARD.cards[cid].value for cid in cids)
            assert re.search(rf"m: meld .+ ×\d+ .*\({value}\)$", heading), heading
        else:
            if queen.picked:
                await pilot.press("u")
            await pilot.press("m")  # selects a meld
            cids = list(queen.chosen())
            assert len(cids) >= 3
        await pilot.press("m")
        return [{"kind": "meld", "cids": cids}]
    adds = [action for action in legal if action["kind"] == "add"]
    addable = {action["cid"] for action in adds}
    by_set: dict[int, list[int]] = {}
    for action in adds:
        by_set.setdefault(action["set"], []).append(action["cid"])
    if adds and (max(map(len, by_set.values())) > 1 or addable >= {c["cid"] for c in hand}):
        # A single card waits for another to go with it, unless nothing else is left.
        sid, cids = max(by_set.items(), key=lambda item: len(item[1]))
        await select(pilot, queen, cids)
        key = queen.set_keys()[sid]
        assert re.search(rf"(^|\s){key} ", queen.table_text(WIDE).splitlines()[1])
        await pilot.press(key)
        return [{"kind": "add", "cid": cid, "set": sid} for cid in cids]
    counts: dict[str | None, int] = {}
    for card in hand:
        counts[match_of(card)] = counts.get(match_of(card), 0) + 1
    loner = min(
        hand,
        key=lambda card: (card["cid"] in addable, card["type"] == "wild", counts[match_of(card)]),
    )
    if queen.picked:
        await pilot.press("u")
    await steer(pilot, queen, loner["cid"])
    assert f"[{face(loner, full=queen.whole_names())}]" in hand_text(queen)
    await pilot.press("x")
    return [{"kind": "discard", "cid": loner["cid"]}]


# -- a round with the keyboard -------------------------------------------------------------------


def test_rounds_played_with_keys_show_sets_marks_and_scores() -> None:
    async def body() -> None:
        app, _ = queen_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            queen = board(table)
            assert queen.has_focus
            names = [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]
            done: dict[str, int] = {}
            marks: set[str] = set()
            wanted = {"draw", "take", "meld", "add", "several adds", "discard"}
            while not (wanted <= done.keys() and isinstance(app.screen, ScoringScreen)):
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
                    what="our turn or the scores",
                )
                if isinstance(app.screen, ScoringScreen):
                    if wanted <= done.keys():
                        break
                    await check_scores(pilot, app, table, names)
                    assert view(app)["round"] <= 4, done  # a few rounds show every move
                    continue
                current = view(app)
                check_board(queen, current, names)
                # (Drawn on the screen once the prompt is: the screen shows this view.)
                await prompt_is(pilot, app, table, queen.prompt(table.state))  # type: ignore[arg-type]
                if marks != {"royal", "wild", "character"}:
                    marks |= check_marks(app, queen, current["table"]["hand"])
                phase, stock = current["table"]["phase"], current["table"]["stock"]
                kinds = {action["kind"] for action in current["legal"]}
                keys = {
                    "d Draw": phase == "pickup" and stock > 0,
                    "x Discard": phase == "meld",
                    "t Take pile": "take" in kinds,
                    "m Meld": "meld" in kinds,
                }
                await footer_with(pilot, app, keys)
                before = len(session(app).log)
                actions = await greedy_move(pilot, app, queen, done)
                done[actions[0]["kind"]] = done.get(actions[0]["kind"], 0) + 1
                if actions[0]["kind"] == "add" and len(actions) > 1:
                    done["several adds"] = done.get("several adds", 0) + 1
                await until_made(pilot, app, actions, before)

            # Every kind of move was made with keys, and the marks were on the screen.
            assert done["take"] >= 2 and done["meld"] >= 2, done
            assert marks == {"royal", "wild", "character"}, marks
            await check_scores(pilot, app, table, names)
            await pilot.press("ctrl+q")

    run_async(body, timeout=240)


async def check_scores(
    pilot: AppPilot, app: CardtableApp, table: TableScreen, names: list[str]
) -> None:
    """The round's breakdown, line by line as the engine scored it; closed with enter, the
    totals are on the board and in the players panel."""
    labels = check_breakdown(app, await on_screen(pilot, app, "This round"))
    assert any(label.startswith("On the table at ") for label in labels), labels
    assert any(label.startswith("In hand at ") for label in labels), labels
    await pilot.press("enter")
    assert app.screen is table
    await wait_until(pilot, lambda: drawn(app, table), what="the board")
    current = view(app)
    assert current["round_scores"] and current["totals"] != [0, 0]
    check_board(board(table), current, names)
    totals = [f"total {total} │" for total in current["totals"]]
    panel = await on_screen(pilot, app, *totals, widget=table.query_one("#players"))
    for seat, total in enumerate(current["totals"]):
        row = next(line for line in panel.splitlines() if names[seat] in line)
        assert words(row).endswith(f"total {total} │"), row
        counts = current["table"]["hand_counts"][seat], current["table"]["table_values"][seat]
        assert f"hand {counts[0]} · sets {counts[1]}" in row, row


# -- the mouse -----------------------------------------------------------------------------------


def test_clicks_draw_select_and_discard_and_question_mark_shows_the_rules() -> None:
    async def body() -> None:
        app, _ = queen_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            queen = board(table)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            # A click on the stock draws.
            assert view(app)["table"]["phase"] == "pickup"
            before = len(session(app).log)
            top = queen.query_one("#queen-top")
            assert await pilot.click(offset=spot(app, "Stock", top))
            await until_made(pilot, app, [{"kind": "draw"}], before)
            await wait_until(pilot, lambda: our_turn(app, table), what="our melds")
            current = view(app)
            assert current["table"]["phase"] == "meld"
            # A click on a card selects it (and moves the cursor there); another unselects it.
            card = current["table"]["hand"][-1]
            part = queen.query_one("#queen-hand")
            label = face(card, full=queen.whole_names())
            assert await pilot.click(offset=spot(app, label, part))
            assert queen.picked == [card["cid"]] and queen.cursor == card["cid"]
            # Selected: in brackets (the cursor) with a ✓ before it, not by its colour alone.
            assert f"✓[{label}]" in shown(app, part)
            assert "1 selected" in shown(app, part)
            assert await pilot.click(offset=spot(app, label, part))
            assert queen.picked == []
            assert f"✓[{label}]" not in shown(app, part) and f" [{label}]" in shown(app, part)
            # Select it again and click the pile: it is discarded.
            assert await pilot.click(offset=spot(app, label, part))
            before = len(session(app).log)
            assert await pilot.click(offset=spot(app, "Pile", top))
            await until_made(pilot, app, [{"kind": "discard", "cid": card["cid"]}], before)
            # ? shows this game's rules, from its package's rules.md.
            await pilot.press("question_mark")
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            path = get_game("queen-of-scots").rules_text
            assert rules.markdown == for_table(
                path.read_text(encoding="utf-8"), "queen-of-scots", {}
            )
            assert rules.markdown.startswith("# Queen of Scots\n")
            await pilot.press("escape")
            assert app.screen is table and queen.has_focus
            await pilot.press("ctrl+q")

    run_async(body)


# -- positions dealt from a stacked deck, on the board alone --------------------------------------


def stacked(hands: Sequence[str], upcard: str, stock: str = "", dealer: int = 1) -> QueenOfScots:
    """A two-player game dealt so that each seat holds `hands` (short names, filled up with the
    lowest unused cards), `upcard` is turned up and `stock` lies on top of the stock."""
    free = list(range(len(STANDARD)))

    def take(label: str) -> int:
        cid = next(cid for cid in free if STANDARD.cards[cid].short == label)
        free.remove(cid)
        return cid

    dealt = [[take(label) for label in hand.split()] for hand in hands]
    up = take(upcard)
    top = [take(label) for label in stock.split()]
    for hand in dealt:
        hand += [free.pop(0) for _ in range(11 - len(hand))]
    seats = len(hands)
    order = [dealt[(dealer + k) % seats][i] for i in range(11) for k in range(1, seats + 1)]
    setup = get_game("queen-of-scots").setup(seats, {}, 5, dealer)
    return QueenOfScots(setup, stack=[*order, up, *top, *free])


class Local(LocalTable):
    """Our seat at a Queen of Scots table of its own (see `LocalTable`)."""

    def __init__(self, game: QueenOfScots, seat: int = ME) -> None:
        super().__init__(game, NAMES, seat)

    def on_board_chosen(self, message: Board.Chosen) -> None:
        # The board chooses typed actions; the table screen sends them in plain form, as
        # `LocalTable`'s own handler (which Textual calls next) then receives them.
        if isinstance(message.action, GameAction):
            message.action = to_wire(message.action)


def local_board(app: Local) -> QueenOfScotsBoard:
    assert isinstance(app.board, QueenOfScotsBoard)
    return app.board


def hand_cids(game: QueenOfScots, seat: int, labels: str) -> list[int]:
    """Distinct ids of the cards labelled `labels` in `seat`'s hand."""
    free = list(game.hands[seat])
    found = []
    for label in labels.split():
        cid = next(cid for cid in free if STANDARD.cards[cid].short == label)
        free.remove(cid)
        found.append(cid)
    return found


def set_of(game: QueenOfScots, seat: int, match: str) -> QueenSet:
    group = game.set_of(seat, match)
    assert group is not None
    return group


def test_a_royal_top_offers_lettered_takes_then_meld_add_and_a_jewel_taken_onto_a_chosen_set() -> (
    None
):
    game = stacked(
        ["James James Mary Darnley Knox Knox Knox Jewels Jewels Jewels Seton", "Jewels Rizzio"],
        "Guise",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(80, 24)) as pilot:
            queen = local_board(app)
            await on_screen(pilot, app, "Pile ×1  ♛Guise 25", "Knox 15")
            whole = queen.whole_names()  # the whole names, where there is room
            cards = [
                to_wire(STANDARD.face(hand_cids(game, ME, label)[0]))
                for label in ("James", "Jewels")
            ]
            await on_screen(pilot, app, *(face(card, full=whole) for card in cards))
            # One letter for each distinct pair of royals that may take the pile.
            options = [t for t in queen.targets() if t.item.set_id is None]
            shows = [
                sorted(STANDARD.cards[c].short for c in to_wire(t.item.actions[0])["cids"])
                for t in options
            ]
            assert shows == [  # by full name: King James, Lord Darnley, Mary, Queen of Scots
                ["James", "James"],
                ["Darnley", "James"],
                ["James", "Mary"],
                ["Darnley", "Mary"],
            ]
            assert [t.key for t in options] == ["a", "f", "g", "h"]
            line = top_text(queen).splitlines()[1]
            assert line == (
                "Take with:  a ♛James+♛James  f ♛James+♛Darnley  g ♛James+♛Mary  h ♛Darnley+♛Mary"
            )
            # t alone cannot know which: it says so.
            await pilot.press("t")
            await noticed(pilot, app, "Choose the cards to show: press a, f, g, h.")
            assert not app.made
            # Selected cards that do not match are refused by the board.
            await select(pilot, queen, hand_cids(game, ME, "James Knox"))
            await pilot.press("t")
            await noticed(pilot, app, "John Knox does not match the Mary of Guise on top.")
            # a: the two Jameses and the Guise start a royal family set.
            await pilot.press("u", "a")
            assert app.made == [to_wire(options[0].item.actions[0])]
            royals = set_of(game, ME, "royal family")
            assert len(royals.cards) == 3
            await on_screen(pilot, app, "♛Royals ×3 (65)")

            # Meld: two Knox cards and a Crown Jewel, selected by hand.
            meld = hand_cids(game, ME, "Knox Knox Jewels")
            await select(pilot, queen, meld)
            assert "3 selected (80) · m: meld John Knox ×2 +1◆ (80)" in hand_text(queen)
            await pilot.press("m")
            assert app.made[-1] == {"kind": "meld", "cids": STANDARD.sorted(meld)}
            knox = set_of(game, ME, "John Knox")
            # Two cards onto the royal set with one letter: two adds, one after the other.
            more = hand_cids(game, ME, "Mary Darnley")
            await select(pilot, queen, more)
            keys = queen.set_keys()
            assert set(keys) == {royals.id}  # Mary and Darnley fit the royals, not the Knox set
            await pilot.press(keys[royals.id])
            await wait_until(pilot, lambda: len(app.made) == 4, what="the second add")
            assert app.made[-2:] == [  # in hand order: Darnley, then Mary
                {"kind": "add", "cid": cid, "set": royals.id} for cid in STANDARD.sorted(more)
            ]
            assert "♛Royals ×5 (115)" in queen.table_text(WIDE)
            # The last Knox: with the cursor on it, the Knox set takes it (and so would a Jewel).
            last = hand_cids(game, ME, "Knox")[0]
            await steer(pilot, queen, last)
            assert set(queen.set_keys()) == {knox.id}
            # Several selected cards cannot be discarded at once.
            await select(pilot, queen, hand_cids(game, ME, "Knox Seton"))
            await pilot.press("x")
            await noticed(pilot, app, "Select one card to discard (u unselects).")
            # x discards the card under the cursor.
            await pilot.press("u")
            seton = hand_cids(game, ME, "Seton")[0]
            await steer(pilot, queen, seton)
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": seton}

            # The other player draws and discards a Crown Jewel: we show our two Jewels and
            # choose which of our sets takes it.
            app.other({"kind": "draw"})
            app.other({"kind": "discard", "cid": hand_cids(game, 1, "Jewels")[0]})
            assert "Take: the ◆Jewels join a lettered set" in top_text(queen)
            keys = queen.set_keys()
            assert set(keys) == {royals.id, knox.id}
            assert queen.prompt(app.state()) == (
                "Draw (d), or show two ◆Jewels and take the pile: press a letter."
            )
            assert "1 more to your hand (5)" in top_text(queen)  # the Seton under it
            await pilot.press("t")
            keys_words = ", ".join(keys[group.id] for group in (royals, knox))
            await noticed(pilot, app, f"Choose the set for the Crown Jewels: press {keys_words}.")
            await pilot.press(keys[knox.id])
            assert app.made[-1] == {"kind": "take", "set": knox.id}
            assert "Knox ×2 +2◆ (130)" in queen.table_text(WIDE)
            assert not app.refused

    run_async(body)


def test_an_empty_stock_ends_the_round_with_e_and_we_deal_the_next_with_d() -> None:
    game = stacked(
        ["Arran Arran Arran Beaton Seton Ruthven Maitland Rizzio Knox Bothwell James", "Rizzio"],
        "Mary",
    )
    # Every card of the stock goes under the pile: the stock is empty.
    game.pile = [*game.stock, *game.pile]
    game.stock = []

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(80, 24)) as pilot:
            queen = local_board(app)
            assert "Stock empty" in top_text(queen)
            assert queen.prompt(app.state()) == (
                "The stock is empty and you cannot take the pile: e ends the round."
            )
            await footer_with(
                pilot, app, {"e End round": True, "d Draw": False, "t Take pile": False}
            )
            await pilot.press("d", "t")
            assert not app.made
            await pilot.press("e")
            assert app.made == [{"kind": "stop"}]
            assert game.round_scores and game.round_scores[-1].points[ME] < 0
            # We deal the next round, with d.
            assert app.state().legal == [{"kind": "deal"}]
            assert queen.prompt(app.state()) == "Press d to deal the next round."
            await footer_with(pilot, app, {"d Deal": True})
            total = game.totals[ME]
            assert f"Tess (you) · total {total} · sets 0 · hand " in queen.table_text(WIDE)
            await pilot.press("d")
            assert app.made[-1] == {"kind": "deal"} and game.round == 2
            assert "Round 2 · to 1000" in top_text(queen)
            assert f"Tess (you) · total {total} · sets 0 · hand 11" in queen.table_text(WIDE)

    run_async(body)


def test_m_selects_every_card_of_a_kind_and_a_second_m_melds_them() -> None:
    game = stacked(
        ["Arran Arran Arran Arran Beaton Beaton Jewels Seton Ruthven Maitland Rizzio", "Rizzio"],
        "Bothwell",
        stock="Knox",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(80, 24)) as pilot:
            queen = local_board(app)
            await pilot.press("d")
            assert app.made == [{"kind": "draw"}]
            assert "melds: Beaton, Arran (m)" in hand_text(queen)
            # The cursor on a Beaton: m still prefers a set that spends no Crown Jewel, all
            # four Arrans, and says so.
            await steer(pilot, queen, hand_cids(game, ME, "Beaton")[0])
            await pilot.press("m")
            arrans = hand_cids(game, ME, "Arran Arran Arran Arran")
            assert sorted(queen.picked) == sorted(arrans)
            await noticed(pilot, app, "Selected Earl of Arran ×4 (40): m melds it, u unselects.")
            assert "4 selected (40) · m: meld Earl of Arran ×4 (40)" in hand_text(queen)
            count = len(app.made)
            await pilot.press("m")
            # As the server takes only listed actions: the smallest meld, then an add.
            await wait_until(pilot, lambda: len(app.made) >= count + 2, 5, "a meld and an add")
            made = app.made[-2:]
            assert [action["kind"] for action in made] == ["meld", "add"], app.made
            assert sorted([*made[0]["cids"], made[1]["cid"]]) == sorted(arrans)
            assert "Arran ×4 (40)" in queen.table_text(WIDE)
            # Selected cards that make no set are not sent: the board says why.
            await select(pilot, queen, hand_cids(game, ME, "Beaton Seton Jewels"))
            await pilot.press("m")
            await noticed(
                pilot,
                app,
                "Cardinal Beaton, Mary Seton do not match: a set is one character, or members of "
                "the royal family, plus any Crown Jewels.",
            )
            assert app.made[-1]["kind"] == "add" and not app.refused

    run_async(body)


def test_clicks_take_the_pile_meld_and_add_to_a_set() -> None:
    game = stacked(
        ["Knox Knox Knox Jewels Beaton Beaton Beaton Seton Ruthven Maitland Rizzio", "Rizzio"],
        "Knox",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(80, 24)) as pilot:
            queen = local_board(app)
            top = queen.query_one("#queen-top")
            part = queen.query_one("#queen-hand")
            await on_screen(pilot, app, "Pile", widget=top)
            # A click on the pile takes it the one way there is (two Knox cards).
            takes = [action for action in game.legal_actions(ME) if action["kind"] == "take"]
            assert len(takes) == 1
            assert await pilot.click(offset=spot(app, "Pile", top))
            assert app.made == takes
            knox = set_of(game, ME, "John Knox")
            table = queen.query_one("#queen-table")
            await on_screen(pilot, app, "Knox ×3 (45)", widget=table)
            # A click on each of the three Beatons selects them; then "m: meld …".
            await wait_until(pilot, lambda: len(places(app, "Beaton 10", part)) == 3, 5)
            beatons = places(app, "Beaton 10", part)
            for offset in beatons:
                assert await pilot.click(offset=offset)
            three = hand_cids(game, ME, "Beaton Beaton Beaton")
            assert sorted(queen.picked) == sorted(three)
            await on_screen(pilot, app, "m: meld", widget=part)
            assert await pilot.click(offset=spot(app, "m: meld", part))
            assert app.made[-1] == {"kind": "meld", "cids": three}
            assert set_of(game, ME, "Cardinal Beaton")
            # Once the melded Beatons have left the hand on the screen: click the last Knox,
            # then the Knox set: it is added.
            await wait_until(pilot, lambda: not places(app, "Beaton 10", part), 5, "melded")
            last = hand_cids(game, ME, "Knox")[0]
            assert await pilot.click(offset=spot(app, "Knox 15", part))
            assert queen.picked == [last]
            assert await pilot.click(offset=spot(app, "Knox ×3 (45)", table))
            assert app.made[-1] == {"kind": "add", "cid": last, "set": knox.id}
            assert not app.refused

    run_async(body)


# -- a replay ------------------------------------------------------------------------------------


def replay_steps(seat: int | None) -> tuple[HistoryEntry, list[dict[str, Any]]]:
    """The deal and 60 moves of a three-player game from `seat`'s eyes: random, melds and takes
    first, so the table has sets to show."""
    rng = random.Random(4)

    def choose(legal: list[PlainAction]) -> PlainAction:
        rich = [action for action in legal if action["kind"] in ("take", "meld", "add")]
        return rng.choice(rich or legal)

    game = new_game("queen-of-scots", 3, {}, seed=11)
    return replay_of(game, seat, 60, choose, ["Ann", "Bo", "Cy"])


async def look_at_a_replay(seat: int | None) -> None:
    entry, steps = replay_steps(seat)
    screen = Shown(entry, seat, steps)
    app = ReplayApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen.steps is not None, what="the steps")
        await pilot.press("end")
        queen = screen.board
        assert isinstance(queen, QueenOfScotsBoard)
        names = list(entry.players)
        current = steps[-1]["view"]
        assert current["table"]["sets"], "the replay should have sets to show"
        check_board(queen, current, names)
        text = queen.table_text(WIDE)
        assert not re.search(r"(?:^|\s)[a-z] \S+ ×\d", text)  # no letters: no moves
        board_text = shown(app, queen)
        if seat is None:
            assert "You are watching." in board_text
            assert text.startswith("Ann ")
        else:
            assert f"Your hand ({len(current['table']['hand'])})" in board_text
            assert "[" not in hand_text(queen)  # no cursor
            assert text.startswith("Bo (you)")
        await pilot.press("home")
        check_board(queen, steps[0]["view"], names)


def test_the_replay_draws_the_board_from_a_seat_and_from_a_spectator() -> None:
    async def body() -> None:
        await look_at_a_replay(1)
        await look_at_a_replay(None)

    run_async(body)


# -- the breakdown ---------------------------------------------------------------------------------


def test_the_breakdown_lists_cards_on_the_table_and_in_hand_by_value() -> None:
    knox = QueenSet(0, 0, "John Knox", [48, 49, 50, 84])
    out = seat_lines(STANDARD, [knox], [])
    stuck = seat_lines(STANDARD, [], [0, 1, 80, 85])
    read = RoundScore(1, ((0,), (1,)), (out, stuck))
    score = read.to_wire()
    summary = table_in_play("queen-of-scots", [])
    state = TableState(summary, ME, {"totals": score["points"], "result": None}, NAMES)

    async def body() -> None:
        app = ScoresApp(ScoringScreen(state, read, may_start=False))
        async with app.run_test(size=SIZE) as pilot:
            text = await on_screen(pilot, app, "On the table at 15")
            assert score["points"] == [95, -90]
            row = next(line for line in text.splitlines() if "On the table at 15" in line)
            assert words(row).endswith("On the table at 15 3 × 15 = 45 █"), row
            assert "1 × 50 = 50" in text and "2 × -5 = -10" in text
            assert "1 × -30 = -30" in text and "1 × -50 = -50" in text
            assert "On the table at 10" not in text  # nobody counted anything there
            assert "This round 95 -90" in words(text)

    run_async(body)
