"""Who comes in: connections counted in all and per address, and each `hello` checked, its
sender named (a name claimed by another player's key is refused, see `NameClaims`) and
welcomed in the protocol version it speaks (a client of version 7, from before ratings, plays
without a key: see `cardtable.protocol.versions`), and their seat resumed when they bring its
token."""

from __future__ import annotations

import hmac
import logging
from collections import Counter
from collections.abc import Callable

from cardtable import __version__
from cardtable.engine import all_games
from cardtable.protocol import Error, ErrorCode, GameInfo, Hello, Message, Welcome
from cardtable.protocol.versions import BEFORE_RATINGS, SUPPORTED_VERSIONS
from cardtable.server.bots.names import bot_name_problem
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.lobby.claims import NameClaims, hash_key
from cardtable.server.lobby.floor import Floor
from cardtable.server.lobby.session import Session
from cardtable.server.names import NameIndex, name_problem, names_look_alike
from cardtable.server.net.reception import Link
from cardtable.server.table.seats import Seat, hash_token
from cardtable.server.table.table import Table

log = logging.getLogger("cardtable.server")

#: How many given-up seats the lobby remembers, to tell their players when they come back.
RELEASED_KEPT = 1000


class Door:
    """The connections open now, the greeted sessions by name (`sessions`), and what to tell
    a player whose seat was given up while they were away."""

    def __init__(
        self,
        config: ServerConfig,
        floor: Floor,
        sessions: dict[str, Session],
        *,
        disconnected: Callable[[Session], None],
        address_gone: Callable[[str], None],
        claims: NameClaims,
    ) -> None:
        self.config = config
        self.sessions = sessions
        #: Set once the server is stopping: nobody new is let in.
        self.stopping = False
        self._floor = floor
        self._disconnected = disconnected
        self._address_gone = address_gone
        self._claims = claims
        #: The greeted sessions' names, to find a name's look-alike at once.
        self._names = NameIndex()
        #: Open connections by the address they come from (handshakes included).
        self._connections: Counter[str] = Counter()
        #: What to tell a player coming back with a token whose seat was given up, by the
        #: token's hash (the latest `RELEASED_KEPT`; kept in memory only).
        self._released: dict[bytes, str] = {}
        self._games = tuple(GameInfo.of(spec) for spec in all_games())

    # -- connections ----------------------------------------------------------------------------

    def connected(self, link: Link) -> Session:
        """Count a new connection and give it a session, or `ServerError(SERVER_FULL)` saying
        why the server refuses it (it is then not counted)."""
        limit = self.config.max_clients
        if self.connection_count() >= limit:
            raise ServerError(
                ErrorCode.SERVER_FULL, f"The server is full ({limit} connections); try again later."
            )
        per_address = self.config.max_clients_per_address
        if per_address is not None and self._connections[link.address] >= per_address:
            raise ServerError(
                ErrorCode.SERVER_FULL,
                f"There are already {per_address} connections from your address, the most "
                "the server takes from one; close one and try again.",
            )
        self._connections[link.address] += 1
        return Session(link, self.config)

    def connection_count(self) -> int:
        """Connections open now, handshakes included."""
        return self._connections.total()

    def connection_closed(self, session: Session) -> None:
        """Stop counting a connection `connected` accepted."""
        self._connections[session.address] -= 1
        if self._connections[session.address] <= 0:
            del self._connections[session.address]
            self._address_gone(session.address)

    def left(self, session: Session) -> bool:
        """`session`'s connection has ended: its name is free again. Whether it was greeted."""
        if self.sessions.get(session.name) is not session:
            return False
        del self.sessions[session.name]
        self._names.discard(session.name)
        return True

    def note_released(self, token_hash: bytes, note: str) -> None:
        """What to tell the player whose seat token (by its hash) was given up, if they come."""
        self._released[token_hash] = note
        while len(self._released) > RELEASED_KEPT:
            del self._released[next(iter(self._released))]

    # -- the handshake --------------------------------------------------------------------------

    def greet(self, session: Session, hello: Message) -> bool:
        """Answer a connection's `hello`: welcome it (and resume its seat), or tell it why not
        and close it. Returns whether it was welcomed."""
        assert isinstance(hello, Hello)  # the protocol connection lets nothing else through first
        try:
            if self.stopping:
                raise ServerError(
                    ErrorCode.SHUTTING_DOWN, "The server is stopping; try again in a moment."
                )
            resumed = self._admit(session, hello)
        except ServerError as error:
            session.fatal(error.code, error.message)
            return False
        session.creator_of = self._floor.created_with(hello.creator_tokens)
        if resumed is not None and resumed[1].token_hash == resumed[0].creator_seat_token_hash:
            session.creator_of.add(resumed[0].id)  # a table stored before creator tokens
        older = session.version <= BEFORE_RATINGS
        log.info(
            "%s connected%s%s",
            session.name,
            " (resuming a seat)" if resumed else "",
            f" (protocol {session.version}: no key, unrated)" if older else "",
        )
        self.sessions[session.name] = session
        self._names.add(session.name)
        session.deliver(
            Welcome(
                version=session.version,
                server=f"{self.config.name} {__version__}",
                name=session.name,
                games=self._games,
                limits=self.config.limits(),
                creator_of=sorted(session.creator_of),
            )
        )
        if hello.token is not None and resumed is None:
            released = self._released.pop(hash_token(hello.token), None)
            session.deliver(
                Error(code=ErrorCode.SEAT_RELEASED, message=released)
                if released is not None
                else Error(
                    code=ErrorCode.BAD_TOKEN,
                    message="That seat token is not valid here; the seat may have ended.",
                )
            )
        if resumed is not None:
            table, seat = resumed
            session.table = table
            table.resume(session, seat)
            session.deliver(table.joined(seat, hello.token))
        return True

    def _admit(self, session: Session, hello: Hello) -> tuple[Table, Seat] | None:
        """Check a hello; name the session; return the seat its token resumes, if any."""
        if hello.version not in SUPPORTED_VERSIONS:
            *older, newest = map(str, SUPPORTED_VERSIONS)
            spoken = f"{', '.join(older)} or {newest}" if older else newest
            raise ServerError(
                ErrorCode.VERSION_MISMATCH,
                f"This server speaks protocol {spoken} and the client {hello.version}; "
                "use the same version of cardtable on both.",
            )
        # A client from before ratings plays without a key (one it sends is not used).
        knows_keys = hello.version > BEFORE_RATINGS
        key = hello.key if knows_keys else None
        password = self.config.password
        # Compared as hashes, so the time taken tells nothing of the password's length either.
        if password is not None and not hmac.compare_digest(
            hash_token(hello.password or ""), hash_token(password)
        ):
            raise ServerError(ErrorCode.BAD_PASSWORD, "The server's password is needed.")
        resumed = self._floor.resumable(hello.token)
        name = hello.name
        if resumed is not None:
            seat = resumed[1]
            name = seat.name or name
            sitting = seat.member  # a session of this lobby's (it is among its sessions)
            previous = self.sessions.get(sitting.name) if sitting is not None else None
            if previous is not None and previous is sitting:
                previous.fatal(ErrorCode.REPLACED, "Your seat was resumed from another connection.")
                self._disconnected(previous)
        problem = name_problem(name) or (bot_name_problem(name) if resumed is None else None)
        if problem is not None:
            raise ServerError(ErrorCode.BAD_NAME, problem)
        holder = self._names.holder(name)
        if holder is not None:
            raise ServerError(
                ErrorCode.NAME_TAKEN,
                f"Someone here is already called {holder}, and names that differ only in "
                "case, spaces, punctuation or look-alike letters count as one; choose another "
                "name.",
            )
        key_hash = hash_key(key) if key is not None else None
        refusal = (
            self._claims.refusal(name, key_hash, can_prove=knows_keys) if resumed is None else None
        )
        if refusal is not None:
            raise ServerError(ErrorCode.NAME_TAKEN, refusal)
        away = next(
            (other for other in self._floor.away_names() if names_look_alike(other, name)), None
        )
        if resumed is None and away is not None:
            raise ServerError(
                ErrorCode.NAME_TAKEN,
                f"{away} is away from a table and keeps the name until they return; "
                "choose another name.",
            )
        session.name = name
        session.version = hello.version
        session.key_hash = key_hash
        return resumed
