"""One-time codes: typable, good once, for ten minutes, and one at a time per key."""

from __future__ import annotations

import re

from cardtable.server.lobby.name_codes import CODE_MINUTES, NameCodes


class Clock:
    """Minutes that pass when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_code_is_ten_letters_and_digits_without_look_alikes_and_works_once() -> None:
    codes = NameCodes(Clock())
    code = codes.issue(b"ada")
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}", code)
    assert codes.redeem(f" {code.lower()} ") == b"ada"
    assert codes.redeem(code) is None


def test_a_code_lapses_after_ten_minutes() -> None:
    clock = Clock()
    codes = NameCodes(clock)
    early, late = codes.issue(b"ada"), codes.issue(b"bram")
    clock.now += CODE_MINUTES * 60 - 1
    assert codes.redeem(early) == b"ada"
    clock.now += 2
    assert codes.redeem(late) is None


def test_a_new_code_ends_the_keys_earlier_one() -> None:
    codes = NameCodes(Clock())
    first = codes.issue(b"ada")
    second = codes.issue(b"ada")
    assert codes.redeem(first) is None
    assert codes.redeem(second) == b"ada"
