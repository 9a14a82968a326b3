"""`cardtable play`: a server in this process, a table with bots, and the app seated at it."""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from pathlib import Path

import trio

from cardtable.client.ui.app import PlayPlan
from cardtable.client.ui.create_table import TablePlan
from cardtable.engine import get_game
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import DEFAULT_PORT, ServerConfig
from cardtable.server.storage import Store, open_for_reading
from cardtable.web.runner import WebGateway, WebSettings, run_gateway, server_host_for


@dataclass(frozen=True)
class UnfinishedGame:
    """A player's unfinished game kept in the file of `cardtable play`."""

    game: str
    players: int

    @property
    def title(self) -> str:
        return get_game(self.game).title


def unfinished_other_game(db: str, name: str, game: str) -> UnfinishedGame | None:
    """`name`'s latest unfinished game in `db` if it is not of the kind `game` (which
    `cardtable play game` would close to start one of `game`), else None."""
    if not Path(db).exists():
        return None
    store = Store(open_for_reading(db))
    try:
        tables = store.open_tables(0)
    finally:
        store.close()
    for stored in reversed(tables):
        held = any(seat.token_hash is not None and seat.name == name for seat in stored.seats)
        if held and stored.game is not None and stored.game.result is None:
            if stored.table.game == game:
                return None  # the one `resume_token` goes back to
            return UnfinishedGame(stored.table.game, stored.table.seats)
    return None


@dataclass
class LocalServer:
    """A server the app starts in its own trio run; `running` once it listens."""

    config: ServerConfig
    #: Serve the game to web browsers too (`cardtable play --lan --web`).
    web: WebSettings | None = None
    running: RunningServer | None = field(default=None, init=False)
    #: What `resume_token` closed, or resumed other than asked, as sentences for the player.
    notices: list[str] = field(default_factory=list, init=False)
    #: Why browsers cannot join this game (`web` asked for, and its gateway did not start).
    web_problem: str | None = field(default=None, init=False)

    async def start(self, nursery: trio.Nursery) -> int:
        self.running = await nursery.start(serve, self.config)
        if self.web is not None:
            host = self.config.host
            gateway = WebGateway(self.web, host, server_host_for(host), self.running.port)
            problem = await nursery.start(run_gateway, gateway, self.running.web)
            if problem is not None:
                self.web_problem = web_problem(problem)
                self.notices.append(self.web_problem)
        return self.running.port

    def resume_token(
        self, name: str, game: str, *, new: bool = False, players: int | None = None
    ) -> str | None:
        """A token for `name`'s latest unfinished game of `game` in the file, unless `new`.
        Every other table restored from the file is closed: playing alone keeps one game going
        (finished games stay in the history). A game left to the bots (`q`) is not closed: they
        play it to its end, for the history. Each closed game in progress that held `name`'s
        seat, and a resumed game of another size than the `players` asked for, are told of in
        `notices`."""
        assert self.running is not None
        lobby = self.running.lobby
        token = None
        for table in sorted(lobby.tables.values(), key=lambda table: table.id, reverse=True):
            mine = [seat for seat in table.seats if seat.held_by_player and seat.name == name]
            resumable = table.status == "playing" and table.spec.id == game
            if token is None and not new and mine and resumable:
                token = lobby.reclaim_seat(table, mine[0].index)
                if players is not None and players != len(table.seats):
                    self.notices.append(
                        f"Your unfinished game of {table.spec.title} for {len(table.seats)} "
                        f"players goes on (not one for {players}); with --new, cardtable play "
                        "starts the game you asked for."
                    )
            elif table.status == "playing" and not table.has_people():
                continue
            else:
                if mine and table.status == "playing":
                    self.notices.append(
                        f"Your unfinished game of {table.spec.title} ({len(table.seats)} players) "
                        "was closed; finished games stay in the history."
                    )
                lobby.remove_table(table)
        return token


def web_problem(why: str) -> str:
    """The sentence telling the player that browsers cannot join, and why."""
    return f"Browsers cannot join: {why}; the game goes on."


def local_config(
    *,
    lan: bool,
    port: int | None = None,
    seed: int | None = None,
    db: str | None = None,
    announce: bool = True,
) -> ServerConfig:
    """Settings for a server in this process: loopback only on a free port, or (``lan``) every
    interface on `port`, else the usual port if it is free, else any free one. Games are kept
    in `db` (None: in memory only). A LAN server is announced on the network unless not
    `announce`."""
    if not lan:
        return ServerConfig(host="127.0.0.1", port=port or 0, seed=seed, db=db)
    return ServerConfig(
        host=None, port=port or free_port(DEFAULT_PORT), seed=seed, db=db, announce=announce
    )


def free_port(preferred: int) -> int:
    """`preferred` if nothing listens there, else a port the system picks."""
    for candidate in (preferred, 0):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("", candidate))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port")


def play_plan(
    table: TablePlan,
    name: str,
    config: ServerConfig,
    *,
    new: bool = False,
    web: WebSettings | None = None,
) -> tuple[PlayPlan, LocalServer]:
    """The app's plan for `cardtable play`, and the server it will start (serving browsers
    too, with `web`). The player's unfinished game of the same kind in the server's file is
    resumed, unless `new`."""
    server = LocalServer(config, web)

    def resume(player: str) -> str | None:
        return server.resume_token(player, table.game_kind, new=new, players=table.seats)

    plan = PlayPlan(
        table=table,
        name=name,
        start_server=server.start,
        resume=resume,
        notices=lambda: list(server.notices),
    )
    return plan, server
