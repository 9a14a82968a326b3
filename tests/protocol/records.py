"""A sample of every record the wire carries, filled in as a server fills them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardtable.engine.scores import Result, RoundScore, ScoreLine
from cardtable.protocol import (
    ChatLine,
    ClockMode,
    ClockSettings,
    ClockState,
    GameInfo,
    HistoryEntry,
    Limits,
    OptionInfo,
    RematchState,
    RoundRecord,
    SeatHolder,
    SeatKind,
    SeatSummary,
    TableSettings,
    TableStatus,
    TableSummary,
    TimeoutRule,
)

GAME_INFO = GameInfo(
    game_kind="thistle",
    title="Thistle",
    min_players=2,
    max_players=4,
    options=(
        OptionInfo("rounds", "int", 3, "Rounds in a game", (), 1, 9),
        OptionInfo("mode", "choice", "solo", "How seats play", ("solo", "partners"), None, None),
        OptionInfo("strict", "bool", False, "Strict rules", (), None, None),
    ),
    summary="Capture cards in groups.",
    bots=("greedy", "random"),
    default_bot="greedy",
    partnerships=True,
)

LIMITS = Limits(
    chat_length=500,
    chat_rate=1.0,
    chat_burst=5,
    chat_history=200,
    action_rate=20.0,
    action_burst=40,
    request_rate=50.0,
    request_burst=100,
    history_rate=262144.0,
    history_burst=1048576,
    frame_size=65536,
    name_length=24,
    idle_timeout=300.0,
    max_tables_per_client=8,
)

CLOCK = ClockState(
    mode=ClockMode.BANK,
    move=60.0,
    bank=10.0,
    increment=5.0,
    timeout=TimeoutRule.BOT_SEAT,
    left=(598.5, 600.0),
    running=(0,),
    timeouts=(0, 1),
    out_of_time=(),
)

RESULT = Result(sides=((0,), (1,)), totals=(61, 49), winners=(0,))

#: A table as the people at it see it: timed, its first game over, a rematch offered.
TABLE = TableSummary(
    table_id=3,
    game_kind="thistle",
    title="Thistle",
    options={"rounds": 3, "mode": "solo", "strict": False},
    settings=TableSettings(clock=ClockSettings(mode=ClockMode.BANK, timeout=TimeoutRule.BOT_SEAT)),
    creator="Ailsa",
    status=TableStatus.FINISHED,
    game_no=1,
    seats=(
        SeatSummary(0, SeatKind.PLAYER, "Ailsa", True, None, False, 0),
        SeatSummary(1, SeatKind.BOT, "Bram (bot)", True, "greedy", False, 0),
        SeatSummary(2, SeatKind.EMPTY, None, False, None, False, 0),
    ),
    spectators=1,
    result=RESULT,
    clock=CLOCK,
    watchers=("Cleo",),
    rematch=RematchState(by=0, accepted=(0, 1), waiting=(), declined_by=None),
)

#: A table as the lobby sees it: waiting, untimed, with an away player a bot covers.
LOBBY_TABLE = TableSummary(
    table_id=4,
    game_kind="trupe",
    title="Trupe",
    options={},
    settings=TableSettings(away_bot_after=None, partner_chat=True),
    creator="Bram",
    status=TableStatus.WAITING,
    game_no=0,
    seats=(
        SeatSummary(0, SeatKind.PLAYER, "Bram", False, None, True, 2),
        SeatSummary(1, SeatKind.EMPTY, None, False, None, False, 0),
    ),
    spectators=0,
    result=None,
    clock=None,
)

CHAT_LINE = ChatLine(
    line_no=1,
    time=1764324000.123,
    sender="Ailsa",
    sender_seat=0,
    recipient=None,
    recipient_seat=None,
    text="Shall we split the trick? ☘",
)
PRIVATE_LINE = ChatLine(
    line_no=2,
    time=1764324001.5,
    sender="Cleo",
    sender_seat=2,
    recipient="Ailsa",
    recipient_seat=0,
    text="psst",
)

HISTORY_ENTRY = HistoryEntry(
    game_id=12,
    table_id=3,
    game_no=1,
    game_kind="thistle",
    title="Thistle",
    seats=2,
    options={"rounds": 1},
    players=("Ailsa", "Bram (bot)"),
    holders=(SeatHolder(1, 7, "Cleo"), SeatHolder(0, 9, "Ailsa", bot_for=True)),
    started=1764323000.0,
    finished=1764324000.25,
    result=RESULT,
    rounds=(
        RoundRecord(
            RoundScore(1, ((0,), (1,)), ((ScoreLine("Aces", 3, 20),), (ScoreLine("Ones", 49, 1),))),
            (61, 49),
        ),
    ),
)


def table_summary(table_id: int) -> TableSummary:
    """A lobby's summary of table `table_id` (the sample's other fields)."""
    return replace(LOBBY_TABLE, table_id=table_id)


def table_in_play(game_kind: str, names: Sequence[str | None]) -> TableSummary:
    """A table of `game_kind` in play, its seats held by the people `names` (None: empty)."""
    seats = tuple(
        SeatSummary(seat, SeatKind.PLAYER, name, True, None, False, 0)
        if name is not None
        else SeatSummary(seat, SeatKind.EMPTY, None, False, None, False, 0)
        for seat, name in enumerate(names)
    )
    return replace(LOBBY_TABLE, game_kind=game_kind, status=TableStatus.PLAYING, seats=seats)


def history_entry_of(
    game_id: int, game_kind: str, title: str, players: Sequence[str]
) -> HistoryEntry:
    """The sample entry as game `game_id`, of `game_kind`, played by `players` (no holders)."""
    return replace(
        HISTORY_ENTRY,
        game_id=game_id,
        game_kind=game_kind,
        title=title,
        seats=len(players),
        options={},
        players=tuple(players),
        holders=(),
        rounds=(),
    )
