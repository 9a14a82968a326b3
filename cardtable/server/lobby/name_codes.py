"""One-time codes that move a key's names to another device (`name_export`, `name_import`).

A code is ten letters and digits (50 random bits) from an alphabet without the look-alikes
0/O and 1/I, shown as two groups of five (``K7QM2-XH9TD``). It is bound to the hash of the key
that asked for it, works once, and lapses after `CODE_MINUTES`; codes live in memory only, so a
server restart ends them (the player asks for another)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import trio

#: The letters a code is made of: 32 of them, without 0, O, 1 and I.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10
#: How long a code works.
CODE_MINUTES = 10
#: The most codes waiting at once (the oldest lapses first).
CODES_KEPT = 1000


def new_code() -> str:
    """A fresh code, as shown: two groups of five."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:5]}-{letters[5:]}"


def plain_code(typed: str) -> str:
    """A code as typed, in capitals without spaces or dashes."""
    return "".join(char for char in typed.upper() if char not in " -")


class NameCodes:
    """The codes given out and not yet used, each with the key hash it moves names from."""

    def __init__(self, clock: Callable[[], float] = trio.current_time) -> None:
        self._clock = clock
        #: The key hash and the lapse time of each code, by its plain form.
        self._codes: dict[str, tuple[bytes, float]] = {}

    def issue(self, key_hash: bytes) -> str:
        """A new code for `key_hash` (any earlier code of the key stops working)."""
        for plain, (holder, _) in list(self._codes.items()):
            if holder == key_hash:
                del self._codes[plain]
        code = new_code()
        self._codes[plain_code(code)] = (key_hash, self._clock() + CODE_MINUTES * 60)
        while len(self._codes) > CODES_KEPT:
            del self._codes[next(iter(self._codes))]
        return code

    def redeem(self, typed: str) -> bytes | None:
        """The key hash `typed` was issued for, if it is a code still working; it is used up."""
        found = self._codes.pop(plain_code(typed), None)
        if found is None or found[1] < self._clock():
            return None
        return found[0]
