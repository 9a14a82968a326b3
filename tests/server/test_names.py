"""Names that would look blank, or like someone else's, are refused at the handshake; and chat
cannot break a line with Unicode's line and paragraph separators."""

from __future__ import annotations

import itertools
import unicodedata

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused
from cardtable.protocol import ErrorCode, LocalProtocolError
from cardtable.server.app import RunningServer
from cardtable.server.confusables import confusables
from cardtable.server.names import (
    NameIndex,
    name_key,
    names_look_alike,
    skeleton,
)
from tests.server.conftest import HOST, Connect
from tests.server.raw import raw_connect
from tests.server.test_bad_input import assert_error, assert_fatal, greeted, send_body


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # Hangul filler: a letter that shows as nothing
        "Ada\u3164",  # looks exactly like Ada
        "\u115f\u1160",
        "\uffa0x",
        "...",
        "- _ '",
        "\u02bc\u02bc",  # modifier letters that look like apostrophes, and nothing else
    ],
)
async def test_invisible_and_letterless_names_are_refused(server: RunningServer, name: str) -> None:
    async with raw_connect(HOST, server.port) as raw:
        await raw.send_hello(name)
        error = await assert_fatal(raw, ErrorCode.BAD_NAME, case=name)
    assert "invisible letter" in error.message or "at least one letter" in error.message


#: Ordinary names, no two of which look alike.
DISTINCT_NAMES = [
    "Ada", "Bram", "Cleo", "Dov", "Edda", "Finn", "Gus", "Hana", "Ida", "Otto", "Anna", "Ann",
    "Lda", "Io", "Lo", "Vera", "Nera", "Eva", "Ena", "Emma", "Erma", "Kim", "Tom", "Mia",
    "Nina", "Lina", "Clara", "Carla", "Bob",
]  # fmt: skip


@pytest.mark.parametrize(
    ("lookalike", "name"),
    [
        ("\u0410da", "Ada"),  # Cyrillic capital А
        ("\u0391da", "Ada"),  # Greek capital Alpha
        ("Ad\u0430", "Ada"),  # Cyrillic small а
        ("\u0410d\u0430", "Ada"),
        ("B\u043eb", "Bob"),  # Cyrillic small о
        ("B\u03bfb", "Bob"),  # Greek small omicron
        ("E\u03bda", "Eva"),  # Greek small nu
        ("\U0001d400da", "Ada"),  # mathematical bold A
        ("ada", "Ada"),
        ("ADA", "Ada"),
        ("\uff21\uff44\uff41", "Ada"),  # full width
        ("\uff41\uff44\uff41", "Ada"),
    ],
)
def test_look_alikes_in_small_letters_share_the_small_key(lookalike: str, name: str) -> None:
    assert name_key(lookalike) == name_key(name)
    assert names_look_alike(lookalike, name)
    assert names_look_alike(name, lookalike)


@pytest.mark.parametrize(
    ("lookalike", "name"),
    [
        ("\u041dana", "Hana"),  # Cyrillic Н: its small н looks like no h
        ("\u0397ana", "Hana"),  # Greek Eta: its small η looks like an n
        ("\u0412ram", "Bram"),  # Cyrillic В
        ("\u039aim", "Kim"),  # Greek Kappa
        ("\u0422om", "Tom"),  # Cyrillic Т
        ("\u039cia", "Mia"),  # Greek Mu
        ("CarIa", "Carla"),  # a capital I for a small l
    ],
)
def test_look_alikes_in_one_case_only_share_another_key(lookalike: str, name: str) -> None:
    assert name_key(lookalike) != name_key(name)  # the small letters alone would miss these
    assert names_look_alike(lookalike, name)
    assert names_look_alike(name, lookalike)


#: Names that differ from AdaIomfg only in punctuation or spaces, or in those and case.
PUNCTUATED = ["AdaIomfg.", "AdaIomfg'", "Ada Iomfg", "Ada-Iomfg", "Ada_Iomfg", "ada iomfg.",
              "A.d.a.I.o.m.f.g", "AdaIomfg\u02bc"]  # fmt: skip


@pytest.mark.parametrize("lookalike", PUNCTUATED)
def test_names_that_differ_only_in_punctuation_or_spaces_look_alike(lookalike: str) -> None:
    assert names_look_alike(lookalike, "AdaIomfg")
    assert names_look_alike("AdaIomfg", lookalike)
    index = NameIndex()
    index.add("AdaIomfg")
    assert index.holder(lookalike) == "AdaIomfg"


def test_ordinary_names_do_not_look_alike() -> None:
    for first, second in itertools.combinations(DISTINCT_NAMES, 2):
        assert not names_look_alike(first, second), (first, second)


def test_the_confusables_are_unicodes_and_a_key_settles() -> None:
    table = confusables()
    assert table.version == "18.0.0"
    assert confusables() is table  # read once
    assert table.prototypes[ord("\u0430")] == "a"
    # A prototype is final: a skeleton's skeleton is itself, as TR39 promises.
    for source in table.prototypes:
        once = skeleton(chr(source))
        assert skeleton(once) == once, f"U+{source:04X}"
    # Every letter, digit and mark settles within the rounds allowed.
    for code in range(0x110000):
        char = chr(code)
        if unicodedata.category(char)[0] in "LMN":
            key = name_key(char)
            assert name_key(key) == key, f"U+{code:04X}"


def test_the_index_finds_the_name_a_newcomer_looks_like() -> None:
    index = NameIndex()
    index.add("Hana")
    index.add("Ada")
    assert index.holder("\u041dana") == "Hana"
    assert index.holder("ADA") == "Ada"
    assert index.holder("Carla") is None
    index.discard("\u041dana")  # a look-alike that was never in use takes nothing out
    assert index.holder("Hana") == "Hana"
    index.discard("Hana")
    assert index.holder("\u041dana") is None
    assert index.holder("Ada") == "Ada"


@pytest.mark.parametrize(
    ("lookalike", "name"),
    [
        ("\u0410da", "Ada"),
        ("\u0391da", "Ada"),
        ("Ad\u0430", "Ada"),
        ("B\u043eb", "Bob"),
        ("\u041dana", "Hana"),
        ("\u0412ram", "Bram"),
        ("CarIa", "Carla"),
    ],
)
async def test_a_look_alike_of_a_name_in_use_is_refused(
    client: Connect, lookalike: str, name: str
) -> None:
    async with client(name):
        with pytest.raises(HandshakeRefused) as refused:
            async with client(lookalike):
                pytest.fail(f"{lookalike!r} was let in beside {name}")
        assert refused.value.code == ErrorCode.NAME_TAKEN
        assert f"already called {name}" in refused.value.message
        async with client("Cleo"):  # a name unlike any in use is welcome
            pass


@pytest.mark.parametrize("lookalike", PUNCTUATED)
async def test_a_name_that_differs_only_in_punctuation_is_taken_with_a_reason(
    client: Connect, server: RunningServer, lookalike: str
) -> None:
    async with client("AdaIomfg"):
        async with raw_connect(HOST, server.port) as raw:
            await raw.send_hello(lookalike)
            error = await assert_fatal(raw, ErrorCode.NAME_TAKEN, case=lookalike)
        assert "already called AdaIomfg" in error.message
        assert "differ only in case, spaces, punctuation or look-alike letters" in error.message
        async with client("Ada"):  # a shorter name is another name
            pass


@pytest.mark.parametrize("lookalike", ["ada", "ADA", "Ａｄａ", "ａｄａ"])
async def test_a_name_that_differs_only_in_case_or_width_is_taken(
    client: Connect, server: RunningServer, lookalike: str
) -> None:
    async with client("Ada"):
        async with raw_connect(HOST, server.port) as raw:
            await raw.send_hello(lookalike)
            error = await assert_fatal(raw, ErrorCode.NAME_TAKEN, case=lookalike)
        assert "already called Ada" in error.message
    # Once Ada has gone, the name is free in any form.
    with trio.fail_after(5):
        while "Ada" in server.lobby.clients:
            await trio.sleep(0.01)
    async with raw_connect(HOST, server.port) as raw:
        await greeted(raw, lookalike)


async def test_an_away_players_name_is_kept_in_every_case(
    client: Connect, server: RunningServer
) -> None:
    async with client("Ada") as ada:
        table = await ada.create_table("chinese-ten", seats=2)
        await ada.sit(table.table_id, 0)
    with trio.fail_after(5):
        while not server.lobby.tables[table.table_id].seats[0].away:
            await trio.sleep(0.01)
    async with raw_connect(HOST, server.port) as raw:
        await raw.send_hello("ADA")
        error = await assert_fatal(raw, ErrorCode.NAME_TAKEN)
    assert error.message.startswith("Ada is away")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
async def test_chat_with_a_line_or_paragraph_separator_is_refused(
    client: Connect, separator: str
) -> None:
    async with client("Ada") as ada:
        table = await ada.create_table("chinese-ten", seats=2)
        await ada.sit(table.table_id, 0)
        # The client's own check refuses to send it; a raw frame reaches the server.
        with pytest.raises(LocalProtocolError):
            await ada.say(f"first line{separator}second line")
        body = {"type": "chat", "text": f"first line{separator}second line", "rid": 77}
        reply = await send_body(ada, body)
        assert_error(reply, ErrorCode.BAD_TEXT, fatal=False, rid=77)
        await ada.say("one line")  # the connection carries on
