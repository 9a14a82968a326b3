"""Shared pieces for the protocol tests: a sample of every message and an in-memory pair."""

from __future__ import annotations

from typing import Any

from cardtable.protocol import (
    PROTOCOL_VERSION,
    Act,
    AddBot,
    AnswerRematch,
    Chat,
    ChatLinePush,
    Concede,
    Configure,
    Connection,
    Cover,
    CreateTable,
    Error,
    GameStanding,
    HeadToHead,
    Hello,
    HintRequest,
    History,
    Joined,
    Leave,
    Left,
    ListHistory,
    ListNames,
    ListTables,
    Message,
    NameCode,
    NameExport,
    NameImport,
    Names,
    OfferRematch,
    Ok,
    Ping,
    PlayerRecord,
    Pong,
    RecordReply,
    Rejected,
    Release,
    ReleaseName,
    RemoveBot,
    Replay,
    ReplaySteps,
    Resync,
    Role,
    Sit,
    Spectate,
    Start,
    State,
    Suggestion,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    TakeBack,
    Update,
    Welcome,
)
from cardtable.protocol.framing import encode_frame, pack
from tests.protocol.records import (
    CHAT_LINE,
    CLOCK,
    GAME_INFO,
    HISTORY_ENTRY,
    LIMITS,
    LOBBY_TABLE,
    PRIVATE_LINE,
    TABLE,
)

HELLO = Hello(version=PROTOCOL_VERSION, name="Ailsa", password="hunter2", rid=1)
#: A hello that resumes a seat and holds the rights of two tables' creator.
RESUMING_HELLO = Hello(
    version=PROTOCOL_VERSION,
    name="Ailsa",
    token="5MdXuRbGcuBaWrUf_4IAU9Nd18yGAMdZ_kZS95Hb0eg",
    creator_tokens=["pY2b0m1oXo3vY2dQ8cG6yQe1m9v0lC4oQ6fJ0wqR2aM", "x" * 128],
    key="0123456789abcdef" * 4,
)
WELCOME = Welcome(
    version=PROTOCOL_VERSION,
    server="Kitchen table",
    name="Ailsa",
    games=(GAME_INFO,),
    limits=LIMITS,
    creator_of=[3, 2**31 - 1],
    rid=1,
)

#: One of every message a client may send after the handshake, fields filled in where they can be.
CLIENT_MESSAGES: list[Message] = [
    ListTables(watch=True, rid=2),
    ListTables(),
    CreateTable(
        game_kind="thistle", seats=4, options={"rounds": 3}, settings={"chat": "all"}, rid=3
    ),
    CreateTable(game_kind="trupe", seats=2),
    Sit(table_id=3, seat=1, rid=4),
    Spectate(table_id=2**31 - 1, rid=5),
    Leave(rid=6),
    AddBot(table_id=3, seat=0, kind="greedy", rid=7),
    AddBot(table_id=3, seat=63),
    RemoveBot(table_id=3, seat=0, rid=8),
    Start(table_id=3, rid=9),
    Cover(table_id=3, seat=1, rid=20),
    Release(table_id=3, seat=63, rid=21),
    Configure(table_id=3, settings={"private_chat": False, "limits": {"turn": 30.5}}, rid=10),
    Act(action={"play": "QS", "cards": ["QS", "KH"], "bid": None, "n": -2}, rid=11),
    TakeBack(rid=22),
    Chat(text="Shall we split the trick? ☘ — ok", rid=12),
    Chat(text="psst", to=2, rid=13),
    Concede(rid=22),
    Concede(agree=False),
    OfferRematch(rid=23),
    AnswerRematch(accept=True, rid=24),
    AnswerRematch(accept=False),
    ListHistory(rid=14),
    ListHistory(limit=200, before=2**62, rid=15),
    Replay(game_id=12, seat=1, rid=16),
    Replay(game_id=2**62),
    Resync(rid=17),
    Resync(digest="0123456789abcdef0123456789abcdef", rid=18),
    Ping(rid=2**31 - 1),
    Ping(),
    NameExport(rid=19),
    NameImport(code="K7QM2-XH9TD", rid=20),
    ListNames(rid=21),
    ReleaseName(name="Ailsa", rid=22),
    PlayerRecord(name="heuristic bot", rid=23),
    HintRequest(table_id=3, rid=24),
]

#: One of every message a server may send after the handshake.
SERVER_MESSAGES: list[Message] = [
    Tables(tables=(TABLE, LOBBY_TABLE), rid=2),
    Tables(tables=()),
    TableCreated(table=TABLE, rid=3),
    TableCreated(table=TABLE, creator_token="pY2b0m1oXo3vY2dQ8cG6yQe1m9v0lC4oQ6fJ0wqR2aM", rid=4),
    TableChanged(table=LOBBY_TABLE),
    TableRemoved(table_id=4),
    Joined(
        table=TABLE,
        seat=1,
        token="s3cret-token",
        view={"hand": ["QS", "KH"], "turn": 1, "scores": [1.5, 0]},
        log=[{"event": "deal"}],
        chat=(CHAT_LINE, PRIVATE_LINE),
        rid=4,
        seq=17,
    ),
    Joined(table=LOBBY_TABLE, seat=None, token=None, view=None, log=[], chat=()),
    Left(table_id=3, rid=6),
    Update(
        table_id=3,
        game_no=1,
        seq=17,
        clock=CLOCK,
        events=[{"event": "play", "seat": 0, "card": "QS"}],
        view={"hand": ["KH"], "legal": [{"play": "KH"}]},
    ),
    Update(
        table_id=3,
        game_no=1,
        seq=18,
        events=[{"event": "play", "seat": 1, "card": "KH"}, {"kind": "round_end", "score": {}}],
        patch=[
            ["set", ["hand"], []],
            ["del", ["legal"]],
            ["splice", ["table", "spots", 2, "cards"], 0, 1, [{"cid": 3}, None]],
        ],
    ),
    ChatLinePush(table_id=3, line=CHAT_LINE),
    History(games=(HISTORY_ENTRY,), more=True, rid=14),
    History(games=()),
    ReplaySteps(
        entry=HISTORY_ENTRY,
        seat=1,
        steps=[{"seq": 0, "actor": None, "events": [], "view": {"hand": ["QS"]}}],
        rid=16,
    ),
    Ok(rid=9),
    Pong(rid=2),
    Pong(),
    NameCode(code="K7QM2-XH9TD", minutes=10, names=["Ailsa"], rid=19),
    Names(names=["Ailsa", "Ailsa M"], rid=21),
    Names(names=[]),
    RecordReply(name="Nobody", games=(), rid=23),
    RecordReply(
        name="Ailsa",
        games=(
            GameStanding("nobility", 3, 1, 2, (0, 1, 2), (HeadToHead("Bram", 3, 2),)),
            GameStanding("trupe", 1, 0, -1, (-1,), ()),
        ),
        favourite="nobility",
    ),
    Suggestion(
        table_id=3,
        action={"kind": "capture", "cid": 12, "spot": 1},
        words="Ada plays 9♠ and takes 9♦ from spot 2 (+10): the next best did as well.",
    ),
    Suggestion(table_id=3, words="The game moved on while the hint was thought; ask again."),
    Error(code="not_your_turn", message="It is not your turn.", rid=11),
]


def frame(body: Any, limit: int = 1 << 30) -> bytes:
    """`body` packed and framed as it would be on the wire, whatever it holds."""
    return encode_frame(pack(body), limit)


def raw_frame(payload: bytes) -> bytes:
    """A frame around raw bytes that need not be msgpack at all."""
    return encode_frame(payload, 1 << 30)


def open_pair() -> tuple[Connection, Connection]:
    """A client and a server that have shaken hands."""
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    assert server.receive_data(client.send(HELLO)) == [HELLO]
    assert client.receive_data(server.send(WELCOME)) == [WELCOME]
    assert client.state is State.OPEN
    assert server.state is State.OPEN
    return client, server


def only_rejection(items: list[Message | Rejected]) -> Error:
    """The error of the single `Rejected` in `items` (fails if there is anything else)."""
    assert len(items) == 1, items
    (item,) = items
    assert isinstance(item, Rejected), item
    return item.error


def assert_still_works(client: Connection, server: Connection) -> None:
    """Both directions still carry messages, and each side's state is still open."""
    ping = Ping(rid=4242)
    assert server.receive_data(client.send(ping)) == [ping]
    pong = Pong(rid=4242)
    assert client.receive_data(server.send(pong)) == [pong]
    assert client.state is State.OPEN
    assert server.state is State.OPEN
