"""The Nobility board, driven as a player would: a game at `cardtable play`'s table (a server in
the process, random bots in the other seats, a fixed shuffle) played with keys at 80×24; and
positions set up on the board alone (`tests/nobility/position.py`), for what a shuffle rarely
gives: a whole turn (draw, meld, extend, done, discard), a battle and the spoils owed after it,
an election, retrieval and the endgame's pass, clicks, and everything public the table shows
(money, the bank, the majority, the coalition, what a claim pays now, both discard piles, open
offers). A spectator sees no hand.

At every step the board's text is checked against the view, and every move the board makes is
checked to be one of the legal actions exactly as listed.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from typing import Any

from textual.app import App

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.nobility.board import NobilityBoard
from cardtable.client.ui.boards.nobility.faces import SUITS
from cardtable.client.ui.boards.nobility.faces import face as card_face
from cardtable.engine import PlainAction, get_game
from cardtable.engine.cards import SUIT_SYMBOLS, CardFace, parse_label
from cardtable.engine.nobility.cards import CARD_COUNT, JOKERS, hand_order, run_order, suit_of
from cardtable.engine.nobility.limits import MONEY
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.types import Phase
from cardtable.play import LocalServer, play_plan
from cardtable.protocol.messages import NAME_LENGTH

from .support import (
    SIZE,
    TEST_CONFIG,
    AppPilot,
    LocalTable,
    RandomBotsTable,
    Remote,
    at_table,
    footer_with,
    hand_of,
    join_app,
    noticed,
    notices,
    on_screen,
    our_turn,
    plain_table,
    prompt_is,
    run_async,
    screen_text,
    server_thread,
    session,
    shown,
    spot,
    style_at,
    view,
    wait_until,
)
from .test_lobby_chat import in_lobby

ME = 0
NAMES = ["Tess", "Bo", "Cy"]
#: Wide enough that no line wraps.
WIDE = 400


def nobility_app(seed: int = 7) -> tuple[CardtableApp, LocalServer]:
    config = replace(TEST_CONFIG, seed=seed)
    plan, server = play_plan(RandomBotsTable("nobility", 3, {}), "Tess", config)
    return CardtableApp(plan), server


# -- what the board should say -------------------------------------------------------------------


def face(card: dict[str, Any]) -> str:
    """A card of the plain view as the board writes it."""
    return card_face(CardFace(card["cid"], card["rank"], card["suit"]))


def ranks(cards: list[dict[str, Any]]) -> str:
    return "-".join(str(card["rank"]) for card in cards)


def meld_chip(meld: dict[str, Any]) -> str:
    """``#3 3-4-5 +K +Jkr (3)`` (a defender with a key shows the key instead of +)."""
    defenders = "".join(rf" (\+|\w){re.escape(str(d['rank']))}" for d in meld["defenders"])
    joker = r" \+Jkr" if meld["joker"] else ""
    return rf"#{meld['id']} {ranks(meld['cards'])}{defenders}{joker} \({meld['income']}\)"


def check_board(board: NobilityBoard, current: dict[str, Any], names: list[str]) -> None:
    """The board's text says what the view says: the stock, the piles, the bank, elections,
    majority and coalition; each seat's money, provinces, hand count, what a claim of each suit
    pays it now, and its melds by suit; our hand in order."""
    table = current["table"]
    me = current["seat"]
    top = board.top_text(WIDE).splitlines()
    stock = f"Stock  ▒▒ ×{table['stock']} " if table["stock"] else "Stock empty"
    assert top[0].startswith(stock), top
    pile = table["stock_discard"]
    want = f"Pile ×{len(pile)}" + (f"  {face(pile[-1]):>3} " if pile else "")
    assert want in top[0].replace("•", ""), (want, top)  # • a card the others just discarded
    assert f"Bank {table['bank']}" in top[0], top
    assert top[1].startswith(f"Elections {table['elections']}/{table['last_election']}"), top
    majority = " & ".join(names[s] for s in table["majority"]) or "none"
    coalition = " & ".join(names[s] for s in table["coalition"]) or "none"
    assert f"Majority {majority}  Coalition {coalition}" in top[1], top
    lines = board.table_text(WIDE).splitlines()
    nobles = " ".join(face(card) for card in reversed(table["noble_discard"])) or "empty"
    assert re.sub(r"(^|\s)\w(?=[AJQK])", r"\1", lines[0]) == (
        f"Noble pile ×{len(table['noble_discard'])}: {nobles}"
    ), lines[0]
    at = 1
    if len(pile) > 1:
        under = " ".join(face(card) for card in reversed(pile[:-1]))
        assert lines[1] == f"Under the pile's top: {under}", lines[1]
        at = 2
    seats = current["seats"]
    order = [((me if me is not None else 0) + k) % seats for k in range(seats)]
    for seat in order:
        heading = lines[at]
        at += 1
        name = names[seat] + (" (you)" if seat == me else "")
        assert re.match(rf"(\w )?{re.escape(name)}( |$)", heading), (name, heading)
        assert (" ▶" in heading) == (seat == table["turn"] and table["phase"] != "election")
        assert ("★majority" in heading) == (seat in table["majority"]), heading
        assert ("⚭coalition" in heading) == (seat in table["coalition"]), heading
        claims = " ".join(f"{SUIT_SYMBOLS[s]}{table['income'][s][seat]}" for s in SUITS)
        assert (
            f"· money {table['money'][seat]} · {table['provinces'][seat]} provinces · "
            f"hand {table['hand_counts'][seat]}" in heading
        ), heading
        assert heading.endswith(f"· claim pays {claims}"), heading
        mine = [m for m in table["melds"] if m["owner"] == seat]
        if not mine:
            assert lines[at].strip() == "no melds", lines[at]
            at += 1
        for suit in SUITS:
            melds = [m for m in mine if m["suit"] == suit]
            if not melds:
                continue
            line = lines[at]
            at += 1
            assert line.startswith(f"  {SUIT_SYMBOLS[suit]}  "), line
            for meld in melds:
                assert re.search(rf"(^|\s|•)(\w )?{meld_chip(meld)}", line), (meld, line)
            assert line.count("#") == len(melds), line
    assert at == len(lines), lines[at:]
    if table["hand"] is not None:
        hand = board.hand_text(WIDE).splitlines()
        assert hand[0].startswith(f"Your hand ({len(table['hand'])})"), hand
        faces = re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]|Jkr", hand[-1])
        assert faces == [face(card) for card in table["hand"]], (faces, hand)
    else:
        assert board.hand_text(WIDE) == "You are watching."


# -- positions on the board alone ----------------------------------------------------------------

DRAW: PlainAction = {"kind": "draw"}
READY: PlainAction = {"kind": "ready"}


def cid(label: str) -> int:
    """``"10H"`` → its card id; ``"Jkr"`` the first Joker."""
    if label == "Jkr":
        return JOKERS[0]
    rank, suit = parse_label(label)
    return "SHDC".index(suit) * 13 + rank - 1


def cids_of(labels: str) -> list[int]:
    return [cid(label) for label in labels.split()]


def position(
    hands: list[str],
    melds: list[tuple[Any, ...]] = (),  # type: ignore[assignment]
    *,
    stock: str = "",
    pile: str = "",
    nobles: str = "",
    money: tuple[int, int, int] = (0, 0, 0),
    phase: Phase = "start",
    rest: str = "stock",
    **state: Any,
) -> Nobility:
    """A game at our turn with these hands, melds ((owner, provinces, defenders, joker), ids 1,
    2, …), stock (top first), stock discard pile and noble pile (top last); the cards named
    nowhere lie under the stock, or are set aside (`rest="aside"`, for the endgame)."""
    setup = get_game("nobility").setup(3, {}, 7, 2)
    game = Nobility(setup, stack=range(CARD_COUNT))
    used: list[int] = []

    def take(labels: str) -> list[int]:
        found = cids_of(labels)
        used.extend(found)
        return found

    game.melds = {}
    for number, spec in enumerate(melds, start=1):
        owner, provinces, defenders, joker = (*spec, "", "")[:4]
        cards = run_order(take(provinces)) or []
        meld = Meld(number, owner, suit_of(cards[0]), cards, take(defenders))
        meld.joker = take(joker)[0] if joker else None
        game.melds[number] = meld
    game.next_meld = len(melds) + 1
    game.hands = [hand_order(take(hand)) for hand in hands]
    game.pile, game.nobles = take(pile), take(nobles)
    top_first = take(stock)
    left = [card for card in range(CARD_COUNT) if card not in used]
    game.stock = (top_first + (left if rest == "stock" else []))[::-1]
    game.money, game.bank = list(money), MONEY - sum(money)
    game.turn, game.phase = 0, phase
    for name, value in state.items():
        setattr(game, name, value)
    return game


class Local(LocalTable):
    """Our seat at a Nobility table of its own (see `LocalTable`)."""

    def __init__(self, game: Nobility, seat: int | None = ME) -> None:
        super().__init__(game, NAMES, seat)


def local_board(app: Local) -> NobilityBoard:
    assert isinstance(app.board, NobilityBoard)
    return app.board


async def check_local(pilot: AppPilot, app: Local) -> NobilityBoard:
    await wait_until(pilot, app.drawn, 5, "the board drawn")
    board = local_board(app)
    check_board(board, app.game.view(app.seat), NAMES)
    return board


async def steer(pilot: AppPilot, board: NobilityBoard, card: int) -> None:
    """Move the cursor to `card` with ← or →."""
    order = [c["cid"] for c in hand_of(board)]
    ahead = (order.index(card) - order.index(board.cursor)) % len(order)
    key, count = ("right", ahead) if ahead <= len(order) // 2 else ("left", len(order) - ahead)
    await pilot.press(*[key] * count)
    assert board.cursor == card


async def mark(pilot: AppPilot, board: NobilityBoard, cards: list[int]) -> None:
    """Mark exactly `cards` with the cursor and space."""
    if board.picked:
        await pilot.press("u")
    for card in cards:
        await steer(pilot, board, card)
        await pilot.press("space")
    assert sorted(board.picked) == sorted(cards)


def key_of(board: NobilityBoard, label: str) -> str:
    """The key of the target labelled `label` in the line under the hand's heading."""
    return next(t.key for t in board.targets() if t.item.label == label)


def test_the_card_taken_from_the_pile_is_not_discarded_again() -> None:
    game = position(["3H 4H 6H", "2C 3C 4C", "2D 3D 4D"], [], stock="5H 9C", pile="7S")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            board = await check_local(pilot, app)
            await pilot.press("t")
            assert app.made == [{"kind": "take"}]
            board = await check_local(pilot, app)
            await steer(pilot, board, cid("7S"))
            await pilot.press("x")
            assert app.made == [{"kind": "take"}]
            await wait_until(
                pilot, lambda: any("You took 7♠ from the pile" in n for _, n in notices(app)), 5
            )
            await steer(pilot, board, cid("6H"))
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": cid("6H")}

    run_async(body)


def test_a_whole_turn_by_keys_draw_meld_extend_done_discard() -> None:
    game = position(
        ["3H 4H 6H", "2C 3C 4C", "2D 3D 4D"],
        [(1, "7H 8H 9H")],
        stock="5H 9C 10C 5S 6S",
        pile="7S",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            board = await check_local(pilot, app)
            assert board.prompt(app.state()) == "Your turn: draw (d) or take the 7♠ (t)."
            await footer_with(pilot, app, {"d Draw": True, "t Take": True, "x Discard": False})
            await pilot.press("d")
            assert app.made == [DRAW]
            board = await check_local(pilot, app)
            assert board.prompt(app.state()) == (
                "Mark cards (space): m meld, e extend; x discards."
            )
            # Cards that make no meld: m says why, and nothing is sent.
            await mark(pilot, board, cids_of("3H 4H 6H"))
            assert "m: meld" not in board.hand_text(WIDE)
            await pilot.press("m")
            await noticed(pilot, app, "Those provinces are not in sequence (10 is followed by 2).")
            # The three in sequence: m melds them.
            await mark(pilot, board, cids_of("3H 4H 5H"))
            assert "3 marked · m: meld" in board.hand_text(WIDE)
            await pilot.press("m")
            assert app.made[-1] == {"kind": "meld", "cids": cids_of("3H 4H 5H")}
            board = await check_local(pilot, app)
            assert "#2 3-4-5 (2)" in board.table_text(WIDE)
            # The 6♥ extends our 3-4-5 or Bo's 7-8-9: e asks which, a key chooses Bo's.
            assert board.cursor == cid("6H")
            assert "e: extend" in board.hand_text(WIDE)
            await pilot.press("e")
            labels = [t.item.label for t in board.targets()]
            assert labels == ["your #2 ♥3-4-5", "Bo's #1 ♥7-8-9"], labels
            assert "Extend which meld?  1 your #2 ♥3-4-5  2 Bo's #1 ♥7-8-9" in board.hand_text(WIDE)
            assert re.search(r"1 #2 3-4-5 \(2\)", board.table_text(WIDE))
            await pilot.press("2")
            assert app.made[-1] == {"kind": "extend", "cid": cid("6H"), "meld": 1}
            board = await check_local(pilot, app)
            assert "#1 6-7-8-9 (4)" in board.table_text(WIDE)
            assert board.prompt(app.state()) == "Press enter: you are done melding."
            assert "⏎: done" in board.hand_text(WIDE)
            # enter ends melding: the hand is replenished to four, then x discards.
            await pilot.press("enter")
            assert app.made[-1] == {"kind": "done"}
            board = await check_local(pilot, app)
            assert len(hand_of(board)) == 4 and game.phase == "discard"
            assert board.prompt(app.state()) == (
                "Discard down to three: choose a card with ←→ and press x."
            )
            await steer(pilot, board, cid("9C"))
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": cid("9C")}
            board = await check_local(pilot, app)
            assert game.turn == 1 and "Pile ×2   9♣" in board.top_text(WIDE)
            assert board.prompt(app.state()) == "Bo is playing."
            assert not app.refused

    run_async(body)


def test_a_battle_by_keys_then_the_spoils_owed_are_given_up_by_key() -> None:
    game = position(
        ["KC QH AS", "2C 3C 4C", "2D 3D 4D"],
        [(1, "7D 8D 9D"), (2, "3S 4S 5S", "JS")],
        stock="JD 9C 10C 5H 6H",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            board = local_board(app)
            await pilot.press("d")
            board = await check_local(pilot, app)
            assert "b battle" in board.prompt(app.state())
            # b marks all four nobles; b again asks for the target: melds and hands.
            await pilot.press("b")
            nobles = sorted(cids_of("KC QH AS JD"))
            assert sorted(board.picked) == nobles
            assert "4 marked · b: battle" in board.hand_text(WIDE)
            await pilot.press("b")
            labels = [t.item.label for t in board.targets()]
            assert labels == ["Bo's #1 ♦7-8-9", "Cy's #2 ♠3-4-5", "Bo's hand", "Cy's hand"]
            text = board.table_text(WIDE)
            assert re.search(r"1 #1 7-8-9 \(2\)", text) and re.search(r"2 #2 3-4-5 \+J", text)
            assert "3 Bo · money" in text and "4 Cy · money" in text
            await pilot.press("1")
            assert app.made[-1] == {"kind": "battle", "cids": nobles, "meld": 1}
            board = await check_local(pilot, app)
            # Won against a defence of 1: two of the four are spent, our choice which.
            top = board.top_text(WIDE)
            assert "Battle: Tess attacked your #1 ♦7-8-9 with" in top and "· won" in top
            assert "You owe 2 of the attacking nobles: 1A♠ 2Q♥ 3J♦ 4K♣" in top, top
            assert board.prompt(app.state()) == (
                "Give up 2 of your attackers: press a key shown, or g on the card under the cursor."
            )
            await pilot.press("2")
            assert app.made[-1] == {"kind": "give_up", "cid": cid("QH")}
            board = await check_local(pilot, app)
            assert "You owe 1 of the attacking nobles: 1A♠ 2J♦ 3K♣" in board.top_text(WIDE)
            await pilot.press("g")
            await noticed(pilot, app, "Which noble do you give up? Press 1, 2, 3.")
            await pilot.press("1")
            assert app.made[-1] == {"kind": "give_up", "cid": cid("AS")}
            board = await check_local(pilot, app)
            # The meld is ours; we keep the J♦ and K♣, replenish to four and discard.
            assert game.melds[1].owner == ME and game.phase == "discard"
            assert "Noble pile ×2: A♠ Q♥" in board.table_text(WIDE)
            assert cid("JD") in game.hands[ME] and cid("KC") in game.hands[ME]
            await steer(pilot, board, cid("JD"))
            await pilot.press("x")
            assert app.made[-1] == {"kind": "discard", "cid": cid("JD")}
            await check_local(pilot, app)
            assert not app.refused

    run_async(body)


def test_an_election_opens_when_the_stock_runs_out_and_y_says_ready() -> None:
    game = position(["2C 5H KS", "2D 6H 8S", "3D 7H 9S"], stock="4C", pile="10D", rest="aside")

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d")  # the last card of the stock: an election
            board = await check_local(pilot, app)
            assert game.phase == "election" and app.made == [DRAW]
            top = board.top_text(WIDE)
            assert "Election 1 is on · ready: nobody yet · waiting for Tess, Bo, Cy" in top, top
            assert board.prompt(app.state()) == (
                "An election: make your deals in the chat, then press y when you are ready."
            )
            await footer_with(pilot, app, {"y Ready": True})
            await pilot.press("y")
            assert app.made[-1] == READY
            board = await check_local(pilot, app)
            assert "ready: Tess · waiting for Bo, Cy" in board.top_text(WIDE)
            assert "Tess (you) · money 0 · 0 provinces · hand 4 · ready" in board.table_text(WIDE)
            assert board.prompt(app.state()) == "The election waits for Bo, Cy."
            app.other(seat=1, action=READY)
            app.other(seat=2, action=READY)
            board = await check_local(pilot, app)
            # Play goes on where it stopped: our meld phase, with the pile now the stock.
            assert str(game.phase) == "main" and "Election 1 is on" not in board.top_text(WIDE)
            assert board.top_text(WIDE).startswith("Stock  ▒▒ ×1   Pile ×0")
            assert not app.refused

    run_async(body)


def test_the_table_shows_money_the_bank_majority_coalition_claims_piles_and_offers() -> None:
    game = position(
        ["2C 5H KS", "2D 6H 8S", "3D 7H 9S"],
        [
            (0, "3H 4H 5H", "QH"),
            (0, "9C 10C 2C", "", "Jkr"),
            (1, "6S 7S 8S 9S 10S", "KS JS"),
            (2, "5D 6D 7D"),
            (0, "6C 7C 8C"),
        ],
        stock="4C",
        pile="10D 3S 4D",
        nobles="AC KH",
        money=(40, 25, 0),
        majority=(0,),
        coalition=(1, 2),
        elections=2,
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            game.apply(1, {"kind": "offer", "to": 0, "give_money": 5})
            app.redraw()
            board = await check_local(pilot, app)
            top = board.top_text(WIDE).splitlines()
            assert top[0].startswith("Stock  ▒▒ ×") and "Pile ×3   4♦   Bank 115" in top[0], top
            assert top[1] == (
                "Elections 2/8  Majority Tess  Coalition Bo & Cy  1 open offer (chat)"
            ), top
            text = board.table_text(WIDE).splitlines()
            assert text[0] == "Noble pile ×2: K♥ A♣"
            assert text[1] == "Under the pile's top: 3♠ 10♦"
            # Our melds, doubled in the majority; the Joker's meld pays nothing.
            assert text[2] == (
                "Tess (you) ▶ ★majority · money 40 · 9 provinces · hand 3 · claim pays ♣2 ♦0 ♥4 ♠0"
            ), text[2]
            assert text[3] == "  ♣  #2 9-10-2 +Jkr (0)  #5 6-7-8 (2)"
            assert text[4] == "  ♥  #1 3-4-5 +Q (4)"
            assert text[5].startswith("Bo ⚭coalition · money 25 · 5 provinces · hand 3")
            assert text[6] == "  ♠  #3 6-7-8-9-10 +K +J (8)"
            assert text[7].endswith("claim pays ♣0 ♦2 ♥0 ♠0") and "Cy ⚭coalition" in text[7]
            # Suits in their colours: hearts red, clubs bright white.
            part = board.query_one("#nobility-table")
            x, y = spot(app, "3-4-5", part)
            red, green, blue = colour_at(app, x, y)
            assert red > 200 and green < 100 and blue < 150, (red, green, blue)
            x, y = spot(app, "6-7-8 (2)", part)
            assert min(colour_at(app, x, y)) > 200

    run_async(body)


def colour_at(app: App[Any], x: int, y: int) -> tuple[int, int, int]:
    """The text colour of the cell at (x, y), as red, green, blue."""
    colour = style_at(app, x, y).color
    assert colour is not None
    red, green, blue = colour.get_truecolor()
    return red, green, blue


def test_retrieve_recall_and_pass_in_the_endgame() -> None:
    game = position(
        ["2C 5D 7S", "2D 6H 8S", "3D 7H 9S"],
        [(0, "3H 4H 5H", "QH")],
        nobles="AC KH",
        money=(40, 0, 0),
        phase="main",
        rest="aside",
        endgame=True,
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            board = await check_local(pilot, app)
            assert "Endgame · passes 0 of 3 · 30 turns left" in board.top_text(WIDE)
            assert board.prompt(app.state()) == "W merges; p passes; r retrieves."
            # r: a key on each noble of the pile, and on our defender to recall.
            await pilot.press("r")
            labels = [t.item.label for t in board.targets()]
            assert labels == ["K♥", "A♣", "recall Q♥"], labels
            text = board.table_text(WIDE)
            assert "Noble pile ×2: 1K♥ 2A♣" in text and "#1 3-4-5 3Q (2)" in text, text
            # The K♥ may go to the hand or onto our hearts: a second choice.
            await pilot.press("1")
            assert [t.item.label for t in board.targets()] == ["your hand", "your #1 ♥3-4-5"]
            await pilot.press("2")
            assert app.made[-1] == {"kind": "retrieve", "cid": cid("KH"), "meld": 1}
            board = await check_local(pilot, app)
            assert "#1 3-4-5 +Q +K (2)" in board.table_text(WIDE)
            assert board.prompt(app.state()) == (
                "Retrieve more (r), or press enter when you are done."
            )
            await pilot.press("r", "2")  # recall the Q♥ (the A♣ is 1)
            assert app.made[-1] == {"kind": "recall", "cid": cid("QH")}
            await pilot.press("enter")
            assert app.made[-1] == {"kind": "done"}
            board = await check_local(pilot, app)
            assert game.phase == "discard"
            await steer(pilot, board, cid("QH"))
            await pilot.press("x")
            app.other(seat=1, action={"kind": "pass"})
            app.other(seat=2, action={"kind": "pass"})
            board = await check_local(pilot, app)
            assert "Endgame · passes 2 of 3" in board.top_text(WIDE)
            await pilot.press("p")
            assert app.made[-1] == {"kind": "pass"}
            assert game.round_scores  # three passes decided the rubber
            assert not app.refused

    run_async(body)


def test_clicks_draw_mark_meld_extend_finish_and_discard() -> None:
    game = position(
        ["3H 4H 6H", "2C 3C 4C", "2D 3D 4D"],
        [(1, "8C 9C 10C")],
        stock="5H 2S 3S 9S 10S",
    )

    async def body() -> None:
        app = Local(game)
        async with app.run_test(size=(120, 40)) as pilot:
            board = local_board(app)
            top = board.query_one("#nobility-top")
            hand = board.query_one("#nobility-hand")
            areas = board.query_one("#nobility-table")
            assert await pilot.click(offset=spot(app, "Stock", top))
            assert app.made == [DRAW]
            await check_local(pilot, app)
            for label in ("3♥", "4♥", "5♥"):
                x, y = spot(app, label, hand)
                assert await pilot.click(offset=(x, y))
            assert sorted(board.picked) == cids_of("3H 4H 5H")
            assert await pilot.click(offset=spot(app, "m: meld", hand))
            assert app.made[-1] == {"kind": "meld", "cids": cids_of("3H 4H 5H")}
            await check_local(pilot, app)
            # A click on the 6♥ marks it; a click on our new meld extends it.
            assert await pilot.click(offset=spot(app, "6♥", hand))
            assert await pilot.click(offset=spot(app, "#2 3-4-5", areas))
            assert app.made[-1] == {"kind": "extend", "cid": cid("6H"), "meld": 2}
            await check_local(pilot, app)
            assert await pilot.click(offset=spot(app, "⏎: done", hand))
            assert app.made[-1] == {"kind": "done"}
            board = await check_local(pilot, app)
            # The cursor card goes onto the pile with a click there.
            cursor = board.cursor
            assert await pilot.click(offset=spot(app, "Pile", top))
            assert app.made[-1] == {"kind": "discard", "cid": cursor}
            await check_local(pilot, app)
            assert not app.refused

    run_async(body)


def test_a_spectator_sees_the_table_and_no_hand() -> None:
    game = position(["2C 5H KS", "2D 6H 8S", "3D 7H 9S"], [(1, "3H 4H 5H")], money=(0, 10, 0))

    async def body() -> None:
        app = Local(game, seat=None)
        async with app.run_test(size=SIZE) as pilot:
            board = await check_local(pilot, app)
            assert "You are watching." in shown(app, board)
            assert "Your hand" not in screen_text(app)
            assert board.table_text(WIDE).splitlines()[1].startswith("Tess ▶ · money 0")
            assert board.prompt(app.state()) == "Tess is playing."
            await pilot.press("d", "space", "x")
            assert not app.made and not app.refused

    run_async(body)


# -- a game against the bots ---------------------------------------------------------------------


def current_names(app: CardtableApp) -> list[str]:
    return [str(seat.name) for seat in session(app).table.seats]  # type: ignore[union-attr]


async def key_move(pilot: AppPilot, board: NobilityBoard, legal: list[PlainAction]) -> str:
    """A move made with keys from the legal ones: give up, be ready, battle once, meld, finish,
    draw (or take, now and then), discard, pass; returns its kind."""
    kinds = {action["kind"] for action in legal}
    if "deal" in kinds:
        await pilot.press("d")
        return "deal"
    if "give_up" in kinds:
        await pilot.press("1")
        return "give_up"
    if "ready" in kinds:
        await pilot.press("y")
        return "ready"
    if "battle" in kinds:
        await pilot.press("u", "b", "b")
        if board.choices:
            await pilot.press(board.choices[0].key)
        return "battle"
    if "meld" in kinds:
        await pilot.press("u", "m", "m")
        return "meld"
    if "done" in kinds:
        await pilot.press("enter")
        return "done"
    if "draw" in kinds or "take" in kinds:
        take = "take" in kinds and (
            "draw" not in kinds or len(plain_table(board)["stock_discard"]) % 3 == 0
        )
        await pilot.press("t" if take else "d")
        return "take" if take else "draw"
    if "discard" in kinds:
        # Not the card taken from the pile this turn, which may not go straight back.
        allowed = [action["cid"] for action in legal if action["kind"] == "discard"]
        await pilot.press("u", "right")
        if board.cursor not in allowed:
            await steer(pilot, board, allowed[0])
        await pilot.press("x")
        return "discard"
    await pilot.press("p")
    return "pass"


def test_a_game_against_the_bots_by_keys_at_80_by_24() -> None:
    async def body() -> None:
        app, _ = nobility_app()
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            board = table.board
            assert isinstance(board, NobilityBoard) and board.has_focus
            names = current_names(app)
            done: dict[str, int] = {}
            while sum(done.values()) < 10 or not {"draw", "discard", "battle"} <= done.keys():
                await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
                current = view(app)
                check_board(board, current, names)
                await on_screen(pilot, app, "Stock", f"Your hand ({len(hand_of(board))})")
                await prompt_is(pilot, app, table, board.prompt(table.state))  # type: ignore[arg-type]
                kinds = {action["kind"] for action in current["legal"]}
                keys = {"d Draw": "draw" in kinds, "x Discard": "discard" in kinds}
                await footer_with(pilot, app, keys)
                seq = session(app).seq
                kind = await key_move(pilot, board, current["legal"])
                done[kind] = done.get(kind, 0) + 1

                def made(seq: int = seq) -> bool:
                    return session(app).seq != seq

                await wait_until(pilot, made, what=f"{kind} made")
            # No refusal from the server: only the board's own hints were shown.
            hints = ("Your nobles are marked", "Attack with")
            assert all(note.startswith(hints) for _, note in notices(app)), notices(app)
            await pilot.press("ctrl+q")

    run_async(body)


def test_the_players_panel_cuts_a_long_name_never_the_hand_money_or_presence() -> None:
    """Names as long as the server takes, and a seat a bot plays for its away player: at 80
    columns every row still shows whose it is, its presence, cards in hand and money."""
    wilhelmina, bartholomew = "Wilhelmina Augustabellas", "Bartholomew Fitzwilliams"
    assert len(wilhelmina) == len(bartholomew) == NAME_LENGTH
    with server_thread() as server, Remote(server, bartholomew) as bart:

        async def body() -> None:
            app = join_app(server.port, wilhelmina)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> None:
                    table = await session.create_table("nobility", 3, {}, {"away_bot_after": None})
                    await session.sit(table.table_id, 0)
                    await session.add_bot(table.table_id, 2, "random")

                app.request(open_table)
                await wait_until(pilot, lambda: session(app).seat == 0, 5, "seated")
                table_id = session(app).table_id
                assert table_id is not None
                await bart.ado(lambda session: session.sit(table_id, 1))
                app.request(lambda session: session.start(table_id))
                table = await at_table(pilot, app)
                await asyncio.to_thread(bart.close)
                app.request(lambda session: session.cover(table_id, 1))

                def rows() -> list[str]:
                    return shown(app, table.query_one("#players")).splitlines()[1:4]

                def right() -> bool:
                    hands, money = view(app)["table"]["hand_counts"], view(app)["table"]["money"]
                    shown_rows = rows()
                    return all(
                        f"hand {hands[seat]} · money {money[seat]}" in shown_rows[seat]
                        for seat in range(3)
                    ) and ("○ bot plays" in shown_rows[1])

                await wait_until(pilot, right, 5, "every row whole")
                first, second, third = rows()
                assert "Wilhelmina" in first and "…" in first and "(you)" in first
                assert "Bartholomew" in second and "…" in second
                assert current_names(app)[2] in third

        run_async(body, timeout=30)
