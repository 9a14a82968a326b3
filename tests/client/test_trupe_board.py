"""The Trupe board, driven as a player would: `cardtable play` (a server in the process, random
bots in the other seats, a fixed shuffle, instant bots) at 80×24, a whole hand with the keyboard
and one with the mouse; positions dealt from a stacked deck onto the board alone, for what a
shuffle rarely gives (a take declared at once, the Trefoil's choice of identity, an extend, a
final pair, a refused move and its reason); the scoring window; and the same board in a replay,
from a seat and from a spectator's place.

Each move is checked in the game's log (the event it makes, by our seat), and at every turn the
board's text is checked against the view: each seat's declarations with their kind and points,
premiums and penalties, lost turns, hand counts and totals; the pack, the open pack, the row;
and our hand card by card.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.color import Color
from textual.app import App
from textual.containers import VerticalScroll

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.layout import lay_out
from cardtable.client.ui.boards.trupe.board import TrupeBoard
from cardtable.client.ui.rules import RulesScreen, for_table
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.engine import PlainAction, get_game, new_game
from cardtable.engine.trupe.cards import DECK, GROUPS, HONORS, TREFOIL_CID
from cardtable.engine.trupe.rules import Trupe
from cardtable.play import LocalServer, play_plan
from cardtable.protocol import HistoryEntry
from cardtable.wire.codec import to_wire

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
    screen_text,
    session,
    shown,
    spot,
    style_at,
    view,
    wait_until,
    words,
)

ME = 0  # `cardtable play` seats us at seat 0, as the table's creator
#: Wide enough that no line wraps: one line per seat's heading, declarations and extras.
WIDE = 400
NAMES = ["Tess", "Bram (bot)"]
GROUP_COLOURS = {"B": "orange4", "G": "#005f00", "M": "dodger_blue3", "S": "medium_violet_red"}


def trupe_app(players: int = 2, seed: int = 7) -> tuple[CardtableApp, LocalServer]:
    """The app as `cardtable play trupe` builds it, with random bots and the server's fixed
    `seed` (the hands below use shuffles that end soon, to keep the tests quick)."""
    config = replace(TEST_CONFIG, seed=seed)
    plan, server = play_plan(RandomBotsTable("trupe", players, {}), "Tess", config)
    return CardtableApp(plan), server


def board(table: TableScreen) -> TrupeBoard:
    assert isinstance(table.board, TrupeBoard)
    return table.board


# -- what the board should say -------------------------------------------------------------------


def face(card: dict[str, Any]) -> str:
    """A card as the board writes it: ``B2``, ``MGold``, ``♣Tref`` (``♣B4`` declared)."""
    if card["type"] == "trefoil":
        return "♣" + (card.get("as") or "Tref")
    if card["type"] == "premium":
        return "Premium"
    if card["type"] == "penalty":
        return "Prospero" if card["loses_turn"] else f"Miranda+{card['extra_draws']}"
    return str(card["short"])


def points_due(declaration: dict[str, Any]) -> int:
    """Ruling 4's table, from the declaration's cards."""
    codes = [card.get("as") or card["short"] for card in declaration["cards"]]
    size = len(codes)
    if declaration["type"] == "sequence":
        return 0
    if declaration["type"] == "members":
        return 5 if size == 3 else 10
    gold = declaration["type"] == "honor" and codes[0].endswith("Gold")
    return (20 if size == 3 else 40) if gold else (10 if size == 3 else 20)


def chip(declaration: dict[str, Any]) -> str:
    """A declaration as the board writes it: ``B2×3 (5)``, ``B1-2-3 seq (0)``, ``Gold×3 BGM
    (20)``, ``B Gold·Colors·World (10)``; ``♣B4`` where the Trefoil stands in."""
    cards = declaration["cards"]
    codes = [card.get("as") or card["short"] for card in cards]
    size, group, kind = declaration["size"], declaration["group"], declaration["type"]
    assert size == len(cards) and declaration["points"] == points_due(declaration)
    if kind == "members":
        label = f"{codes[0]}×{size}"
    elif kind == "sequence":
        label = f"{group}{'-'.join(sorted(code[1:] for code in codes))} seq"
    elif kind == "honor":
        letters = "".join(g for g in GROUPS if any(code[0] == g for code in codes))
        label = f"{codes[0][1:]}×{size} {letters}"
    else:
        label = f"{group} " + "·".join(r for r in HONORS if any(c[1:] == r for c in codes))
    trefoil = "".join(f" ♣{card['as']}" for card in cards if card["type"] == "trefoil")
    return f"{label}{trefoil} ({declaration['points']})"


def special_words(card: dict[str, Any]) -> str:
    """``Premium +1 pt``, ``Prospero (loses a turn) −2 pts``, ``Miranda (2 extra draws) −2 pts``."""
    if card["type"] == "premium":
        return "Premium +1 pt"
    if card["loses_turn"]:
        return "Prospero (loses a turn) −2 pts"
    draws = card["extra_draws"]
    return f"Miranda ({draws} extra draw{'s' if draws > 1 else ''}) −2 pts"


def extra_words(table: dict[str, Any], seat: int) -> list[str]:
    found = [special_words(card) for card in table["specials"][seat]]
    if table["lost_turns"][seat]:
        found.append(f"loses {table['lost_turns'][seat]} turn(s)")
    if table["extra_due"][seat]:
        found.append(f"{table['extra_due'][seat]} extra discard(s) due")
    return found


def hand_text(trupe: TrupeBoard) -> str:
    lines, _ = lay_out(trupe.hand_rows(), WIDE)
    return "\n".join(line.plain for line in lines)


def top_text(trupe: TrupeBoard) -> str:
    lines, _ = lay_out(trupe.top_rows(), WIDE)
    return "\n".join(line.plain for line in lines)


def check_board(trupe: TrupeBoard, current: dict[str, Any], names: list[str]) -> None:
    """The board's text says what the view says: each seat's heading (total, points on the
    table, hand count) over its declarations and final pair, its premiums, penalties and lost
    turns; the pack, the open pack and the row; our hand in order."""
    table = current["table"]
    me = current["seat"]
    # What the others did since our last move is marked •: see test_news_marks.
    lines = trupe.table_text(WIDE).replace("•", "").splitlines()
    seats = current["seats"]
    order = [((me or 0) + k) % seats for k in range(seats)]
    assert lines[-1] == "Brownies Girl Scouts Mariners Seniors ♣Trefoil", lines
    at = 0
    for seat in order:
        heading, declared = lines[at], lines[at + 1]
        at += 2
        name = names[seat] + (" (you)" if seat == me else "")
        assert heading.startswith(name + (" ▶" if seat == table["turn"] else " · ")), heading
        total, points = current["totals"][seat], table["table_points"][seat]
        assert f"· total {total} · table {points} · hand {table['hand_counts'][seat]}" in heading
        assert ("· out: " in heading) == (table["went_out"] == seat), heading
        mine = [d for d in table["declarations"] if d["owner"] == seat]
        assert sum(d["points"] for d in mine) == points
        for declaration in mine:
            label = re.escape(chip(declaration))
            assert re.search(rf"(^|\s)([a-z] )?{label}", declared), (chip(declaration), declared)
        pair = table["pairs"][seat]
        if pair:
            assert "pair " + " ".join(face(card) for card in pair["cards"]) in declared
        assert len(re.findall(r"\(\d+\)", declared)) == len(mine), declared
        if not mine and not pair:
            assert declared.strip() == "no declarations"
        extras = extra_words(table, seat)
        if extras:
            assert lines[at].strip() == "  ".join(extras), lines[at]
            at += 1
    assert at == len(lines) - 1, lines
    top = top_text(trupe).splitlines()
    pack = f"Pack  ▒▒ ×{table['pack']} " if table["pack"] else "Pack empty"
    assert top[0].startswith(pack), top
    opened = f"Open pack ×{table['open_pack']}"
    if table["open_top"]:
        opened += f"  {face(table['open_top'])} "
    assert opened in top[0] and f"Round {current['round']} · to {table['target']}" in top[0]
    # The row in one line: its cards closer together where they would wrap, marked • when the
    # others discarded them since our last move.
    row = "".join(f"{n}{face(card)}" for n, card in enumerate(table["row"], 1))
    assert top[1].replace(" ", "").replace("•", "") == f"Row{row or 'empty'}", top
    if table["hand"] is not None:
        hand = hand_text(trupe).splitlines()
        assert hand[0].startswith(f"Your hand ({len(table['hand'])})"), hand
        cards = " ".join(line for line in hand[1:] if not line.startswith("♣ stands for"))
        faces = re.findall(r"♣?[A-Z][A-Za-z0-9]*", cards)
        assert faces == [face(card) for card in table["hand"]], (faces, table["hand"])


# -- moves with keys -----------------------------------------------------------------------------


def codes(action: dict[str, Any]) -> list[str]:
    """What the cards of a declaration or final pair count as, sorted."""
    return sorted(DECK[cid].identity or action["as"] for cid in action["cids"])


def made(event: dict[str, Any], action: dict[str, Any], seat: int = ME) -> bool:
    """Whether `event` is what our `action` makes happen (or the hand ended meanwhile)."""
    kind = action["kind"]
    if kind == "deal":
        return bool(event["kind"] == "deal")
    if kind == "draw" and event["kind"] == "no_winner":
        return True  # nothing was left to draw: the hand ended
    if event.get("seat") != seat or event["kind"] != kind:
        return False
    if kind == "take":
        return bool(event["card"]["cid"] == action["cid"])
    if kind in ("declare", "pair"):  # copies of a card are alike: the board may send either
        cards = event["declaration"]["cards"] if kind == "declare" else event["cards"]
        return sorted(card.get("as") or card["short"] for card in cards) == codes(action)
    if kind in ("extend", "discard"):
        return bool(event["card"]["cid"] == action["cid"])
    return True


async def until_made(
    pilot: AppPilot, app: CardtableApp, actions: Sequence[dict[str, Any]], before: int
) -> None:
    """Wait until every one of `actions` has been made, in order."""

    def done() -> bool:
        found = 0
        for event in session(app).log[before:]:
            if found < len(actions) and made(event, actions[found]):
                found += 1
        return found == len(actions)

    await wait_until(pilot, done, timeout=5, what=f"{actions} to be made")


async def steer(pilot: AppPilot, trupe: TrupeBoard, cid: int) -> None:
    """Move the cursor to `cid` with ← or → (the shorter way, wrapping round)."""
    order = [card["cid"] for card in hand_of(trupe)]
    ahead = (order.index(cid) - order.index(trupe.cursor)) % len(order)
    key, count = ("right", ahead) if ahead <= len(order) // 2 else ("left", len(order) - ahead)
    await pilot.press(*[key] * count)
    assert trupe.cursor == cid


async def select(pilot: AppPilot, trupe: TrupeBoard, cids: Sequence[int]) -> None:
    """Select exactly `cids` with the cursor and space."""
    if trupe.picked:
        await pilot.press("u")
    for cid in cids:
        await steer(pilot, trupe, cid)
        await pilot.press("space")
    assert sorted(trupe.picked) == sorted(cids)


def worth(hand: list[int], cid: int) -> int:
    """How much a hand card is worth keeping: copies of it, then cards of its group."""
    if cid == TREFOIL_CID:
        return 99
    card = DECK[cid]
    same = sum(DECK[other].identity == card.identity for other in hand) - 1
    near = sum(DECK[other].group == card.group for other in hand if other != cid)
    return same * 3 + near


def least_worth(hand: list[int], trupe: TrupeBoard) -> int:
    """A card to discard: among those least worth keeping, the nearest the cursor."""
    low = min(worth(hand, cid) for cid in hand)
    place = hand.index(trupe.cursor) if trupe.cursor in hand else 0

    def distance(cid: int) -> int:
        ahead = (hand.index(cid) - place) % len(hand)
        return min(ahead, len(hand) - ahead)

    return min((cid for cid in hand if worth(hand, cid) <= low + 1), key=distance)


def best(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The declaration with the most cards, the Trefoil kept back."""
    return max(actions, key=lambda action: (len(action["cids"]), "as" not in action))


async def chosen_by_letter(pilot: AppPilot, trupe: TrupeBoard, key: str) -> dict[str, Any]:
    """Press `key` (a lettered choice) and return the action it makes."""
    target = next(t for t in trupe.targets() if t.key == key)
    await pilot.press(key)
    plain: dict[str, Any] = to_wire(target.item)
    return plain


async def declare_with_keys(
    pilot: AppPilot, trupe: TrupeBoard, legal: list[dict[str, Any]], manual: bool
) -> dict[str, Any]:
    """Declare by selecting cards with space (`manual`) or letting m select them; then m, and
    a letter if the Trefoil could stand for several cards."""
    if manual:
        action = best([a for a in legal if a["kind"] == "declare"])
        await select(pilot, trupe, action["cids"])
    else:
        if trupe.picked and len(trupe.picked) > 1:
            await pilot.press("u")
        await pilot.press("m")  # selects a declaration
        assert len(trupe.picked) >= 3, trupe.picked
    cids = trupe.chosen()
    assert "m: declare" in hand_text(trupe).splitlines()[0]
    await pilot.press("m")
    if trupe.offer:
        assert "♣ stands for:" in hand_text(trupe)
        return await chosen_by_letter(pilot, trupe, trupe.offer[0].key)
    return {"kind": "declare", "cids": cids}


async def key_move(
    pilot: AppPilot, app: CardtableApp, trupe: TrupeBoard, done: dict[str, int]
) -> list[dict[str, Any]]:
    """A move made with keys, greedy for going out: take a discard (by its number, or t),
    extend a declared 3, declare (selecting by hand, or letting m select), lay a final pair,
    else discard the card least worth keeping with x; d draws, and deals between hands."""
    current = view(app)
    legal, table = current["legal"], current["table"]
    hand = [card["cid"] for card in table["hand"]]
    kinds = {action["kind"] for action in legal}
    phase = table["phase"]
    if "deal" in kinds:
        await pilot.press("d")
        return [{"kind": "deal"}]
    if phase == "draw":
        takes = [action for action in legal if action["kind"] == "take"]
        if takes:
            row = [card["cid"] for card in table["row"]]
            if len(takes) == 1 and done.get("take", 0) % 2:
                await pilot.press("t")
            else:
                await pilot.press(str(row.index(takes[0]["cid"]) + 1))
            return [takes[0]]
        await pilot.press("d")
        return [{"kind": "draw"}]
    if phase == "declare taken":
        assert trupe.picked == [table["taken"]["cid"]]  # selected for us
        assert "Taken: " in top_text(trupe)
        manual = done.get("declare", 0) % 2 == 0
        return [await declare_with_keys(pilot, trupe, legal, manual)]
    extends = [a for a in legal if a["kind"] == "extend" and a["cid"] != TREFOIL_CID]
    if extends:
        if trupe.picked:
            await pilot.press("u")
        await steer(pilot, trupe, extends[0]["cid"])
        targets = trupe.targets()
        keys = trupe.declaration_keys()
        assert keys and all(f"{key} " in trupe.table_text(WIDE) for key in keys.values())
        if len(targets) == 1:
            await pilot.press("e")
            return [to_wire(targets[0].item)]
        return [await chosen_by_letter(pilot, trupe, targets[-1].key)]
    if "declare" in kinds:
        manual = done.get("declare", 0) % 2 == 0
        return [await declare_with_keys(pilot, trupe, legal, manual)]
    if "pair" in kinds:
        if trupe.picked:
            await pilot.press("u")
        await pilot.press("p")  # selects a pair
        cids = trupe.chosen()
        await pilot.press("p")
        if trupe.offer:
            return [await chosen_by_letter(pilot, trupe, trupe.offer[0].key)]
        return [{"kind": "pair", "cids": cids}]
    loner = least_worth(hand, trupe)
    if trupe.picked:
        await pilot.press("u")
    await steer(pilot, trupe, loner)
    assert f"[{face(to_wire(DECK[loner].face))}]" in hand_text(trupe)
    await pilot.press("x")
    return [{"kind": "discard", "cid": loner}]


# -- hands played against the bots ---------------------------------------------------------------


async def check_scores(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> None:
    """The hand's breakdown, line by line as the engine scored it; the hand type when someone
    went out; closed with enter, the totals are on the board and in the players panel."""
    labels = check_breakdown(app, await on_screen(pilot, app, "This round"))
    log = session(app).log
    end = max(index for index, event in enumerate(log) if event["kind"] == "round_end")
    ending = log[end - 1]
    assert ending["kind"] in ("out", "no_winner"), ending
    if ending["kind"] == "out" and ending["hand_type"] != "Revel":
        assert f"{ending['hand_type']} hand" in labels, labels
    await pilot.press("enter")
    assert app.screen is table
    await wait_until(pilot, lambda: drawn(app, table), what="the board")
    current = view(app)  # the next hand may be dealt already
    names = current_names(app)
    check_board(board(table), current, names)
    went_out = current["table"]["went_out"]
    news = top_text(board(table))
    if went_out is not None:
        assert f"{names[went_out]} went out: a {current['table']['hand_type']}" in news, news
    elif current["table"]["phase"] in ("deal", "over"):
        assert "No winner: nothing was left to draw." in news, news
    totals = [f"total {total} │" for total in current["totals"]]
    panel = await on_screen(pilot, app, *totals, widget=table.query_one("#players"))
    for seat, total in enumerate(current["totals"]):
        row = next(line for line in panel.splitlines() if names[seat] in line)
        assert words(row).endswith(f"total {total} │"), row


def current_names(app: CardtableApp) -> list[str]:
    return [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]


def test_a_hand_played_with_keys_shows_declarations_colours_and_scores() -> None:
    async def body() -> None:
        app, _ = trupe_app(seed=63)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            trupe = board(table)
            assert trupe.has_focus
            names = current_names(app)
            done: dict[str, int] = {}
            colours: set[str] = set()
            scored = 0
            wanted = {"draw", "take", "declare", "discard"}
            while not (wanted <= done.keys() and scored):
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
                    what="our turn or the scores",
                )
                if isinstance(app.screen, ScoringScreen):
                    await check_scores(pilot, app, table)
                    scored += 1
                    assert scored <= 3, done
                    continue
                current = view(app)
                check_board(trupe, current, names)
                # (Drawn on the screen once the prompt is: the screen shows this view.)
                await prompt_is(pilot, app, table, trupe.prompt(table.state))  # type: ignore[arg-type]
                if len(colours) < 4:
                    colours |= check_colours(app, trupe, current["table"]["hand"])
                kinds = {action["kind"] for action in current["legal"]}
                waiting = current["table"]["phase"] == "declare taken"  # x says why it waits
                keys = {
                    "d Draw": "draw" in kinds,
                    "t Take": "take" in kinds,
                    "m Declare": "declare" in kinds,
                    "x Discard": "discard" in kinds or waiting,
                }
                await footer_with(pilot, app, keys)
                before = len(session(app).log)
                actions = await key_move(pilot, app, trupe, done)
                done[actions[0]["kind"]] = done.get(actions[0]["kind"], 0) + 1
                await until_made(pilot, app, actions, before)
            assert done["declare"] >= 2 and len(colours) >= 3, (done, colours)
            await pilot.press("ctrl+q")

    run_async(body)


def check_colours(app: App[Any], trupe: TrupeBoard, hand: list[dict[str, Any]]) -> set[str]:
    """Each hand card on the screen wears its group's colour (the Trefoil yellow); returns the
    groups looked at."""
    part = trupe.query_one("#trupe-hand")
    looked: set[str] = set()
    for card in hand:
        if card["cid"] in trupe.picked:
            continue  # a selected card has its colours swapped
        found = places(app, f" {face(card)} ", part) + places(app, f"[{face(card)}]", part)
        for x, y in found:
            background = style_at(app, x + 1, y).bgcolor.get_truecolor()
            want = "gold1" if card["type"] == "trefoil" else GROUP_COLOURS[card["group"]]
            assert background == Color.parse(want).get_truecolor(), (card, background)
            looked.add(card["group"] or "trefoil")
    return looked


def test_a_hand_played_with_the_mouse() -> None:
    """Clicks alone: the pack draws, a row card takes, cards select, the hand's heading
    declares or lays a pair, a declaration takes the selected card (if one can), and the row
    takes a discard. (Clicks on a declaration and on the Trefoil's choices are also tried in
    the positions below.)"""

    async def body() -> None:
        app, _ = trupe_app(seed=81)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            trupe = board(table)
            clicked: dict[str, int] = {}
            while True:
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
                    what="our turn or the scores",
                )
                if isinstance(app.screen, ScoringScreen):
                    break
                before = len(session(app).log)
                actions = await click_move(pilot, app, trupe)
                clicked[actions[0]["kind"]] = clicked.get(actions[0]["kind"], 0) + 1
                await until_made(pilot, app, actions, before)
            assert {"draw", "declare", "discard"} <= clicked.keys(), clicked
            await check_scores(pilot, app, table)
            await pilot.press("ctrl+q")

    run_async(body)


async def click_cards(
    pilot: AppPilot, app: App[Any], trupe: TrupeBoard, cids: Sequence[int]
) -> None:
    """Click hand cards until exactly `cids` are selected."""
    part = trupe.query_one("#trupe-hand")
    for cid in [*trupe.picked]:
        if cid not in cids:
            await click_card(pilot, app, trupe, part, cid)
    for cid in cids:
        if cid not in trupe.picked:
            await click_card(pilot, app, trupe, part, cid)
    assert sorted(trupe.picked) == sorted(cids)


async def click_card(
    pilot: AppPilot, app: App[Any], trupe: TrupeBoard, part: Any, cid: int
) -> None:
    """Click `cid` in the hand: the copies of a face show in hand order."""
    hand = hand_of(trupe)
    card = next(card for card in hand if card["cid"] == cid)
    copies = [c["cid"] for c in hand if face(c) == face(card)]
    found = places(app, f" {face(card)} ", part) + places(app, f"[{face(card)}]", part)
    found.sort(key=lambda xy: (xy[1], xy[0]))
    x, y = found[copies.index(cid)]
    assert await pilot.click(offset=(x + 1, y))
    assert trupe.cursor == cid


async def click_move(pilot: AppPilot, app: CardtableApp, trupe: TrupeBoard) -> list[PlainAction]:
    """A move made with clicks, greedy as `key_move` is; returns the actions it makes."""
    current = view(app)
    legal, table = current["legal"], current["table"]
    kinds = {action["kind"] for action in legal}
    top = trupe.query_one("#trupe-top")
    part = trupe.query_one("#trupe-hand")
    if "deal" in kinds or "draw" in kinds:
        takes = [action for action in legal if action["kind"] == "take"]
        if takes:
            row = [card["cid"] for card in table["row"]]
            index = row.index(takes[0]["cid"])
            assert await pilot.click(
                offset=spot(app, f"{index + 1} {face(table['row'][index])}", top)
            )
            return [takes[0]]
        assert await pilot.click(offset=spot(app, "Pack", top))
        return [{"kind": "deal" if "deal" in kinds else "draw"}]
    extends = [a for a in legal if a["kind"] == "extend" and a["cid"] != TREFOIL_CID]
    if extends:
        action = extends[0]
        await click_cards(pilot, app, trupe, [action["cid"]])
        declaration = next(d for d in table["declarations"] if d["id"] == action["declaration"])
        areas = trupe.query_one("#trupe-table")
        assert await pilot.click(offset=spot(app, chip(declaration), areas))
        return [action]
    for kind, words_ in (("declare", "m: declare"), ("pair", "p: final pair")):
        options = [action for action in legal if action["kind"] == kind]
        if options:
            action = best(options)
            await click_cards(pilot, app, trupe, action["cids"])
            assert await pilot.click(offset=spot(app, words_, part))
            if trupe.offer:
                target = next(t for t in trupe.offer if t.item.stands_for == action["as"])
                choice = f"{target.key} {action['as']}"
                await on_screen(pilot, app, choice, widget=part)
                assert await pilot.click(offset=spot(app, choice, part))
            return [action]
    hand = [card["cid"] for card in table["hand"]]
    loner = least_worth(hand, trupe)
    await click_cards(pilot, app, trupe, [loner])
    assert await pilot.click(offset=spot(app, "Row", top))
    return [{"kind": "discard", "cid": loner}]


def test_four_players_fit_80_by_24_with_the_areas_scrolling_and_rules_on_question_mark() -> None:
    async def body() -> None:
        app, _ = trupe_app(players=4)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            trupe = board(table)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            names = current_names(app)
            check_board(trupe, view(app), names)
            areas = trupe.query_one("#trupe-areas", VerticalScroll)
            # The four areas do not fit: the hand stays in sight and the areas scroll.
            hand = f"Your hand ({len(hand_of(trupe))})"
            await on_screen(pilot, app, hand, widget=trupe)
            await wait_until(pilot, lambda: areas.virtual_size.height > areas.size.height, 5)
            legend = "♣Trefoil"  # the last of the areas
            assert legend not in shown(app, areas)
            await pilot.press("pagedown", "pagedown", "pagedown")
            await wait_until(pilot, lambda: areas.scroll_y > 0, 5, "the areas scrolled")
            await on_screen(pilot, app, legend, widget=areas)
            assert hand in shown(app, trupe)
            await pilot.press("pageup", "pageup", "pageup")
            await wait_until(pilot, lambda: areas.scroll_y == 0, 5, "the areas back at the top")
            # ? shows the game's rules.
            await pilot.press("question_mark")
            rules = app.screen
            assert isinstance(rules, RulesScreen)
            text = get_game("trupe").rules_text.read_text(encoding="utf-8")
            assert rules.markdown == for_table(text, "trupe", {})
            assert rules.markdown.startswith("# Trupe\n")
            await pilot.press("escape")
            assert app.screen is table and trupe.has_focus
            await pilot.press("ctrl+q")

    run_async(body)


# -- positions dealt from a stacked deck, on the board alone --------------------------------------


def stacked(hands: Sequence[str], pack: str = "", dealer: int = ME) -> Trupe:
    """A two-player hand dealt so that each seat holds `hands` (short names such as ``B2``,
    ``MGold``, ``Tref``; filled up with the lowest unused cards) and `pack` lies on top of the
    pack; the premiums and penalties are at the bottom, so none turns up."""
    free = [card.cid for card in DECK]

    def take(label: str) -> int:
        cid = next(cid for cid in free if DECK[cid].short == label)
        free.remove(cid)
        return cid

    dealt = [[take(label) for label in hand.split()] for hand in hands]
    top = [take(label) for label in pack.split()]
    plain = [cid for cid in free if not DECK[cid].special and cid != TREFOIL_CID]
    for hand in dealt:
        while len(hand) < 13:
            hand.append(plain.pop(0))
            free.remove(hand[-1])
    seats = len(hands)
    order = [dealt[(dealer + k) % seats][i] for i in range(13) for k in range(1, seats + 1)]
    rest = sorted(free, key=lambda cid: DECK[cid].special)
    setup = get_game("trupe").setup(seats, {"target": 150}, 5, dealer)
    return Trupe(setup, stack=[*order, *top, *rest])


class Local(LocalTable):
    """Our seat at a Trupe table of its own (see `LocalTable`)."""

    def __init__(self, game: Trupe, seat: int = ME) -> None:
        super().__init__(game, NAMES, seat)


def local_board(app: Local) -> TrupeBoard:
    assert isinstance(app.board, TrupeBoard)
    return app.board


def cids_of(game: Trupe, seat: int, labels: str) -> list[int]:
    """Distinct ids of the cards labelled `labels` in `seat`'s hand."""
    free = list(game.hands[seat])
    found = []
    for label in labels.split():
        cid = next(cid for cid in free if DECK[cid].short == label)
        free.remove(cid)
        found.append(cid)
    return found


async def check_local(pilot: AppPilot, app: Local) -> None:
    await wait_until(pilot, app.drawn, 5, "the board drawn")
    check_board(local_board(app), app.game.view(ME), NAMES)


def test_a_taken_discard_is_declared_at_once_and_refused_moves_say_why() -> None:
    game = stacked(
        [
            "B2 B2 M1 M1 M1 G1 S4 S2 G3 G4 BGold SColors MWorld",
            "G2 G2 S3 S3 B1 B1 M2 M3 B2 SGold GColors MBanner G2",
        ],
        pack="S1 B4 S1",
        dealer=1,
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            # Bram draws and discards a Senior 3; we draw and discard our Senior 4; Bram
            # discards a Brownie 2.
            app.other({"kind": "draw"})
            app.other({"kind": "discard", "cid": cids_of(game, 1, "S3")[0]})
            await pilot.press("d")
            assert app.made == [{"kind": "draw"}]
            s4 = cids_of(game, ME, "S4")[0]
            await steer(pilot, trupe, s4)
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": s4}
            app.other({"kind": "draw"})
            app.other({"kind": "discard", "cid": cids_of(game, 1, "B2")[0]})
            await check_local(pilot, app)
            assert top_text(trupe).splitlines()[1].rstrip() == "Row 1 S3  2 S4  3 B2"
            assert trupe.prompt(app.state()) == ("Draw (d), or take a discard to declare: press 3.")
            await footer_with(pilot, app, {"d Draw": True, "t Take": True, "m Declare": False})
            # The Senior 3 makes nothing with our hand: its number is refused, with the reason.
            await pilot.press("1")
            await noticed(
                pilot,
                app,
                "You may take the Senior 3 only to declare it this turn in a new combination "
                "with cards from your hand, and your hand has none for it.",
            )
            await pilot.press("6")  # not a key of the board: nothing happens
            assert len(app.made) == 2
            # 3 takes the Brownie 2; it is selected for us and must be declared this turn.
            taken = game.row[2]
            await pilot.press("3")
            assert app.made[-1] == {"kind": "take", "cid": taken}
            await check_local(pilot, app)
            assert trupe.picked == [taken]
            assert "Taken:  B2  must be declared this turn" in top_text(trupe)
            assert trupe.prompt(app.state()) == (
                "Declare the Brownie 2 you took this turn: select cards to go with it, then m."
            )
            # The cards that could go with it are bright; the rest are dimmed.
            part = trupe.query_one("#trupe-hand")
            x, y = spot(app, " G1 ", part)
            dimmed = style_at(app, x + 1, y).color.get_truecolor()
            x, y = spot(app, " B2 ", part)
            assert style_at(app, x + 1, y).color.get_truecolor() != dimmed
            # x cannot discard yet: the board says why.
            await pilot.press("x")
            await noticed(
                pilot,
                app,
                "Declare the Brownie 2 you took from the discards before your turn ends.",
            )
            # Cards that make no combination: the reason.
            await select(pilot, trupe, [taken, *cids_of(game, ME, "M1 G1")])
            await pilot.press("m")
            await noticed(pilot, app, "Members in a combination must all be of one group.")
            # Three Mariner 1s may be declared first: they leave the Brownie 2s to go with it.
            mariners = cids_of(game, ME, "M1 M1 M1")
            await select(pilot, trupe, mariners)
            await pilot.press("m")
            assert app.made[-1] == {"kind": "declare", "cids": mariners}
            await check_local(pilot, app)
            assert "Taken:  B2  must be declared this turn" in top_text(trupe)
            assert not app.refused
            # m with only the taken card selected selects the three Brownie 2s; m declares.
            await select(pilot, trupe, [taken])
            await pilot.press("m")
            three = sorted([taken, *cids_of(game, ME, "B2 B2")])
            assert sorted(trupe.picked) == three
            assert "3 selected · m: declare" in hand_text(trupe)
            await pilot.press("m")
            assert app.made[-1]["kind"] == "declare"
            assert sorted(app.made[-1]["cids"]) == three
            await check_local(pilot, app)
            assert "B2×3 (5)" in trupe.table_text(WIDE) and "M1×3 (5)" in trupe.table_text(WIDE)
            assert "Tess (you) ▶ · total 0 · table 10 · hand 8" in trupe.table_text(WIDE)
            assert not app.refused

    run_async(body)


def test_the_trefoil_offers_what_it_may_stand_for_and_e_extends_a_declared_three() -> None:
    game = stacked(["Tref B2 B3 G1 G1 G1 G1 M2 M2 M2 SGold S4 M4", "S2"], pack="S3 M1 B1")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await pilot.press("d")
            await check_local(pilot, app)
            # The Trefoil, a Brownie 2 and 3: a Brownie 1 or 4 makes a sequence. m offers both.
            sequence = [*cids_of(game, ME, "B2 B3"), TREFOIL_CID]
            await select(pilot, trupe, sequence)
            assert "3 selected · m: declare" in hand_text(trupe)
            await pilot.press("m")
            assert app.made == [{"kind": "draw"}]
            assert [t.key for t in trupe.offer] == ["a", "f"]
            assert "♣ stands for:  a B1  f B4" in hand_text(trupe)
            await noticed(pilot, app, "The Trefoil stands for: a Brownie 1, f Brownie 4.")
            # u takes the choice back; m offers it again, and f chooses the Brownie 4.
            await pilot.press("u")
            assert not trupe.offer and not trupe.picked
            await select(pilot, trupe, sequence)
            await pilot.press("m", "f")
            assert app.made[-1] == {"kind": "declare", "cids": sequence, "as": "B4"}
            await check_local(pilot, app)
            assert "B2-3-4 seq ♣B4 (0)" in trupe.table_text(WIDE)
            # m with the cursor on a Girl Scout 1 selects all four; space leaves one out.
            await steer(pilot, trupe, cids_of(game, ME, "G1")[0])
            await pilot.press("m")
            assert sorted(trupe.picked) == cids_of(game, ME, "G1 G1 G1 G1")
            await pilot.press("space", "m")
            await steer(pilot, trupe, cids_of(game, ME, "M2")[0])
            await pilot.press("m", "m")
            await check_local(pilot, app)
            text = trupe.table_text(WIDE)
            assert "G1×3 (5)" in text and "M2×3 (5)" in text
            # The last Girl Scout 1 was dealt: it never extends the three (ruling 6).
            await steer(pilot, trupe, cids_of(game, ME, "G1")[0])
            assert not trupe.declaration_keys() and "e: extend" not in hand_text(trupe)
            await steer(pilot, trupe, cids_of(game, ME, "S4")[0])
            await pilot.press("x")
            app.other({"kind": "draw"})
            app.other({"kind": "discard", "cid": cids_of(game, 1, "M1")[0]})
            # Next turn we draw a Brownie 1: it turns the sequence into a 4, its letter and e.
            await pilot.press("d")
            await check_local(pilot, app)
            await steer(pilot, trupe, cids_of(game, ME, "G1")[0])
            await pilot.press("e")
            await noticed(
                pilot, app, "Only a card drawn from the pack extends a 3: the G1 was dealt to you."
            )
            await steer(pilot, trupe, cids_of(game, ME, "B1")[0])
            assert re.search(r"(^|\s)a B2-3-4 seq", trupe.table_text(WIDE))
            assert "e: extend" in hand_text(trupe)
            await pilot.press("e")
            assert app.made[-1]["kind"] == "extend"
            await check_local(pilot, app)
            assert "B1-2-3-4 seq ♣B4 (0)" in trupe.table_text(WIDE)
            assert not app.refused

    run_async(body)


def test_a_card_that_extends_two_declarations_asks_which_and_a_click_chooses() -> None:
    game = stacked(
        ["BGold GGold MGold SColors SWorld SBanner B1 B1 G2 G3 M4 S1 S3", "S2"],
        pack="M1 M3 SGold",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await pilot.press("d")
            await select(pilot, trupe, cids_of(game, ME, "BGold GGold MGold"))
            await pilot.press("m")
            await select(pilot, trupe, cids_of(game, ME, "SColors SWorld SBanner"))
            await pilot.press("m")
            await check_local(pilot, app)
            golds, seniors = game.own_declarations(ME)
            text = trupe.table_text(WIDE)
            assert "Gold×3 BGM (20)" in text and "S Colors·World·Banner (10)" in text
            await steer(pilot, trupe, cids_of(game, ME, "M1")[0])
            await pilot.press("x")
            app.other({"kind": "draw"})
            app.other({"kind": "discard", "cid": cids_of(game, 1, "M3")[0]})
            # Next turn the Senior Gold drawn turns either into a 4: both are lettered, and e
            # asks which.
            await pilot.press("d")
            await check_local(pilot, app)
            await steer(pilot, trupe, cids_of(game, ME, "SGold")[0])
            assert trupe.declaration_keys() == {golds.id: "a", seniors.id: "f"}
            await pilot.press("e")
            await noticed(pilot, app, "Which declaration? Press a, f.")
            assert len(app.made) == 5
            # A click on the Senior honors extends them.
            areas = trupe.query_one("#trupe-table")
            assert await pilot.click(offset=spot(app, "S Colors·World·Banner", areas))
            assert app.made[-1] == {
                "kind": "extend",
                "declaration": seniors.id,
                "cid": cids_of_declared(game, "SGold")[0],
            }
            await check_local(pilot, app)
            assert "S Gold·Colors·World·Banner (20)" in trupe.table_text(WIDE)
            assert "Tess (you) ▶ · total 0 · table 40 · hand 7" in trupe.table_text(WIDE)
            assert not app.refused

    run_async(body)


def cids_of_declared(game: Trupe, labels: str) -> list[int]:
    """Ids of our declared cards labelled `labels`."""
    declared = [cid for d in game.own_declarations(ME) for cid in d.cids]
    found = []
    for label in labels.split():
        cid = next(c for c in declared if DECK[c].short == label and c not in found)
        found.append(cid)
    return found


def test_a_final_pair_of_two_goes_out_with_a_trupe_and_the_breakdown_reads_well() -> None:
    game = stacked(["B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B4 B4 BGold", "S2"], pack="BColors")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await pilot.press("d")
            await check_local(pilot, app)
            heading = hand_text(trupe).splitlines()[0]
            assert heading == "Your hand (14) · declare B1×3, B2×3, B3×3, … (m)", heading
            for _ in range(4):  # m selects a declaration, m declares it
                await pilot.press("m", "m")
            assert [d.kind.kind for d in game.own_declarations(ME)] == ["members"] * 4
            await check_local(pilot, app)
            assert "a final pair (p)" in hand_text(trupe)
            await footer_with(pilot, app, {"p Pair": True})
            await pilot.press("p")
            pair = cids_of(game, ME, "BGold BColors")
            assert sorted(trupe.picked) == pair and "p: final pair" in hand_text(trupe)
            await pilot.press("p")
            assert app.made[-1] == {"kind": "pair", "cids": pair}
            await check_local(pilot, app)
            text = trupe.table_text(WIDE)
            assert "pair BGold BColors" in text
            assert "Tess (you) · total 70 · table 20 · hand 0 · out: Trupe" in text
            assert "Tess went out: a Trupe (+50)" in top_text(trupe)
            read = game.round_scores[-1]
            score = read.to_wire()
            state = app.state()

        scores = ScoresApp(ScoringScreen(state, read, may_start=False))
        async with scores.run_test(size=SIZE) as pilot:
            text = await on_screen(pilot, scores, "Round 1 scores", "Three like members")
            row = next(line for line in text.splitlines() if "Three like members" in line)
            assert "█ Three like members 4 × 5 = 20 █" in words(row), row  # Bram's blank
            assert "Trupe hand" in text and "1 × 50 = 50" in text
            bram = {label: count for label, count, _ in score["lines"][1]}
            members, honors = bram["Members in hand"], bram["Honors and Trefoil in hand"]
            assert members + honors == 13
            assert f"{members} × -1 = {-members}" in text
            assert f"This round 70 {score['points'][1]}" in words(text)
            assert score["points"][1] == -members - 2 * honors
            assert "Gam hand" not in text and "Sequences" not in text  # counted by nobody

    run_async(body)


def test_a_final_pair_with_the_trefoil_offers_its_identities_then_the_last_card_goes() -> None:
    game = stacked(["G1 G1 G1 G1 G2 G2 G2 G2 M3 M3 M3 BGold Tref", "S2"], pack="S4", dealer=ME)

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await pilot.press("d")
            for cids in ("G1 G1 G1 G1", "G2 G2 G2 G2", "M3 M3 M3"):
                await select(pilot, trupe, cids_of(game, ME, cids))
                await pilot.press("m")
            await check_local(pilot, app)
            # Three cards left: the pair, then the last card is the discard.
            assert "a final pair (p)" in hand_text(trupe)
            gold = cids_of(game, ME, "BGold")[0]
            await select(pilot, trupe, [gold, TREFOIL_CID])
            part = trupe.query_one("#trupe-hand")
            assert await pilot.click(offset=spot(app, "p: final pair", part))
            identities = [t.item.stands_for for t in trupe.offer]
            assert identities == ["BColors", "BWorld", "BBanner", "GGold", "MGold", "SGold"]
            line = hand_text(trupe).splitlines()[1]
            assert line.startswith("♣ stands for:  a BColors  f BWorld  g BBanner  h GGold")
            # A click on the Senior Gold chooses it.
            assert await pilot.click(offset=spot(app, "SGold", part))
            assert app.made[-1] == {
                "kind": "pair",
                "cids": [gold, TREFOIL_CID],
                "as": "SGold",
            }
            await check_local(pilot, app)
            assert "pair BGold ♣SGold" in trupe.table_text(WIDE)
            assert (
                trupe.prompt(app.state()) == "Choose a card with ←→; x discards, ending the turn."
            )
            last = cids_of(game, ME, "S4")[0]
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": last}
            await check_local(pilot, app)
            assert "Tess went out: a Gam (+5)" in top_text(trupe)
            assert not app.refused

    run_async(body)


def test_a_declaration_must_leave_a_card_to_discard() -> None:
    game = stacked(["G1 G1 G1 G1 G2 G2 G2 M3 M3 M3 B2 B2 B2", "S2"], pack="B2")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await pilot.press("d")
            for labels in ("G1 G1 G1 G1", "G2 G2 G2", "M3 M3 M3"):
                await select(pilot, trupe, cids_of(game, ME, labels))
                await pilot.press("m")
            await check_local(pilot, app)
            # Four Brownie 2s left: all four would leave nothing to discard.
            four = cids_of(game, ME, "B2 B2 B2 B2")
            await select(pilot, trupe, four)
            assert "m: declare" not in hand_text(trupe)
            await pilot.press("m")
            await noticed(
                pilot,
                app,
                "Keep a card to discard: you go out with a final discard, or by laying down a "
                "final pair.",
            )
            # m with nothing selected selects three; the last one cannot extend them (it is
            # the discard), so x goes out.
            await pilot.press("u", "m")
            assert len(trupe.picked) == 3
            await pilot.press("m")
            await check_local(pilot, app)
            assert "B2×3 (5)" in trupe.table_text(WIDE)
            assert not trupe.declaration_keys() and "e Extend" not in screen_text(app)
            await pilot.press("x")
            await check_local(pilot, app)
            assert "Tess went out: a Gam (+5)" in top_text(trupe)
            assert "Tess (you) · total 30 · table 25 · hand 0 · out: Gam" in trupe.table_text(WIDE)
            assert not app.refused

    run_async(body)


def test_specials_lost_turns_and_extra_discards_show_on_the_board() -> None:
    """A Miranda dealt to us: two extra draws, two extra discards before play; a Prospero:
    a lost turn owed; a premium: +1."""
    game = stacked(["Mi2 Pro P1 B1 B1 G2 G3 M4 SGold S1 S1 S2 S3", "S4"], pack="M1 M2 M3 M4 B4")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            trupe = local_board(app)
            await check_local(pilot, app)
            table = app.game.view(ME)["table"]
            assert table["phase"] == "discard extra" and table["extra_due"][ME] == 2
            lines = trupe.table_text(WIDE).splitlines()
            assert lines[2].strip() == (
                "Miranda (2 extra draws) −2 pts  Prospero (loses a turn) −2 pts  Premium +1 pt  "
                "loses 1 turn(s)  2 extra discard(s) due"
            )
            # In brief, where the board is short of lines.
            assert trupe.table_text(WIDE, 1).splitlines()[2].strip() == (
                "Miranda+2 −2  Prospero −2  Premium +1  loses 1 turn(s)  2 extra discard(s) due"
            )
            assert trupe.prompt(app.state()) == (
                "Your Miranda: discard 2 extra card(s) before play starts (x)."
            )
            assert trupe.seat_note(app.state(), ME) == "hand 15 · table 0"
            await pilot.press("x", "x")
            await check_local(pilot, app)
            # Our lost turn passed us over: Bram plays.
            assert game.turn == 1 and game.lost_turns[ME] == 0
            assert len(app.made) == 2 and not app.refused

    run_async(body)


# -- a replay ------------------------------------------------------------------------------------


def replay_steps(seat: int | None) -> tuple[HistoryEntry, list[dict[str, Any]]]:
    """The deal and 80 moves of a three-player hand from `seat`'s eyes: random, takes,
    declarations and extends first, so the table has something to show."""
    rng = random.Random(4)

    def choose(legal: list[PlainAction]) -> PlainAction:
        rich = [action for action in legal if action["kind"] in ("take", "declare", "extend")]
        return rng.choice(rich or legal)

    game = new_game("trupe", 3, {}, seed=11)
    return replay_of(game, seat, 80, choose, ["Ann", "Bo", "Cy"])


async def look_at_a_replay(seat: int | None) -> None:
    entry, steps = replay_steps(seat)
    screen = Shown(entry, seat, steps)
    app = ReplayApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen.steps is not None, what="the steps")
        await pilot.press("end")
        trupe = screen.board
        assert isinstance(trupe, TrupeBoard)
        names = list(entry.players)
        current = steps[-1]["view"]
        assert current["table"]["declarations"], "the replay should have declarations to show"
        check_board(trupe, current, names)
        text = trupe.table_text(WIDE)
        assert not re.search(r"(?:^|\s)[a-z] \S+×\d", text)  # no letters: no moves
        board_text = shown(app, trupe)
        if seat is None:
            assert "You are watching." in board_text
            assert text.startswith("Ann ")
        else:
            assert f"Your hand ({len(current['table']['hand'])})" in board_text
            assert "[" not in hand_text(trupe)  # no cursor
            assert text.startswith("Bo (you)")
        await pilot.press("home")
        check_board(trupe, steps[0]["view"], names)


def test_the_replay_draws_the_board_from_a_seat_and_from_a_spectator() -> None:
    async def body() -> None:
        await look_at_a_replay(1)
        await look_at_a_replay(None)

    run_async(body)
