"""The screen for a first connection that failed: what happened, what to do, and a retry (on a
name refused, also importing a name code from another device: `NameImport`)."""

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
from cardtable.client.ui.name_import import NameImport, can_import
from cardtable.client.ui.plain import plain


class ProblemScreen(Screen[None]):
    """Shows a `ConnectFailed`; enter retries (with the new name or password typed in)."""

    BINDINGS = [
        Binding("enter", "retry", "Try again"),
        Binding("ctrl+o", "import_code", "Import a name code"),
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
            code = " · ctrl+o: import a name code" if self._imports() else ""
            yield Static(Text(f"enter: try again{code} · ctrl+q: quit", style="dim"))
        yield Footer()

    def _imports(self) -> bool:
        """Whether a name code may be imported here: a name was refused, and we have a key."""
        return self.problem.ask == "name" and can_import(host(self).link)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self._imports() if action == "import_code" else True

    def action_import_code(self) -> None:
        link = host(self).link
        if link is not None and self._imports():
            self.app.push_screen(NameImport(link), self._imported)

    def _imported(self, names: list[str] | None) -> None:
        """The names this device holds now (None: the dialog was cancelled)."""
        if not names:
            return
        tried = host(self).player_name
        name = tried if tried in names else names[0]
        self.query_one("#advice", Static).update(
            Text(f"This device now holds {', '.join(names)} here: press enter to join.")
        )
        answer = self.query_one("#answer", Input)
        answer.value = name
        answer.focus()

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
