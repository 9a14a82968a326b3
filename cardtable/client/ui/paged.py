"""A screen that shows what it asks the server for a page at a time: whether it waits for an
answer, and why the last request failed."""

from __future__ import annotations

from typing import ClassVar

from textual.screen import Screen


class PagedScreen(Screen[None]):
    """Keeps `loading` and `problem` for a screen that asks the server for pages; a failed
    request is told in a notice titled `FAILED_TITLE`, and `_draw_status` shows it."""

    FAILED_TITLE: ClassVar[str]

    def __init__(self) -> None:
        super().__init__()
        self.loading = False
        #: Why the last request failed, until one succeeds.
        self.problem: str | None = None

    def _draw_status(self) -> None:
        """Show whether the screen waits for a page, or why the last request failed."""
        raise NotImplementedError

    def _failed(self, reason: str) -> None:
        self.loading = False
        self.problem = reason
        self.notify(reason, title=self.FAILED_TITLE, severity="error", markup=False)
        self._draw_status()
        self.refresh_bindings()
