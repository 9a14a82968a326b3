"""A screen's footer (the table's, the lobby's): the keys it leaves out when it is too narrow
for every key."""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from textual.binding import ActiveBinding
from textual.widget import Widget

from cardtable.client.ui.keys_screen import KEYS_ACTION

#: The keys the footer leaves out first, in this order, when it is too narrow for every key
#: (they still work, and the keys screen lists them, each to click): the Chat and Log tabs
#: are on screen anyway, and then the keys that look things up. Then the others go, from the
#: footer's end back.
FOOTER_SPARE = ("records", "concede", "log", "chat", "scores", "rules", "away_policy")

#: The keys the footer always shows in full: the keys screen (every key, each to click), Leave
#: and Quit.
FOOTER_KEPT = (KEYS_ACTION, "leave", "quit", "app.quit")


def fitted(
    screen: Widget, bindings: dict[str, ActiveBinding], room: int
) -> dict[str, ActiveBinding]:
    """`bindings` with those a footer `room` cells wide has no room for hidden (`FOOTER_SPARE`
    first, then from its end back), but never those of `FOOTER_KEPT`."""

    def shown() -> list[ActiveBinding]:
        """The first key shown of each action: the footer draws one an action."""
        first: dict[str, ActiveBinding] = {}
        for active in bindings.values():
            if active.binding.show:
                first.setdefault(active.binding.action, active)
        return list(first.values())

    def width() -> int:
        """The footer's width for the keys it shows (a key is its keys, its description and
        three spaces)."""
        return sum(
            cell_len(screen.app.get_key_display(active.binding))
            + cell_len(active.binding.description)
            + 3
            for active in shown()
        )

    spare = [*FOOTER_SPARE, *reversed([active.binding.action for active in shown()])]
    for action in spare:
        if width() <= room:
            break
        if action in FOOTER_KEPT:
            continue
        for key, active in bindings.items():
            if active.binding.action == action:
                bindings[key] = active._replace(binding=replace(active.binding, show=False))
    return bindings
