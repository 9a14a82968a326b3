"""The wire protocol, sans-IO: msgpack frames, typed messages, and a connection state machine.

Nothing here does I/O or knows about trio or asyncio; see docs/protocol.md for the protocol
itself, message by message.
"""

from cardtable.protocol.chat_line import ChatLine
from cardtable.protocol.clock import ClockMode, TimeoutRule
from cardtable.protocol.connection import Connection, Rejected, Role, State
from cardtable.protocol.errors import (
    FATAL_CODES,
    ErrorCode,
    LocalProtocolError,
    NotCardtable,
    ProtocolError,
    RemoteProtocolError,
)
from cardtable.protocol.game_info import GameInfo, OptionInfo
from cardtable.protocol.history_entry import HistoryEntry, RoundRecord
from cardtable.protocol.limits import Limits
from cardtable.protocol.messages import (
    MESSAGES,
    PROTOCOL_VERSION,
    REPLAY_PAGE_STEPS,
    Message,
    Sender,
)
from cardtable.protocol.messages.connection import Error, Hello, Ok, Ping, Pong, Welcome
from cardtable.protocol.messages.history import History, ListHistory, Replay, ReplaySteps
from cardtable.protocol.messages.lobby import (
    AddBot,
    Configure,
    Cover,
    CreateTable,
    Joined,
    Leave,
    Left,
    ListTables,
    Release,
    RemoveBot,
    Sit,
    Spectate,
    Start,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
)
from cardtable.protocol.messages.names import (
    ListNames,
    NameCode,
    NameExport,
    NameImport,
    Names,
    ReleaseName,
)
from cardtable.protocol.messages.ratings import PlayerRecord, RecordReply
from cardtable.protocol.messages.table import (
    Act,
    AnswerRematch,
    Chat,
    ChatLinePush,
    Concede,
    HintRequest,
    OfferRematch,
    Resync,
    Suggestion,
    TakeBack,
    Update,
)
from cardtable.protocol.player_record import GameStanding, HeadToHead, SeatRating
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.protocol.table_settings import ClockSettings, TableSettings
from cardtable.protocol.table_summary import (
    RematchState,
    SeatKind,
    SeatSummary,
    TableStatus,
    TableSummary,
)
from cardtable.protocol.turn_clock import ClockState
from cardtable.wire.codec import OptionValue

__all__ = [
    "FATAL_CODES",
    "MESSAGES",
    "PROTOCOL_VERSION",
    "REPLAY_PAGE_STEPS",
    "Act",
    "AddBot",
    "AnswerRematch",
    "Chat",
    "ChatLine",
    "ChatLinePush",
    "ClockMode",
    "ClockSettings",
    "ClockState",
    "Concede",
    "Configure",
    "Connection",
    "Cover",
    "CreateTable",
    "Error",
    "ErrorCode",
    "GameInfo",
    "GameStanding",
    "HeadToHead",
    "Hello",
    "HintRequest",
    "History",
    "HistoryEntry",
    "Joined",
    "Leave",
    "Left",
    "Limits",
    "ListHistory",
    "ListNames",
    "ListTables",
    "LocalProtocolError",
    "Message",
    "NameCode",
    "NameExport",
    "NameImport",
    "Names",
    "NotCardtable",
    "OfferRematch",
    "Ok",
    "OptionInfo",
    "OptionValue",
    "Ping",
    "PlayerRecord",
    "Pong",
    "ProtocolError",
    "RecordReply",
    "Rejected",
    "Release",
    "ReleaseName",
    "RematchState",
    "RemoteProtocolError",
    "RemoveBot",
    "Replay",
    "ReplaySteps",
    "Resync",
    "Role",
    "RoundRecord",
    "SeatHolder",
    "SeatKind",
    "SeatRating",
    "SeatSummary",
    "Sender",
    "Sit",
    "Spectate",
    "Start",
    "State",
    "Suggestion",
    "TableChanged",
    "TableCreated",
    "TableRemoved",
    "TableSettings",
    "TableStatus",
    "TableSummary",
    "Tables",
    "TakeBack",
    "TimeoutRule",
    "Update",
    "Welcome",
]
