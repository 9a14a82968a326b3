"""Clients of protocol 7, from before ratings, over TCP with a real SQLite file: one joins the
lobby, sits at a rated table with a bot and plays to the end, and is sent only what a client of
version 7 knows (while a client of version 8 watching the same table is sent its ratings); it
is never rated, claims no name, is refused a claimed one in words it can show, and opens
unrated tables. Any other old version is still refused (see test_bad_input)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import trio

from cardtable.client.handshake import connect
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from tests.server.conftest import HOST, served, server_config
from tests.server.plain_client import PlainClient, plain_connect
from tests.server.players import finish_a_game
from tests.server.test_ratings import stored_changes

#: Every message a server of protocol 7 sends, with its fields (docs/protocol.md of that
#: version): its client refuses any other kind, and any other field.
V7_MESSAGES: dict[str, set[str]] = {
    "chat_line": {"line", "table_id"},
    "error": {"code", "message", "fatal"},
    "history": {"games", "more"},
    "joined": {"table", "seat", "token", "view", "log", "chat", "take_back", "seq"},
    "left": {"table_id"},
    "ok": set(),
    "pong": set(),
    "replay_steps": {"entry", "seat", "start", "steps", "total", "more"},
    "table_changed": {"table"},
    "table_created": {"table", "creator_token"},
    "table_removed": {"table_id"},
    "tables": {"tables"},
    "update": {"table_id", "game_no", "seq", "view", "clock", "take_back", "resync", "events"}
    | {"patch"},
    "welcome": {"version", "server", "name", "games", "limits", "creator_of"},
}
#: The records of protocol 7 with their fields, checked key by key as its client reads them.
V7_RECORDS: dict[str, set[str]] = {
    "summary": {"table_id", "game_kind", "title", "options", "settings", "creator", "status"}
    | {"game_no", "seats", "spectators", "result", "clock", "watchers", "rematch"},
    "seat": {"seat", "kind", "name", "connected", "bot", "covered", "votes"},
    "settings": {"table_chat", "private_chat", "partner_chat", "bot_delay", "bot_think"}
    | {"away_bot_after", "clock", "take_back"},
    "clock settings": {"mode", "move", "bank", "increment", "timeout"},
    "clock": {"mode", "move", "bank", "increment", "timeout", "running", "left", "timeouts"}
    | {"out_of_time"},
    "rematch": {"by", "accepted", "waiting", "declined_by"},
    "chat line": {"line_no", "time", "sender", "sender_seat", "recipient", "recipient_seat"}
    | {"text"},
    "game": {"game_kind", "title", "min_players", "max_players", "summary", "partnerships"}
    | {"options", "bots", "default_bot"},
    "option": {"name", "kind", "default", "description", "minimum", "maximum", "choices"},
    "limits": {"frame_size", "name_length", "chat_length", "chat_history", "chat_rate"}
    | {"chat_burst", "action_rate", "action_burst", "request_rate", "request_burst"}
    | {"history_rate", "history_burst", "idle_timeout", "max_tables_per_client"},
}


def unknown_to_v7(body: dict[str, Any]) -> list[str]:
    """What a client of protocol 7 would refuse in `body`: its kind, or a field of it or of a
    record in it that version 7 does not have."""
    kind = body.get("type")
    if kind not in V7_MESSAGES:
        return [f"the message {kind!r}"]
    found = _unknown(kind, body, V7_MESSAGES[kind] | {"type", "rid"})
    records: list[tuple[str, dict[str, Any] | None]] = []
    for summary in [body.get("table")] if kind != "tables" else body["tables"]:
        if isinstance(summary, dict):
            records += [("summary", summary), ("settings", summary["settings"])]
            records += [("clock settings", summary["settings"]["clock"])]
            records += [("seat", seat) for seat in summary["seats"]]
            records += [("clock", summary["clock"]), ("rematch", summary.get("rematch"))]
    records += [("chat line", line) for line in body.get("chat", [])]
    if kind == "chat_line":
        records.append(("chat line", body["line"]))
    if kind == "update":
        records.append(("clock", body["clock"]))
    if kind == "welcome":
        records += [("limits", body["limits"])]
        records += [("game", game) for game in body["games"]]
        records += [("option", option) for game in body["games"] for option in game["options"]]
    for what, record in records:
        if record is not None:
            found += _unknown(f"{kind}'s {what}", record, V7_RECORDS[what])
    return found


def _unknown(where: str, record: dict[str, Any], known: set[str]) -> list[str]:
    return [f"{where} field {key!r}" for key in sorted(set(record) - known)]


async def greeted_v7(client: PlainClient, name: str, **fields: Any) -> None:
    welcome = await client.hello(name, **fields)
    assert welcome["type"] == "welcome", welcome
    assert welcome["version"] == 7 and welcome["name"] == name


async def play_first_legal(client: PlainClient) -> dict[str, Any]:
    """Play our seat with the first legal action until the game has a result; the result."""
    while True:
        await client.until(lambda: bool(client.view and (client.view["legal"] or result(client))))
        found = result(client)
        if found is not None:
            return found
        assert client.view is not None
        reply = await client.request("act", action=client.view["legal"][0])
        assert reply["type"] == "ok", reply


def result(client: PlainClient) -> dict[str, Any] | None:
    return client.view["result"] if client.view is not None else None


def summaries_of(client: PlainClient, table_id: int) -> list[dict[str, Any]]:
    """Every summary of table `table_id` that `client` was sent."""
    found = []
    for body in client.received:
        for summary in [body.get("table")] if body["type"] != "tables" else body["tables"]:
            if isinstance(summary, dict) and summary["table_id"] == table_id:
                found.append(summary)
    return found


def told_the_end(client: PlainClient, table_id: int) -> bool:
    """Whether `client` was sent a summary of table `table_id` with its game's result."""
    return any(summary["result"] is not None for summary in summaries_of(client, table_id))


async def test_a_client_of_protocol_7_plays_to_the_end_unrated_and_is_sent_only_what_it_knows(
    tmp_path: Path,
) -> None:
    with trio.fail_after(30):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            connect(HOST, running.port, "Ada", key=secrets.token_hex(32)) as ada,
            plain_connect(running.port, 7, unknown_to_v7) as tom,
            plain_connect(running.port, 8) as cleo,
        ):
            await greeted_v7(tom, "Tom", creator_tokens=[])
            assert (await tom.request("list_tables", watch=True))["type"] == "tables"
            assert (await cleo.hello("Cleo"))["version"] == 8
            assert (await cleo.request("list_tables", watch=True))["type"] == "tables"
            # Ada opens a rated table; Tom sits at it against a bot, and plays it out.
            table = await ada.create_table("chinese-ten", 2, {"decks": 1})
            assert table.settings.rated
            joined = await tom.request("sit", table_id=table.table_id, seat=0)
            assert joined["type"] == "joined" and joined["seat"] == 0
            await ada.add_bot(table.table_id, 1, "greedy")
            await ada.start(table.table_id)
            assert (await play_first_legal(tom))["sides"]
            # The game was rated: the bot is, and not Tom.
            for client in (tom, cleo):
                await client.until(lambda c=client: told_the_end(c, table.table_id))
            assert (await tom.request("leave"))["type"] == "left"
            changes = await stored_changes(running)
    assert {change.player for change in changes} == {"normal bot"}
    assert tom.unknown == []
    kinds = {body["type"] for body in tom.received}
    assert {"welcome", "tables", "table_changed", "joined", "update", "ok", "left"} <= kinds
    # The same summaries reached Cleo, of version 8, with what version 8 added.
    told_cleo = summaries_of(cleo, table.table_id)
    assert told_cleo and all(summary["settings"]["rated"] for summary in told_cleo)
    assert told_cleo[-1]["seats"][1]["rating"]["games"] == 1
    told_tom = summaries_of(tom, table.table_id)
    assert len(told_tom) > 3 and all("rated" not in summary["settings"] for summary in told_tom)


async def test_a_client_of_protocol_7_is_refused_a_claimed_name_in_words_it_can_show(
    tmp_path: Path,
) -> None:
    ada_key = secrets.token_hex(32)
    with trio.fail_after(20):
        async with served(server_config(db=str(tmp_path / "s.db"))) as running:
            async with connect(HOST, running.port, "Ada", key=ada_key) as ada:
                await finish_a_game(ada)
            # Even with Ada's key: a client of version 7 proves none.
            for name, fields in [("Ada", {}), ("ada", {}), ("Ada", {"key": ada_key})]:
                async with plain_connect(running.port, 7, unknown_to_v7) as old:
                    refusal = await old.hello(name, **fields)
                    assert refusal["type"] == "error" and refusal["fatal"]
                    assert refusal["code"] == ErrorCode.NAME_TAKEN
                    assert refusal["message"].startswith("Ada is a name its player keeps")
                    assert "cannot show a name is yours" in refusal["message"]
                    assert "cardtable name" not in refusal["message"]
                    assert old.unknown == []
            async with plain_connect(running.port, 7, unknown_to_v7) as tom:
                await greeted_v7(tom, "Tom")
                await dealt_plain(tom)
                await conceded(tom, running)
                names = await tom.request("list_names")
                assert names["code"] == ErrorCode.NO_KEY  # (a request of protocol 7 with keys)
                assert tom.unknown == []
            # Tom finished a game, and claimed nothing: his name is anyone's.
            assert not running.lobby.claims.is_claimed("Tom")


async def dealt_plain(client: PlainClient) -> dict[str, Any]:
    """Open a two-seat table (its summary as sent), sit against a bot and deal."""
    created = await client.request(
        "create_table", game_kind="chinese-ten", seats=2, options={"decks": 1}, settings={}
    )
    table_id = created["table"]["table_id"]
    await client.request("sit", table_id=table_id, seat=0)
    await client.request("add_bot", table_id=table_id, seat=1, kind="greedy")
    await client.request("start", table_id=table_id)
    await client.until(lambda: client.view is not None)
    summary: dict[str, Any] = created["table"]
    return summary


async def conceded(client: PlainClient, running: RunningServer) -> None:
    """Concede the game at our table, wait for its result, and for all to be stored."""
    assert (await client.request("concede"))["type"] == "ok"
    await client.until(lambda: result(client) is not None)
    await running.lobby.journal.flush()


async def test_a_table_opened_by_a_client_of_protocol_7_is_unrated(tmp_path: Path) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            plain_connect(running.port, 7, unknown_to_v7) as tom,
        ):
            await greeted_v7(tom, "Tom")
            summary = await dealt_plain(tom)
            assert running.lobby.tables[summary["table_id"]].settings.rated is False
            # Take-back is not refused for the table being rated (there is just no move yet).
            refusal = await tom.request("take_back")
            assert refusal["code"] == ErrorCode.CANNOT_TAKE_BACK
            assert "rated" not in refusal["message"]
            await conceded(tom, running)
            changes = await stored_changes(running)
    assert changes == []
    assert tom.unknown == []


async def test_a_client_of_protocol_8_is_never_told_of_hints_nor_heard_asking_for_one(
    tmp_path: Path,
) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            connect(HOST, running.port, "Ada", key=secrets.token_hex(32)) as ada,
            plain_connect(running.port, 8) as cleo,
        ):
            assert (await cleo.hello("Cleo"))["version"] == 8
            assert (await cleo.request("list_tables", watch=True))["type"] == "tables"
            # Ada opens an unrated table, which offers hints; Cleo plays at it against a bot.
            table = await ada.create_table("chinese-ten", 2, {"decks": 1}, {"rated": False})
            assert table.settings.hints
            joined = await cleo.request("sit", table_id=table.table_id, seat=0)
            assert joined["type"] == "joined"
            await ada.add_bot(table.table_id, 1, "greedy")
            await ada.start(table.table_id)
            await cleo.until(lambda: cleo.view is not None)
            refusal = await cleo.request("hint", table_id=table.table_id)
            assert refusal["code"] == ErrorCode.UNKNOWN_TYPE
            assert "protocol 8" in refusal["message"]
            told = summaries_of(cleo, table.table_id)
    assert len(told) > 2
    assert all("hints" not in summary["settings"] for summary in told)
    assert all(summary["settings"]["rated"] is False for summary in told)
    assert "suggestion" not in {body["type"] for body in cleo.received}
