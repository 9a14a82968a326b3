"""docs/protocol.md is checked, not just written: every example in it decodes with the protocol's
own decoder and holds every field a real server sends in that message, and every message type
appears in the tables that say what answers what and what is pushed to whom."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import trio

from cardtable.client.session import ClientSession
from cardtable.engine.scores import Result, RoundScore
from cardtable.protocol import (
    ChatLine,
    ClockState,
    HistoryEntry,
    Message,
    Sender,
    TableSummary,
    Update,
)
from cardtable.protocol.messages import MESSAGES, decode_message
from cardtable.wire.codec import from_wire, to_wire
from tests.server.conftest import Connect

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
#: A map in an example that holds this key stands for more than it shows.
ELIDED = "..."


def document() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


def json_blocks(text: str) -> list[list[Any]]:
    """The values of each JSON example in `text`, block by block (a block may hold several)."""
    found = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", text, re.DOTALL):
        values, at = [], 0
        while block[at:].strip():
            value, at = decoder.raw_decode(block, len(block) - len(block[at:].lstrip()))
            values.append(value)
        found.append(values)
    return found


def examples() -> list[dict[str, Any]]:
    """Every JSON example in the document that is a message (a map with a `type`)."""
    return [
        value
        for values in json_blocks(document())
        for value in values
        if isinstance(value, dict) and "type" in value
    ]


def sender_of(kind: str) -> Sender:
    return Sender.SERVER if kind in MESSAGES[Sender.SERVER] else Sender.CLIENT


#: The example of each nested shape that an elided map of that shape (one holding `...`)
#: stands for, by the message field that holds it.
ELIDED_RECORDS = {
    "table": ("### Table summary", 0),
    "tables": ("### Table summary", 0),
    "entry": ("### History entry", 0),
}


def filled(example: dict[str, Any]) -> dict[str, Any]:
    """`example` with each elided record in it completed from its shape's own example (the keys
    it shows win), so that it decodes as the whole message would."""
    whole = dict(example)
    for field, (heading, index) in ELIDED_RECORDS.items():
        (shape,) = json_blocks(table_rows(heading))[index]
        value = whole.get(field)
        if isinstance(value, dict) and ELIDED in value:
            whole[field] = {**shape, **{k: v for k, v in value.items() if k != ELIDED}}
        elif isinstance(value, list):
            whole[field] = [
                {**shape, **{k: v for k, v in item.items() if k != ELIDED}}
                if isinstance(item, dict) and ELIDED in item
                else item
                for item in value
            ]
    return whole


def test_every_example_decodes() -> None:
    found = examples()
    assert len(found) >= 30
    for example in found:
        decode_message(filled(example), sender_of(example["type"]))


#: The examples of nested shapes, by section and block, and the record each one is.
RECORDS: dict[tuple[str, int], Any] = {
    ("### Table summary", 0): TableSummary,
    ("### Turn clock", 0): ClockState,
    ("### Scores and results", 0): RoundScore,
    ("### Scores and results", 1): Result,
    ("### History entry", 0): HistoryEntry,
    ("### Chat line", 0): ChatLine,
}


def test_every_nested_example_decodes_into_its_record() -> None:
    for (heading, index), record in RECORDS.items():
        found = json_blocks(table_rows(heading))[index]
        assert found, heading
        for example in found:
            read = from_wire(record, example)
            assert to_wire(read) == example, heading


#: Keys the server sends only sometimes, as the document says where it shows them: a result's
#: `conceded` (only after a concession), a summary's `watchers` and `rematch` (at the table only).
SOMETIMES = {"conceded", "watchers", "rematch"}


def missing_fields(example: Any, real: Any, path: str) -> list[str]:
    """The fields `real` holds, at any depth, that `example` leaves out (an example map that
    holds `...` may leave out anything at its level)."""
    if isinstance(example, dict) and isinstance(real, dict):
        if ELIDED in example:
            return []
        missing = [f"{path}.{key}" for key in real if key not in example and key not in SOMETIMES]
        for key in example.keys() & real.keys():
            missing += missing_fields(example[key], real[key], f"{path}.{key}")
        return missing
    if isinstance(example, list) and isinstance(real, list):
        return missing_in_lists(example, real, path)
    return []


def missing_in_lists(example: list[Any], real: list[Any], path: str) -> list[str]:
    """Lists are compared element against elements of the same `kind` (events, actions), or
    against all of them when their elements have no kind."""
    by_kind: dict[Any, list[Any]] = defaultdict(list)
    for item in real:
        by_kind[item.get("kind") if isinstance(item, dict) else None].append(item)
    missing: list[str] = []
    for item in example:
        kind = item.get("kind") if isinstance(item, dict) else None
        for other in by_kind.get(kind, []):
            missing += missing_fields(item, other, f"{path}[{kind or ''}]")
    return sorted(set(missing))


async def a_real_session(client: Connect) -> list[Message]:
    """What a server sends a player over one short game of Chinese Ten against a bot: the lobby,
    a table, the deal and a move, chat, a resync, conceding (which claims her name), the history,
    a replay, her names and her record."""
    said: list[Message] = []
    async with client("Ada", key="0123456789abcdef" * 4) as ada:
        assert ada.welcome is not None
        said.append(ada.welcome)
        ada.on_message(said.append)
        with trio.fail_after(20):
            await ada.list_tables(watch=True)
            table = await ada.create_table("chinese-ten", seats=2)
            await ada.sit(table.table_id, 0)
            await ada.add_bot(table.table_id, 1)
            await ada.start(table.table_id)
            await ada.wait_for(lambda: bool(ada.legal))
            await ada.act(ada.legal[0])
            await ada.say("Nice one, Bram")
            await ada.wait_for(lambda: bool(ada.legal))
            assert await ada.check_in_step()
            await ada.concede()
            await finished(ada)
            history = await ada.history()
            await ada.replay(history.games[0].game_id, seat=0, count=3)
            await ada.ping()
            await ada.export_names()
            assert await ada.list_names() == ["Ada"]
            assert (await ada.player_record("Ada")).games
            await ada.leave()
    return said


async def finished(ada: ClientSession) -> None:
    await ada.wait_for(lambda: ada.view is not None and ada.view.get("result") is not None)


Sent = dict[str, list[dict[str, Any]]]

#: The examples of nested shapes, by section and block, and where the server sends such a map.
NESTED: dict[tuple[str, int], Any] = {
    ("### Table summary", 0): lambda sent: [m["table"] for m in sent["table_changed"]],
    ("### View", 0): lambda sent: [m["view"] for m in sent["update"] if m["view"]],
    ("### Scores and results", 1): lambda sent: [g["result"] for g in sent["history"][0]["games"]],
    ("### Chat line", 0): lambda sent: [m["line"] for m in sent["chat_line"]],
}


async def test_every_example_holds_every_field_the_server_sends(client: Connect) -> None:
    sent: Sent = defaultdict(list)
    for message in await a_real_session(client):
        sent[message.type].append(message.to_wire())
    assert {
        "welcome",
        "tables",
        "joined",
        "update",
        "chat_line",
        "history",
        "replay_steps",
        "name_code",
        "names",
        "record",
    } <= sent.keys()
    missing: list[str] = []
    for example in examples():
        for real in sent.get(example["type"], []):
            if not whole_and_patched_differ(example, real):
                missing += missing_fields(example, real, example["type"])
    for (heading, index), where in NESTED.items():
        for example in json_blocks(table_rows(heading))[index]:
            for real in where(sent):
                missing += missing_fields(example, real, heading.removeprefix("### "))
    assert not missing, "\n".join(sorted(set(missing)))


def whole_and_patched_differ(example: dict[str, Any], sent: dict[str, Any]) -> bool:
    """An update that carries a patch is compared with an example that carries one, and a whole
    view with a whole view."""
    if example["type"] != Update.type:
        return False
    return (example.get("view") is None) != (sent.get("view") is None)


def table_rows(heading: str) -> str:
    """The text of the section under `heading`, up to the next heading of its level or above."""
    text = document()
    start = text.index(f"\n{heading}\n")
    level = heading.split(" ")[0]
    after = re.search(rf"\n#{{1,{len(level)}}} ", text[start + len(heading) + 2 :])
    end = start + len(heading) + 2 + after.start() if after else len(text)
    return text[start:end]


def named(section: str) -> set[str]:
    return set(re.findall(r"`(\w+)`", section))


def test_every_request_has_its_reply_and_every_push_its_audience() -> None:
    requests = set(MESSAGES[Sender.CLIENT]) - {"hello"}
    replies = named(table_rows("### Requests and replies"))
    assert requests <= replies, sorted(requests - replies)
    ok_section = named(table_rows("### `ok`"))
    answered_ok = {
        name
        for name in requests
        if re.search(rf"\| [^|]*`{name}`[^|]*\| `ok` \|", table_rows("### Requests and replies"))
    }
    assert answered_ok <= ok_section, sorted(answered_ok - ok_section)
    pushed = named(table_rows("### Pushed messages"))
    for name in ("table_changed", "table_removed", "update", "chat_line", "joined", "error"):
        assert name in pushed, name
    said = set(MESSAGES[Sender.SERVER]) - {"welcome"}  # welcome: the handshake's own section
    assert said <= replies | pushed, sorted(said - replies - pushed)
    every = set(MESSAGES[Sender.SERVER]) | set(MESSAGES[Sender.CLIENT])
    sections = set(re.findall(r"\n### `(\w+)`\n", document()))
    assert every <= sections, sorted(every - sections)
