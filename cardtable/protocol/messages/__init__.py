"""Every message of the protocol, as a frozen dataclass, and their decoding.

On the wire a message is a msgpack map: ``{"type": "<name>", <field>: <value>, ...}``. The kinds
are grouped by job: the connection's own (`connection`), the lobby's (`lobby`), a table's
(`table`) and the history's (`history`); `base` holds what they share and the registry of kinds
by sender, and `decoding` turns a decoded map into a message or a `MessageError` with a stable
error code. Importing this package registers every kind.
"""

from cardtable.protocol.messages.base import (
    CHAT_LENGTH,
    CREATOR_TOKENS,
    MESSAGES,
    NAME_LENGTH,
    PROTOCOL_VERSION,
    REPLAY_PAGE_STEPS,
    Message,
    Sender,
)
from cardtable.protocol.messages.connection import Error, Hello, Ok, Ping, Pong, Welcome
from cardtable.protocol.messages.decoding import (
    MessageError,
    check_message,
    decode_message,
    rid_of,
)
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
from cardtable.protocol.messages.table import (
    Act,
    AnswerRematch,
    Chat,
    ChatLine,
    Concede,
    OfferRematch,
    Resync,
    TakeBack,
    Update,
)

__all__ = [
    "CHAT_LENGTH",
    "CREATOR_TOKENS",
    "MESSAGES",
    "NAME_LENGTH",
    "PROTOCOL_VERSION",
    "REPLAY_PAGE_STEPS",
    "Act",
    "AddBot",
    "AnswerRematch",
    "Chat",
    "ChatLine",
    "Concede",
    "Configure",
    "Cover",
    "CreateTable",
    "Error",
    "Hello",
    "History",
    "Joined",
    "Leave",
    "Left",
    "ListHistory",
    "ListTables",
    "Message",
    "MessageError",
    "OfferRematch",
    "Ok",
    "Ping",
    "Pong",
    "Release",
    "RemoveBot",
    "Replay",
    "ReplaySteps",
    "Resync",
    "Sender",
    "Sit",
    "Spectate",
    "Start",
    "TableChanged",
    "TableCreated",
    "TableRemoved",
    "Tables",
    "TakeBack",
    "Update",
    "Welcome",
    "check_message",
    "decode_message",
    "rid_of",
]
