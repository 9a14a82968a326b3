"""Nobody is sent a card they may not see, private chat reaches its two parties only, and a
hint is thought from the seat's view alone.

Every message each seat and spectator receives during whole games is recorded. Afterwards the
table's record (its setup and actions) is replayed step by step, and every card id (``cid``)
anywhere in a message must have been visible to its receiver (`Zone.visible_to`, None for a
spectator) just before or just after the action that message reports. An update's ``seq`` is the
number of actions applied so far; seq 0 is the deal.
"""

from __future__ import annotations

import random
from contextlib import AsyncExitStack
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
import trio

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import Bot, Event, Game, RandomBot, Setup, get_game, new_game, start
from cardtable.engine.search import copy_game, heard_by
from cardtable.protocol import ChatLinePush, ErrorCode, Joined, Message, Update
from cardtable.server.app import RunningServer
from cardtable.server.bots.hints import HintSearch
from cardtable.server.table.table import Table
from tests.conformance.support import case_id, short_tables
from tests.search.support import SEARCH_GAMES
from tests.search.test_search_games import reachable
from tests.server.conftest import Connect
from tests.server.players import drive, game_over

GAME = "chinese-ten"

Receiver = int | None


def cids(value: Any) -> set[int]:
    """Every card id anywhere in a wire value (dicts and lists walked all the way down)."""
    found: set[int] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                if key == "cid":
                    assert isinstance(inner, int)
                    found.add(inner)
                walk(inner)
        elif isinstance(item, list | tuple):
            for inner in item:
                walk(inner)

    walk(value)
    return found


@dataclass
class Chronicle:
    """One game replayed from the server's record: after each step (0: the deal, k: k actions),
    what each receiver may see, its view, and the events that step made."""

    setup: Setup
    actions: list[tuple[int, dict[str, Any]]]
    visible: list[dict[Receiver, frozenset[int]]]
    views: list[dict[Receiver, dict[str, Any]]]
    steps: list[list[Event]]
    hidden: list[frozenset[int]]  # cards never public so far (in hands, the deck or pile)

    @classmethod
    def of(cls, table: Table) -> Chronicle:
        assert table.setup is not None and table.status == "finished"
        setup, actions = table.setup, list(table.actions)
        game = start(setup)
        receivers: list[Receiver] = [None, *range(setup.seats)]
        chronicle = cls(setup, actions, [], [], [list(game.opening_events)], [])
        everything = frozenset(range(game.card_count()))
        public: set[int] = set()

        def snapshot() -> None:
            zones = game.zones()
            chronicle.visible.append(
                {
                    receiver: frozenset(
                        cid
                        for zone in zones.values()
                        if zone.visible_to(receiver)
                        for cid in zone.cards
                    )
                    for receiver in receivers
                }
            )
            chronicle.views.append({receiver: game.view(receiver) for receiver in receivers})
            public.update(chronicle.visible[-1][None])
            chronicle.hidden.append(everything - public)

        snapshot()
        for seat, action in actions:
            chronicle.steps.append(game.apply(seat, action))
            snapshot()
        assert game.over
        return chronicle

    def allowed(self, seq: int, receiver: Receiver) -> frozenset[int]:
        """What `receiver` may see in the update for step `seq`: before or after that action."""
        before = self.visible[seq - 1][receiver] if seq > 0 else frozenset()
        return before | self.visible[seq][receiver]

    def events(self, upto: int, receiver: Receiver) -> list[dict[str, Any]]:
        return [event.for_seat(receiver) for step in self.steps[: upto + 1] for event in step]


def check_update(
    update: Update, receiver: Receiver, chronicle: Chronicle, view: dict[str, Any] | None
) -> set[int]:
    """An update, as it came (events, and a whole view or a patch) and as applied (`view`, the
    receiver's view once it took the update), holds only cards the receiver may see."""
    seq = update.seq
    seen = cids(update.events) | cids(update.view) | cids(update.patch)
    leaked = seen - chronicle.allowed(seq, receiver)
    assert not leaked, f"receiver {receiver} was sent cards {sorted(leaked)} at seq {seq}"
    leaked = cids(view) - chronicle.visible[seq][receiver]
    assert not leaked, f"receiver {receiver} holds cards {sorted(leaked)} at seq {seq}"
    assert (update.view is None) != (update.patch is None)
    assert view == chronicle.views[seq][receiver]
    assert update.events == [event.for_seat(receiver) for event in chronicle.steps[seq]]
    return seen


def check_joined(joined: Joined, receiver: Receiver, chronicles: dict[int, Chronicle]) -> int:
    """A joined message's view and log show only what the receiver may see; returns the step
    it was sent at (-1 before any game)."""
    assert joined.seat == receiver
    if joined.view is None:
        assert joined.log == [] and joined.table.game_no == 0
        return -1
    chronicle = chronicles[joined.table.game_no]
    lengths = [len(chronicle.events(step, receiver)) for step in range(len(chronicle.steps))]
    step = lengths.index(len(joined.log))  # each step makes at least one event
    assert joined.view == chronicle.views[step][receiver]
    assert joined.log == chronicle.events(step, receiver)
    leaked = cids(joined.view) - chronicle.visible[step][receiver]
    assert not leaked, f"receiver {receiver} joined with cards {sorted(leaked)} in its view"
    position = 0
    for index, made in enumerate(chronicle.steps[: step + 1]):
        logged = joined.log[position : position + len(made)]
        position += len(made)
        leaked = cids(logged) - chronicle.allowed(index, receiver)
        assert not leaked, f"receiver {receiver} joined with cards {sorted(leaked)} in its log"
    if receiver is None:
        assert not (cids(joined.view) | cids(joined.log)) & chronicle.hidden[step]
    return step


def check_messages(
    received: list[tuple[Message, dict[str, Any] | None]],
    receiver: Receiver,
    chronicles: dict[int, Chronicle],
) -> set[int]:
    """Every message one receiver got, each with its view once it took it (`Recorder.pairs`);
    returns every cid it was sent."""
    seen: set[int] = set()
    for message, view in received:
        if isinstance(message, Update):
            seen |= check_update(message, receiver, chronicles[message.game_no], view)
        elif isinstance(message, Joined):
            check_joined(message, receiver, chronicles)
            seen |= cids(message.view) | cids(message.log)
        else:
            assert not cids(message.to_wire()), message
    return seen


class Recorder:
    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.messages: list[Message] = []
        #: The session's view once it took each message (an update's patch applied).
        self.views: list[dict[str, Any] | None] = []
        session.on_message(self.record)

    def record(self, message: Message) -> None:
        self.messages.append(message)
        self.views.append(self.session.view)

    def pairs(self) -> list[tuple[Message, dict[str, Any] | None]]:
        """Each message with the view once the session took it."""
        return list(zip(self.messages, self.views, strict=True))

    def updates(self) -> list[Update]:
        return [m for m in self.messages if isinstance(m, Update)]

    def updated_views(self) -> list[dict[str, Any]]:
        """The view after each update."""
        found = []
        for message, view in zip(self.messages, self.views, strict=True):
            if isinstance(message, Update):
                assert view is not None
                found.append(view)
        return found


def heard(session: ClientSession, text: str) -> bool:
    return any(line.text == text for line in session.chat)


def make_bot(seat: int, game_no: int, game: str = GAME) -> Bot:
    """The game's best bot on even seats, the random bot on odd ones."""
    spec = get_game(game)
    kind = spec.bots[spec.default_bot] if seat % 2 == 0 else RandomBot
    return kind(100 * game_no + seat)


#: Games played at each table in a row (the second under a new seed).
GAMES_PER_TABLE = 2


@pytest.mark.parametrize(
    ("game", "players", "options"), [pytest.param(*t, id=case_id(t)) for t in short_tables()]
)
async def test_nobody_is_sent_a_card_they_may_not_see(
    client: Connect,
    server: RunningServer,
    game: str,
    players: int,
    options: dict[str, Any],
) -> None:
    games = GAMES_PER_TABLE
    with trio.fail_after(30):
        async with AsyncExitStack() as stack:
            people = [
                await stack.enter_async_context(client(f"P{seat}")) for seat in range(players)
            ]
            watcher = await stack.enter_async_context(client("Watcher"))
            recorders: dict[Receiver, Recorder] = {None: Recorder(watcher)}
            recorders.update({seat: Recorder(session) for seat, session in enumerate(people)})
            table_id = (await people[0].create_table(game, players, options)).table_id
            for seat, session in enumerate(people):
                await session.sit(table_id, seat)
            await watcher.spectate(table_id)
            table = server.lobby.tables[table_id]
            chronicles: dict[int, Chronicle] = {}
            for game_no in range(1, games + 1):
                await people[0].start(table_id)
                async with trio.open_nursery() as nursery:
                    for seat, session in enumerate(people):
                        bot = make_bot(seat, game_no, game)
                        nursery.start_soon(drive, session, bot, game_no)
                    nursery.start_soon(game_over, watcher, game_no)
                chronicles[game_no] = Chronicle.of(table)
            assert len({chronicle.setup.seed for chronicle in chronicles.values()}) == games

            seen = {
                receiver: check_messages(recorder.pairs(), receiver, chronicles)
                for receiver, recorder in recorders.items()
            }
            for receiver, recorder in recorders.items():
                expected = [
                    (game_no, seq)
                    for game_no, chronicle in chronicles.items()
                    for seq in range(len(chronicle.steps))
                ]
                assert [(u.game_no, u.seq) for u in recorder.updates()] == expected, receiver

            # The check has teeth: each player was sent its own hand, which the spectator never
            # was; and the spectator checker refuses a seat's deal.
            for seat in range(players):
                for game_no, chronicle in chronicles.items():
                    dealt = next(
                        u for u in recorders[seat].updates() if (u.game_no, u.seq) == (game_no, 0)
                    )
                    hand = cids(dealt.view["table"]["hand"])
                    assert hand == set(start(chronicle.setup).zones()[f"hand {seat}"].cards)
                    assert hand <= seen[seat] and hand <= chronicle.hidden[0]
                    assert not hand & chronicle.visible[0][None]
                    with pytest.raises(AssertionError, match="receiver None was sent cards"):
                        check_update(dealt, None, chronicle, dealt.view)
            for game_no, chronicle in chronicles.items():
                (deal,) = [
                    u for u in recorders[None].updates() if (u.game_no, u.seq) == (game_no, 0)
                ]
                assert cids(deal.events) == cids(deal.view) == chronicle.visible[0][None]
                assert not cids(deal.events) & chronicle.hidden[0]
            assert all(view["table"]["hand"] is None for view in recorders[None].updated_views())
            # Most updates carry a patch, which the check reads too: a patch that holds a
            # hidden card is refused for a receiver who may not see it.
            for seat in range(players):
                patched = [u for u in recorders[seat].updates() if u.patch]
                assert len(patched) > len(recorders[seat].updates()) // 2
                moved = next(
                    u
                    for u in patched
                    if cids(u.patch) - chronicles[u.game_no].allowed(u.seq, None) - cids(u.events)
                )
                with pytest.raises(AssertionError, match="receiver None was sent cards"):
                    check_update(moved, None, chronicles[moved.game_no], None)


async def test_a_spectator_joining_mid_game_is_shown_no_hidden_card(
    client: Connect, server: RunningServer
) -> None:
    players = 3
    with trio.fail_after(20):
        async with AsyncExitStack() as stack:
            people = [
                await stack.enter_async_context(client(f"P{seat}")) for seat in range(players)
            ]
            recorders: dict[Receiver, Recorder] = {
                seat: Recorder(session) for seat, session in enumerate(people)
            }
            table_id = (await people[0].create_table(GAME, players, {"decks": 2})).table_id
            for seat, session in enumerate(people):
                await session.sit(table_id, seat)
            table = server.lobby.tables[table_id]
            await people[0].start(table_id)
            bots = [make_bot(seat, 1) for seat in range(players)]

            async def step() -> None:
                """The player whose turn it is acts, once it has heard of every action so far."""
                assert table.game is not None
                seat = table.game.actors[0]
                session = people[seat]
                await session.wait_for(lambda: session.seq == len(table.actions) and session.legal)
                assert session.view is not None
                seen = get_game(GAME).types.view_from_wire(session.view)
                await session.act(bots[seat].choose(seen, seen.legal))

            late: list[tuple[int, ClientSession, Recorder, Joined]] = []
            for joins_after in (7, 19):
                while len(table.actions) < joins_after:
                    await step()
                session = await stack.enter_async_context(client(f"Late {joins_after}"))
                recorder = Recorder(session)
                joined = await session.spectate(table_id)
                assert table.status == "playing"
                assert joined.view is not None and joined.view["table"]["hand"] is None
                assert joined.table.status == "playing" and joined.table.game_no == 1
                late.append((joins_after, session, recorder, joined))
            while not table.game or not table.game.over:
                await step()
            for _, session, _, _ in late:
                await game_over(session, 1)

            chronicle = Chronicle.of(table)
            chronicles = {1: chronicle}
            for receiver, recorder in recorders.items():
                check_messages(recorder.pairs(), receiver, chronicles)
            last = len(chronicle.actions)
            for joins_after, session, recorder, joined in late:
                assert check_joined(joined, None, chronicles) == joins_after
                # What was hidden then (hands and deck) is nowhere in what it was shown...
                hidden = chronicle.hidden[joins_after]
                assert hidden and chronicle.visible[joins_after][0] & hidden  # P0 held cards
                assert not (cids(joined.view) | cids(joined.log)) & hidden
                # ...and it follows from the next action on, like any spectator.
                check_messages(recorder.pairs(), None, chronicles)
                seqs = [u.seq for u in recorder.updates()]
                assert seqs == list(range(joins_after + 1, last + 1))
                assert session.view == chronicle.views[last][None]


async def test_private_chat_reaches_only_its_two_players(client: Connect) -> None:
    with trio.fail_after(20):
        async with AsyncExitStack() as stack:
            ada, bram, cleo = [
                await stack.enter_async_context(client(name)) for name in ("Ada", "Bram", "Cleo")
            ]
            watcher = await stack.enter_async_context(client("Watcher"))
            table_id = (await ada.create_table(GAME, 3, {"decks": 1})).table_id
            for seat, session in enumerate((ada, bram, cleo)):
                await session.sit(table_id, seat)
            await watcher.spectate(table_id)
            recorders = {s.name: Recorder(s) for s in (ada, bram, cleo, watcher)}

            await ada.say("psst, Bram", to=1)
            await bram.say("yes, Ada?", to=0)
            await ada.say("hello, everyone")
            for session in (ada, bram, cleo, watcher):
                await session.wait_for(partial(heard, session, "hello, everyone"))

            private = [line for line in ada.chat if line.recipient_seat is not None]
            assert [(p.sender_seat, p.recipient_seat, p.text) for p in private] == [
                (0, 1, "psst, Bram"),
                (1, 0, "yes, Ada?"),
            ]
            assert private[0].recipient == "Bram" and private[0].sender == "Ada"
            assert bram.chat == ada.chat
            for outsider in (cleo, watcher):
                assert [line.text for line in outsider.chat] == ["hello, everyone"]
                lines = [
                    m.line.text
                    for m in recorders[outsider.name].messages
                    if isinstance(m, ChatLinePush)
                ]
                assert lines == ["hello, everyone"]
                assert not any(
                    "psst" in repr(m.to_wire()) or "yes, Ada" in repr(m.to_wire())
                    for m in recorders[outsider.name].messages
                )

            # Neither a spectator nor a player may whisper to somebody who cannot answer.
            with pytest.raises(RequestFailed) as refused:
                await watcher.say("psst", to=0)
            assert refused.value.code == ErrorCode.NOT_SEATED
            with pytest.raises(RequestFailed) as refused:
                await cleo.say("talking to myself", to=2)
            assert refused.value.code == ErrorCode.NO_SUCH_PLAYER

            # Someone arriving later reads the table's history without the private lines.
            async with client("Late") as late:
                joined = await late.spectate(table_id)
                assert [line.text for line in joined.chat] == ["hello, everyone"]
                assert tuple(late.chat) == joined.chat
            # So does the next holder of Bram's seat, while Bram's own history kept them.
            await bram.leave()
            async with client("Dov") as dov:
                joined = await dov.sit(table_id, 1)
                assert [line.text for line in joined.chat] == ["hello, everyone"]
            assert [line.text for line in ada.chat] == [
                "psst, Bram",
                "yes, Ada?",
                "hello, everyone",
            ]


async def test_who_sits_after_a_game_sees_it_as_a_spectator_does(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Cleo") as cleo:
            tid = (await ada.create_table("chinese-ten", seats=2, options={"decks": 1})).table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            await drive(ada, RandomBot(1), 1)
            table = server.lobby.tables[tid]
            adas_hand = cids(ada.log[0]) - cids(table.log[0].for_seat(None))
            assert adas_hand, "Ada's own log shows her hand"
            await ada.leave()
            await ada.spectate(tid)  # keeps the table open
            joined = await cleo.sit(tid, 0)
            assert table.game is not None
            assert joined.view == table.game.view(None)
            assert joined.log == [event.for_seat(None) for event in table.log]
            assert not cids(joined.log[0]) & adas_hand


def hint_positions(
    game_id: str, players: int, options: dict[str, Any], every: int, wanted: int
) -> list[tuple[Game, list[Event], int]]:
    """Positions of a game played by its best bots (every `every`-th action, `wanted` of them,
    each with a choice to make): the game as it stands (a copy), its log so far and the seat
    to act."""
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=7)
    bots = [spec.bots[spec.default_bot](seat) for seat in range(players)]
    log = list(game.opening_events)
    found: list[tuple[Game, list[Event], int]] = []
    step = 0
    while not game.over and len(found) < wanted:
        seat = game.actors[0]
        legal = game.answers(seat) or game.legal(seat)
        if step % every == 0 and len(legal) > 1 and not game.awaiting_deal:
            found.append((copy_game(game), list(log), seat))
        log += game.apply(seat, bots[seat].choose(game.seat_view(seat), legal))
        step += 1
    assert len(found) == wanted
    return found


@pytest.mark.parametrize(("game", "players", "options"), SEARCH_GAMES)
def test_a_hint_reads_only_the_seats_view_two_deals_alike_to_it_get_the_same_hint(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """A hint's search is given the seat's view, its legal actions and the events it was told
    of, and no game (nothing it holds leads to one); so a game whose hidden cards are dealt
    otherwise, the same to the seat, gets the same hint from the same seed."""
    rules = get_game(game).search
    assert rules is not None
    names = [f"Player{seat}" for seat in range(players)]
    for real, log, seat in hint_positions(game, players, options, every=5, wanted=3):
        view = real.seat_view(seat)
        heard = heard_by(log, seat)
        other = rules.determinize(view, heard, random.Random(11))
        assert other.seat_view(seat) == view
        hidden = {name for name, zone in real.zones().items() if not zone.visible_to(seat)}
        assert any(real.zones()[name].cards != other.zones()[name].cards for name in hidden)
        searches = [
            HintSearch.of(game, each, log, seat, names, seed=5, rollouts=12)
            for each in (real, other)
        ]
        for search in searches:
            assert not any(isinstance(item, Game) for item in reachable(search))
        first, second = (search.run() for search in searches)
        assert first == second
        assert first.action in real.legal(seat) or first.action in real.answers(seat)
