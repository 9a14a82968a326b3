"""Every message of the protocol, as a frozen dataclass, grouped by job: the connection's own
(`connection`), the lobby's (`lobby`), a table's (`table`), the history's (`history`),
claimed names' (`names`) and ratings' (`ratings`).

`base` holds what every message shares and the registry of kinds by sender, `values` the checked
values and limits they share, and `decoding` turns a decoded map into a message or a
`MessageError` with a stable error code. Importing this package registers every kind.
"""

from cardtable.protocol.messages import connection, history, lobby, names, ratings, table
from cardtable.protocol.messages.base import MESSAGES, PROTOCOL_VERSION, Message, Sender
from cardtable.protocol.messages.decoding import (
    MessageError,
    check_message,
    decode_message,
    rid_of,
)
from cardtable.protocol.messages.values import (
    CHAT_LENGTH,
    CREATOR_TOKENS,
    NAME_LENGTH,
    REPLAY_PAGE_STEPS,
)

__all__ = [
    "CHAT_LENGTH",
    "CREATOR_TOKENS",
    "MESSAGES",
    "NAME_LENGTH",
    "PROTOCOL_VERSION",
    "REPLAY_PAGE_STEPS",
    "Message",
    "MessageError",
    "Sender",
    "check_message",
    "connection",
    "decode_message",
    "history",
    "lobby",
    "names",
    "ratings",
    "rid_of",
    "table",
]
