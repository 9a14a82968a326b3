"""The Thistle board, driven as a player would: `cardtable play` (a server in the process, random
bots in the other seats, a fixed shuffle, instant bots) at 80×24, with the keyboard and the mouse;
and the same board in a replay, from a seat and from a spectator's place.

Each move is checked in the session's game log (the event it makes, by our seat), and at every
turn the board's text is checked against the view: each seat's groups by clan with their count
and bonus card, books with their value, set-aside cards, and the letters of the groups we may
act on.
"""

from __future__ import annotations

import random
import re
from typing import Any

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.thistle.board import ThistleBoard
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState
from cardtable.engine import RoundScore, new_game
from cardtable.engine.thistle.cards import arms_of, castles, clan_cards, clan_name
from cardtable.engine.thistle.groups import Book, Group
from cardtable.engine.thistle.scoring import side_lines
from cardtable.play import LocalServer, play_plan
from cardtable.protocol import HistoryEntry
from cardtable.wire.codec import to_wire
from tests.protocol.records import table_in_play

from .support import (
    SIZE,
    TEST_CONFIG,
    AppPilot,
    RandomBotsTable,
    ReplayApp,
    ScoresApp,
    Shown,
    at_table,
    check_breakdown,
    drawn,
    find_on_screen,
    footer_with,
    on_screen,
    our_turn,
    prompt_is,
    replay_of,
    run_async,
    screen_text,
    session,
    shown,
    view,
    wait_until,
    words,
)

ME = 0  # `cardtable play` seats us at seat 0, as the table's creator
#: Wide enough that no seat's row wraps: one line per seat's groups, books, set-aside cards.
WIDE = 400

#: Moves by preference, for a player that empties their hand as fast as they can.
GREEDY = ("capture", "play", "place", "draw", "end", "deal")


def thistle_app(
    players: int = 2, options: dict[str, Any] | None = None
) -> tuple[CardtableApp, LocalServer]:
    """The app as `cardtable play thistle` builds it, with random bots."""
    table = RandomBotsTable("thistle", players, options or {})
    plan, server = play_plan(table, "Tess", TEST_CONFIG)
    return CardtableApp(plan), server


# -- what the app knows --------------------------------------------------------------------------


def board(table: TableScreen) -> ThistleBoard:
    assert isinstance(table.board, ThistleBoard)
    return table.board


# -- what the board should say -------------------------------------------------------------------


def bonus_words(bonus: dict[str, Any], clan: int) -> str:
    if bonus["kind"] == "castle":
        return "♜Castle"
    return "⚜" + clan_name(bonus["clan"]) + ("★" if bonus["clan"] == clan else "")


def chip(group: dict[str, Any]) -> str:
    """A group as the board writes it: ``4 Campbell ×2! +⚜Grant``."""
    clan, size = group["clan"], group["size"]
    text = f"{clan} {clan_name(clan)} ×{size}" + ("!" if size in (2, 3) else "")
    return text + (f" +{bonus_words(group['bonus'], clan)}" if group["bonus"] else "")


def book_line(book: dict[str, Any]) -> str:
    kinds = {"perfect": "perfect", "castle": "Castle", "thistle": "Thistle"}
    kind = kinds.get(book["kind"]) or f"{clan_name(book['bonus']['clan'])} arms"
    return f"{clan_name(book['clan'])} book, {kind}, {book['value']}"


def face(card: dict[str, Any], *, full: bool = False) -> str:
    """A hand card's face: `` 4 Camp``, `` ⚜ Camp`` (arms), ``♜Castle``; `full`: ``4 Campbell``."""
    if card["kind"] == "castle":
        return "♜Castle"
    mark = "⚜" if card["kind"] == "arms" else card["clan"]
    name = clan_name(card["clan"])
    return f"{mark:>2} {name if full else name[:4]}"


def orphan_words(card: dict[str, Any]) -> str:
    return "♜Castle" if card["kind"] == "castle" else f"⚜{clan_name(card['clan'])} arms"


def areas(text: str, names: list[str]) -> dict[int, str]:
    """The board's text cut into each seat's area (its heading and the lines under it)."""
    found: dict[int, list[str]] = {}
    seat: int | None = None
    for line in text.splitlines():
        bare = line.lstrip("▌ ")
        starts = [i for i, name in enumerate(names) if re.match(re.escape(name) + r"(\s|$)", bare)]
        if starts and " pts" in line and not bare.startswith("Team "):
            seat = starts[0]
        elif bare.startswith("Team ") or not bare:
            seat = None
            continue
        if seat is not None:
            found.setdefault(seat, []).append(line)
    return {seat: "\n".join(lines) for seat, lines in found.items()}


def check_areas(text: str, current: dict[str, Any], names: list[str]) -> dict[str, int]:
    """Each seat's area shows its groups, books and set-aside cards, and nothing else's; returns
    how many of each kind of thing there were (bonus cards, perfect matches, books, ...)."""
    table = current["table"]
    by_seat = areas(text, names)
    assert sorted(by_seat) == list(range(len(names))), text
    seen = {"groups": 0, "bonus": 0, "perfect": 0, "books": 0, "set aside": 0, "exposed": 0}
    for seat, marked in by_seat.items():
        area = marked.replace("•", "")  # what the others changed is marked: see test_news_marks
        groups = [group for group in table["groups"] if group["owner"] == seat]
        for group in groups:
            assert chip(group) in area, (chip(group), area)
            seen["groups"] += 1
            seen["bonus"] += group["bonus"] is not None
            seen["perfect"] += "★" in chip(group)
            seen["exposed"] += group["size"] in (2, 3)
        chips = re.findall(r"\d+ [A-Za-z]+ ×\d", area)
        assert len(chips) == len(groups), (chips, groups)
        books = [book for book in table["books"] if book["owner"] == seat]
        for book in books:
            assert book_line(book) in area, (book_line(book), area)
        seen["books"] += len(books)
        orphans = table["orphans"][seat]
        if orphans:
            listed = ", ".join(orphan_words(card) for card in orphans)
            assert f"set aside: {listed}" in area, area
            seen["set aside"] += len(orphans)
        else:
            assert "set aside" not in area
    return seen


def check_keys(text: str, thistle: ThistleBoard, current: dict[str, Any]) -> None:
    """Every group we may act on has its letter written before it, and only those."""
    legal = current["legal"]
    groups = {group["id"]: group for group in current["table"]["groups"]}
    keys = thistle.letters()
    actionable = {action["group"] for action in legal if action["kind"] in ("capture", "place")}
    actionable |= {
        action["group"]
        for action in legal
        if action["kind"] == "play" and action["cid"] == thistle.selected
    }
    assert set(keys) == actionable
    assert len(set(keys.values())) == len(keys)
    for gid, key in keys.items():
        assert re.search(rf"(^|\s|•){key} {re.escape(chip(groups[gid]))}", text), (key, text)
    assert len(re.findall(r"(?:^|\s|•)[a-z] \d+ [A-Za-z]+ ×", text)) == len(keys), text


# -- moves with keys -----------------------------------------------------------------------------


def made(event: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether `event` is what our `action` makes happen."""
    kind = action["kind"]
    if kind == "deal":
        return bool(event["kind"] == "deal")
    if kind == "end":
        return bool(
            (event["kind"] == "draw_hand" and event["seat"] == ME)
            or (event["kind"] == "turn" and event["seat"] != ME)
            or event["kind"] == "round_end"
        )
    if event.get("seat") != ME:
        return False
    if kind == "draw":
        return bool(event["kind"] == "draw")
    if kind == "capture":
        orphan = event.get("orphan") or {}
        return bool(
            event["kind"] == "capture"
            and event["group"] == action["group"]
            and orphan.get("cid") == action.get("orphan")
        )
    source = "place" if kind == "place" else "hand"
    return bool(
        event["kind"] == "add"
        and event["from"] == source
        and event["group"] == action["group"]
        and (kind == "place" or event["card"]["cid"] == action["cid"])
    )


async def until_made(
    pilot: AppPilot, app: CardtableApp, action: dict[str, Any], before: int
) -> None:
    def done() -> bool:
        return any(made(event, action) for event in session(app).log[before:])

    await wait_until(pilot, done, timeout=5, what=f"{action} to be made")


async def steer(pilot: AppPilot, app: CardtableApp, thistle: ThistleBoard, cid: int) -> None:
    """Move the card cursor to `cid` with → (wrapping round), checking the screen marks it."""
    order = thistle._playable()
    assert cid in order
    for _ in range(len(order)):
        if thistle.selected == cid:
            break
        await pilot.press("right")
    assert thistle.selected == cid
    card = next(to_wire(card) for card in thistle.held if card.cid == cid)
    label = face(card, full=thistle.whole_names())
    assert f"[{label}]" in shown(app, thistle.query_one("#thistle-hand"))


async def press_group(pilot: AppPilot, thistle: ThistleBoard, gid: int) -> None:
    await pilot.press(thistle.letters()[gid])


async def greedy_move(
    pilot: AppPilot, app: CardtableApp, table: TableScreen, counts: dict[str, int]
) -> dict[str, Any]:
    """A move made with keys: capture when we can, place the drawn card, play every card we
    can (Clan cards first), then end the turn (with e or enter by turns)."""
    thistle = board(table)
    current = view(app)
    legal, phase = current["legal"], current["table"]["phase"]
    if phase == "deal":
        await pilot.press("d")
        return {"kind": "deal"}
    if phase == "place":
        action = legal[-1]
        await press_group(pilot, thistle, action["group"])
        return dict(action)
    captures = [action for action in legal if action["kind"] == "capture"]
    if captures:
        capture: dict[str, Any] = to_wire(thistle.targets()[captures[0]["group"]])
        await press_group(pilot, thistle, capture["group"])
        return capture
    if phase == "start":
        await pilot.press("d")
        return {"kind": "draw"}
    plays = [action for action in legal if action["kind"] == "play"]
    hand = {card["cid"]: card for card in current["table"]["hand"]}
    plays.sort(key=lambda action: hand[action["cid"]]["kind"] != "clan")
    if plays:
        action = plays[0]
        await steer(pilot, app, thistle, action["cid"])
        check_keys(thistle.table_text(WIDE), thistle, view(app))
        await press_group(pilot, thistle, action["group"])
        return dict(action)
    counts["ends"] = counts.get("ends", 0) + 1
    await pilot.press("e" if counts["ends"] % 2 else "enter")
    return {"kind": "end"}


# -- a hand with the keyboard --------------------------------------------------------------------


def test_a_hand_played_with_keys_shows_groups_bonus_cards_set_aside_cards_books_and_scores() -> (
    None
):
    async def body() -> None:
        app, _ = thistle_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            thistle = board(table)
            assert thistle.has_focus
            names = [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]
            seen: dict[str, int] = {}
            kinds: dict[str, int] = {}
            counts: dict[str, int] = {}
            orphan_toggled = False
            while not isinstance(app.screen, ScoringScreen):
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
                    what="our turn or the scores",
                )
                if isinstance(app.screen, ScoringScreen):
                    break
                current = view(app)
                text = thistle.table_text(WIDE)
                for key, count in check_areas(text, current, names).items():
                    seen[key] = seen.get(key, 0) + count
                check_keys(text, thistle, current)
                await prompt_is(pilot, app, table, thistle.prompt(table.state))  # type: ignore[arg-type]
                screen = await on_screen(pilot, app, f"Your hand ({len(current['table']['hand'])})")
                phase = current["table"]["phase"]
                # The footer is drawn again a moment after the keys change: wait for it.
                keys = {"d Draw": phase == "start", "e End turn": phase in ("play", "final")}
                await footer_with(pilot, app, keys)
                if phase == "place":
                    drawn_card = current["table"]["drawn"]
                    assert "Drawn " in screen and clan_name(drawn_card["clan"] or 1) in screen
                if any("orphan" in action for action in current["legal"]) and not orphan_toggled:
                    # o says whether a capture adds a set-aside card; the board says which.
                    pile = thistle.query_one("#thistle-pile")
                    await on_screen(pilot, app, "A capture adds your ", widget=pile)
                    await pilot.press("o")
                    await on_screen(pilot, app, "A capture adds no set-aside card (o)", widget=pile)
                    assert all("orphan" not in to_wire(a) for a in thistle.targets().values())
                    await pilot.press("o")
                    assert any("orphan" in to_wire(a) for a in thistle.targets().values())
                    orphan_toggled = True
                before = len(session(app).log)
                action = await greedy_move(pilot, app, table, counts)
                kinds[action["kind"]] = kinds.get(action["kind"], 0) + 1
                kinds["with orphan"] = kinds.get("with orphan", 0) + ("orphan" in action)
                await until_made(pilot, app, action, before)

            # Every kind of move was made with keys, and every kind of thing was on the board.
            assert kinds.keys() >= {"capture", "draw", "place", "play", "end", "with orphan"}, kinds
            assert kinds["with orphan"] >= 1 and orphan_toggled, kinds
            assert all(seen[key] for key in seen), seen
            # The hand's breakdown, line by line as the engine scored it.
            labels = check_breakdown(app, await on_screen(pilot, app, "This round"))
            assert "Clan cards on the table" in labels and "Clan cards left in hand" in labels
            await pilot.press("enter")
            now: object = app.screen  # (not narrowed to the scores any more: it moved on)
            assert now is table
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


# -- hands to their ends, and a deal ---------------------------------------------------------------


def test_hands_end_with_their_breakdown_and_the_dealer_deals_with_d() -> None:
    async def body() -> None:
        app, _ = thistle_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            labels: set[str] = set()
            acted_at = [-1]
            # Two players take turns to deal, from us: we deal the third hand.
            while view(app)["round"] < 3:
                await wait_until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, ScoringScreen)
                        or (our_turn(app, table) and session(app).seq != acted_at[0])
                    ),
                    what="our turn or the scores",
                )
                if isinstance(app.screen, ScoringScreen):
                    labels |= set(check_breakdown(app, await on_screen(pilot, app, "This round")))
                    await pilot.press("enter")
                    continue
                legal = view(app)["legal"]
                if legal == [{"kind": "deal"}]:
                    await on_screen(pilot, app, "Press d to deal the next hand.")
                    await footer_with(pilot, app, {"d Deal": True})
                    before = len(session(app).log)
                    await pilot.press("d")
                    await until_made(pilot, app, {"kind": "deal"}, before)
                    continue
                acted_at[0] = session(app).seq
                action = min(legal, key=lambda a: GREEDY.index(a["kind"]))

                async def act(s: ClientSession, action: dict[str, Any] = action) -> None:
                    await s.act(action)

                app.request(act)
            await wait_until(pilot, lambda: drawn(app, table), what="hand 3 drawn")
            assert "round 3 of 4" in screen_text(app)
            assert {"Clan cards on the table", "Clan cards left in hand"} <= labels, labels
            assert any("books" in label for label in labels), labels
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


# -- partners --------------------------------------------------------------------------------------


def test_partners_areas_are_framed_together_and_we_play_onto_our_partners_groups() -> None:
    async def body() -> None:
        app, _ = thistle_app(4, {"partnership": True})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            thistle = board(table)
            names = [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]
            played_on_partner = False
            for _ in range(40):
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, ScoringScreen) or our_turn(app, table),
                    what="our turn",
                )
                if isinstance(app.screen, ScoringScreen):
                    break
                current = view(app)
                text = thistle.table_text(WIDE)
                lines = text.splitlines()
                # Our team first, under its heading, then the other team's.
                ours = f"Team A: {names[0]} & {names[2]} · "
                theirs = f"Team B: {names[1]} & {names[3]} · "
                assert lines[0].startswith("▌ " + ours), text
                team_b = next(i for i, line in enumerate(lines) if theirs in line)
                assert all(line.startswith("▌") for line in lines[:team_b] if line), text
                assert lines[team_b - 1] == "", text
                assert all(line.startswith("▌") for line in lines[team_b:]), text
                # Us, our partner, then the player on our left and their partner.
                headings = [line for line in lines if " pts" in line and "Team " not in line]
                assert headings[0].startswith(f"▌ {names[0]} (you) ▶ · "), headings
                for heading, seat in zip(headings[1:], (2, 1, 3), strict=True):
                    assert heading.startswith(f"▌ {names[seat]} · "), headings
                check_areas(text, current, names)
                check_keys(text, thistle, current)
                # The team's points are its two seats' points.
                points = [int(n) for n in re.findall(r"· (-?\d+) pts", lines[0])]
                seat_points = [
                    int(re.findall(r"· (-?\d+) pts", line)[0])
                    for line in lines[1:team_b]
                    if " pts" in line
                ]
                assert points == [sum(seat_points)], (points, seat_points)
                # The players panel names each seat's team.
                panel = shown(app, table.query_one("#players"))
                for seat, name in enumerate(names):
                    row = next(line for line in panel.splitlines() if name in line)
                    # (a bot's level between its name and its team)
                    team = rf"\) (?:\w+ )?{'AB'[seat % 2]} · hand "
                    assert re.search(team, words(row)), row

                before = len(session(app).log)
                onto_partner = [
                    a
                    for a in current["legal"]
                    if a["kind"] == "play"
                    and any(
                        g["id"] == a["group"] and g["owner"] == 2
                        for g in current["table"]["groups"]
                    )
                ]
                if onto_partner and not played_on_partner:
                    action = onto_partner[0]
                    await steer(pilot, app, thistle, action["cid"])
                    await press_group(pilot, thistle, action["group"])
                    await until_made(pilot, app, action, before)
                    event = next(e for e in session(app).log[before:] if made(e, action))
                    assert event["owner"] == 2
                    played_on_partner = True
                    break
                action = await greedy_move(pilot, app, table, {})
                await until_made(pilot, app, action, before)
            assert played_on_partner
            await pilot.press("ctrl+q")

    run_async(body, timeout=120)


# -- the mouse -----------------------------------------------------------------------------------


def test_clicks_select_a_card_and_act_on_a_group() -> None:
    async def body() -> None:
        app, _ = thistle_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            thistle = board(table)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            # A click on the pile draws.
            assert view(app)["table"]["phase"] == "start"
            before = len(session(app).log)
            assert await pilot.click(
                offset=find_on_screen(app, "Pile", thistle.query_one("#thistle-pile"))
            )
            await until_made(pilot, app, {"kind": "draw"}, before)
            await wait_until(pilot, lambda: our_turn(app, table), what="our plays")
            current = view(app)
            assert current["table"]["phase"] == "play"
            plays = [a for a in current["legal"] if a["kind"] == "play"]
            action = plays[-1]
            hand_part = thistle.query_one("#thistle-hand")
            card = next(c for c in current["table"]["hand"] if c["cid"] == action["cid"])
            label = face(card, full=thistle.whole_names())
            offset = find_on_screen(app, label, hand_part)
            assert await pilot.click(offset=offset)
            assert thistle.selected == action["cid"]
            assert f"[{label}]" in shown(app, hand_part)
            group = next(g for g in current["table"]["groups"] if g["id"] == action["group"])
            key = thistle.letters()[group["id"]]
            offset = find_on_screen(
                app, f"{key} {chip(group)}", thistle.query_one("#thistle-table")
            )
            before = len(session(app).log)
            assert await pilot.click(offset=(offset[0] + 3, offset[1]))
            await until_made(pilot, app, action, before)
            await pilot.press("ctrl+q")

    run_async(body)


# -- a spectator and a replay --------------------------------------------------------------------


def replay_steps(seat: int | None) -> tuple[HistoryEntry, list[dict[str, Any]]]:
    """The deal and 30 random moves of a partnership game from `seat`'s eyes."""
    game = new_game("thistle", 4, {"partnership": True}, seed=11)
    return replay_of(game, seat, 30, random.Random(4).choice, ["Ann", "Bo", "Cy", "Di"])


async def look_at_a_replay(seat: int | None) -> None:
    """The replay's last step, then its first (the deal), as `seat` saw them."""
    entry, steps = replay_steps(seat)
    screen = Shown(entry, seat, steps)
    app = ReplayApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen.steps is not None, what="the steps")
        await pilot.press("end")
        thistle = screen.board
        assert isinstance(thistle, ThistleBoard)
        current = steps[-1]["view"]
        names = list(entry.players)
        text = thistle.table_text(WIDE)
        check_areas(text, current, names)
        assert not re.search(r"(?:^|\s)[a-z] \d+ [A-Za-z]+ ×", text)  # no letters: no moves
        board_text = shown(app, thistle)
        if seat is None:
            assert "You are watching." in board_text
            assert text.startswith("▌ Team A: Ann & Cy")
        else:
            assert f"Your hand ({len(current['table']['hand'])})" in board_text
            assert text.startswith("▌ Team B: Bo & Di")
            assert "Bo (you)" in text
        assert f"Pile  ▒▒ ×{current['table']['pile']}" in board_text
        await pilot.press("home")
        check_areas(thistle.table_text(WIDE), steps[0]["view"], names)


def test_the_replay_draws_the_board_from_a_seat_and_from_a_spectator() -> None:
    async def body() -> None:
        await look_at_a_replay(1)
        await look_at_a_replay(None)

    run_async(body)


# -- the breakdown of a hand someone went out of -----------------------------------------------


def test_going_out_doubles_the_hand_and_the_breakdown_says_so_in_points() -> None:
    out = side_lines(
        [Book(0, ME, 4, tuple(clan_cards(4))[:6], arms_of(4))],
        [Group(1, ME, 2, [9, 10], castles()[0])],
        [[]],
        [[arms_of(3)]],
        went_out=True,
    )
    stuck = side_lines(
        [Book(2, 1, 5, tuple(clan_cards(5))[:6], None)],
        [],
        [[0, 1, arms_of(9)]],
        [[]],
        went_out=False,
    )
    read = RoundScore(1, ((0,), (1,)), (out, stuck))
    score = read.to_wire()
    names = ["Tess", "Bram (bot)"]
    summary = table_in_play("thistle", [])
    state = TableState(summary, ME, {"totals": score["points"], "result": None}, names)

    async def body() -> None:
        app = ScoresApp(ScoringScreen(state, read, may_start=False))
        async with app.run_test(size=SIZE) as pilot:
            text = await on_screen(pilot, app, "Doubled for going out")
            # 300 for the perfect book + 2 × 5 + 25 on the table − 10 set aside, doubled.
            assert score["points"] == [650, 80]
            row = next(line for line in text.splitlines() if "Doubled for going out" in line)
            assert words(row).endswith("Doubled for going out 325 █"), row
            assert "1 × 300 = 300" in text and "1 × 25 = 25" in text
            assert "2 × -5 = -10" in text and "1 × -10 = -10" in text
            assert "This round 650 80" in words(text)

    run_async(body)
