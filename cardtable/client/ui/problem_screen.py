"""The screen for a first connection that failed: what happened, what to do, and a retry."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from cardtable.client.ui.events import ConnectFailed
from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.plain import plain


class ProblemScreen(Screen[None]):
    """Shows a `ConnectFailed`; enter retries (with the new name or password typed in)."""

    BINDINGS = [
        Binding("enter", "retry", "Try again"),
        *KEYS,
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, problem: ConnectFailed) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="problem"):
            yield Static(Text(self.problem.title, style="bold"), id="problem-title")
            yield Static(plain(self.problem.problem), id="problem-text")
            yield Static(Text(self.problem.advice, style="bold"), id="advice")
            if self.problem.ask == "name":
                yield Input(placeholder="Your name", id="answer", max_length=24)
            elif self.problem.ask == "password":
                yield Input(placeholder="Password", id="answer", password=True)
            yield Static(Text("enter: try again · ctrl+q: quit", style="dim"))
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_retry()

    def action_retry(self) -> None:
        app = host(self)
        answer = self.query("#answer").first(Input).value if self.query("#answer") else None
        if self.problem.ask == "name":
            app.retry(name=answer or None)
        elif self.problem.ask == "password":
            app.retry(password=answer or "")
        else:
            app.retry()
