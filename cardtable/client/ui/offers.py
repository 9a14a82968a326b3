"""The offers a table screen asks about: a partner's offer to concede (read from the game's
log, where only our side hears of it) and an offer of a rematch (read from the table's summary),
and the words for conceding and for the offers' state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.client.session import ClientSession
from cardtable.client.ui.table_state import TableState
from cardtable.engine.text import side_names

#: The events that close an offer to concede.
CONCESSION_CLOSED = frozenset({"concession_declined", "concession_lapsed", "conceded", "game_end"})


@dataclass(frozen=True)
class Question:
    """An offer made to us that wants a yes or a no; `key` tells one offer from another."""

    kind: Literal["concede", "rematch"]
    key: tuple[object, ...]
    text: str


def open_concession(log: Sequence[Mapping[str, object]]) -> tuple[int, int] | None:
    """Our side's open offer to concede, as (its place in the log, the seat that offered)."""
    found: tuple[int, int] | None = None
    for place, event in enumerate(log):
        kind, seat = event.get("kind"), event.get("seat")
        if kind == "concession_offered" and isinstance(seat, int):
            found = (place, seat)
        elif kind in CONCESSION_CLOSED:
            found = None
    return found


def partners(state: TableState) -> list[int]:
    """The other seats on our side in this game (none when we play alone or watch)."""
    view = state.view
    if view is None or state.seat is None:
        return []
    side = next((list(side) for side in view["sides"] if state.seat in side), [])
    return [seat for seat in side if seat != state.seat]


def question(state: TableState, log: Sequence[Mapping[str, object]]) -> Question | None:
    """The offer waiting for our answer now, if any: a partner's to concede first."""
    if state.seat is None:
        return None
    offer = open_concession(log)
    view = state.view
    if offer is not None and offer[1] != state.seat and view and not view["result"]:
        name = state.name(offer[1])
        text = f"{name} offers to concede the game. Concede together (y), or play on (n)?"
        return Question("concede", ("concede", state.summary.game_no, offer[0]), text)
    rematch = state.summary.rematch
    if rematch and rematch.open and state.seat in rematch.waiting:
        text = f"{state.name(rematch.by)} offers a rematch. Play again at this table?"
        return Question("rematch", ("rematch", state.summary.game_no, rematch.by), text)
    return None


def concede_question(state: TableState, log: Sequence[Mapping[str, object]]) -> str:
    """What to ask before conceding (or offering our partners to concede)."""
    others = partners(state)
    if not others:
        return "Concede the game? It ends now, and you lose it."
    names = side_names(others, state.names)
    offer = open_concession(log)
    if offer is not None and offer[1] != state.seat:
        return f"Concede with {names}? The game ends now, and your side loses it."
    return f"Offer {names} to concede? If they agree, the game ends and your side loses it."


def offers_note(state: TableState, log: Sequence[Mapping[str, object]]) -> str:
    """A few words on the open offers for the status line: ours waiting for an answer, or the
    latest rematch declined."""
    offer = open_concession(log)
    if offer is not None and offer[1] == state.seat:
        return f"you offered to concede: waiting for {side_names(partners(state), state.names)}"
    rematch = state.summary.rematch
    if not rematch:
        return ""
    if rematch.declined_by is not None:
        return f"{state.name(rematch.declined_by)} declined a rematch"
    waiting = side_names(rematch.waiting, state.names) if rematch.waiting else "nobody"
    return f"rematch offered by {state.name(rematch.by)}: waiting for {waiting}"


async def ask_for_rematch(session: ClientSession, table: int) -> None:
    """The next game at `table`: offered to everyone by a player there (accepting an open
    offer); started at once by the table's creator watching it."""
    if session.seat is not None and session.table_id == table:
        await session.offer_rematch()
    else:
        await session.start(table)
