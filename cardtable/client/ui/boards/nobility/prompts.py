"""The Nobility board's prompt: what the player should do now, from the view's legal actions,
or whom the table waits for."""

from __future__ import annotations

from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal
from cardtable.engine.nobility.actions import (
    Draw,
    GiveUp,
    Ready,
    Recall,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.types import NobilityTable
from cardtable.engine.views import SeatView

from .faces import face

#: The meld phase's moves, with their keys.
WAYS = (
    ("meld", "m meld"),
    ("extend", "e extend"),
    ("defend", "f defend"),
    ("joker", "j Joker"),
    ("claim", "i claim"),
    ("battle", "b battle"),
)
OWED_WORDS = {"spoils": "of your attackers", "losses": "nobles", "unpaid": "defenders"}


def prompt(state: TableState, view: SeatView[NobilityTable] | None) -> str:
    """What the player should do now, in a line."""
    if view is None:
        return ""
    if view.result is not None:
        return "The game is over."
    legal = view.legal
    table = view.table
    kinds = {action.kind for action in legal}
    if not legal:
        return waiting(state, view)
    if Deal() in legal:
        return "Press d to deal the next rubber."
    if any(isinstance(action, GiveUp) for action in legal):
        owed = table.owed
        count, what = (owed.count, OWED_WORDS[owed.kind]) if owed else (1, "nobles")
        return f"Give up {count} {what}: press a key shown, or g on the card under the cursor."
    if Ready() in legal:
        return "An election: make your deals in the chat, then press y when you are ready."
    retrieving = any(isinstance(action, (Retrieve, Recall)) for action in legal)
    if table.phase == "start":
        starts = []
        if Draw() in legal:
            starts.append("draw (d)")
        if Take() in legal:
            top = table.stock_discard[-1] if table.stock_discard else None
            starts.append(f"take the {face(top)} (t)" if top else "take (t)")
        if retrieving:
            starts.append("retrieve a noble (r)")
        if len(starts) > 1:
            return f"Your turn: {', '.join(starts[:-1])} or {starts[-1]}."
        return f"Your turn: {starts[0]}." if starts else "Your turn."
    if table.phase == "retrieving":
        return "Retrieve more (r), or press enter when you are done."
    if table.phase == "discard":
        return "Discard down to three: choose a card with ←→ and press x."
    ways = ", ".join(words for kind, words in WAYS if kind in kinds)
    if table.phase == "melding":
        if table.won_hand:
            return f"You won the hand: {ways or 'nothing to meld'}; enter when done."
        if ways:
            return f"Meld more ({ways}), or press enter when you are done."
        return "Press enter: you are done melding."
    ending = []
    if "discard" in kinds:
        ending.append("x discards")
    if "merge" in kinds:
        ending.append("w merges")
    if "pass" in kinds:
        ending.append("p passes")
    if retrieving and table.endgame:
        ending.append("r retrieves")
    tail = "; ".join(ending)
    if ways:
        return f"Mark cards (space): {ways}" + (f"; {tail}." if tail else ".")
    return (tail[0].upper() + tail[1:] + ".") if tail else "Your turn."


def waiting(state: TableState, view: SeatView[NobilityTable]) -> str:
    """Whom the table waits for."""
    actors = view.actors
    table = view.table
    if view.awaiting_deal and actors:
        return f"Waiting for {state.name(actors[0])} to deal."
    if table.owed is not None:
        return f"Waiting for {state.name(table.owed.seat)} to give up {table.owed.count}."
    if table.phase == "election":
        names = ", ".join(state.name(seat) for seat in actors)
        return f"The election waits for {names}." if names else ""
    return f"{state.name(actors[0])} is playing." if actors else ""
