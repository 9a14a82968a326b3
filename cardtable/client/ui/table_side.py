"""The column beside the board: the chat and the log, in tabs. `c` and `l` bring one to the
front; Tab gives the keys to the board, the chat and the log in turn, never to the tabs."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane, Tabs

from cardtable.client.ui.game_log import GameLog


class SidePane(TabPane):
    """A tab of the chat and log column. Textual brings a tab to the front when something in it
    takes the focus, but hears of it later: by then the focus may have moved on (Tab Tab), and
    the news of the earlier focus is dropped here."""

    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        focused = self.screen.focused
        if focused is None or self not in focused.ancestors:
            event.stop()


class SideColumn(TabbedContent):
    """The chat and the log. The focus moves at once (`set_focus`, not `focus`, which waits for
    the next turn of the loop), so that a key pressed right after it (Tab Tab) finds it moved."""

    def on_mount(self) -> None:
        # The tabs change with c and l, or a click; Tab moves between the board, the chat and
        # the log, never to the row of tabs, where no key would do anything.
        for tabs in self.query("Tabs").results(Tabs):
            tabs.can_focus = False

    @property
    def log_panel(self) -> GameLog:
        return self.query_one("#log", GameLog)

    def area(self) -> str | None:
        """Which of the chat and the log has the keys (None: neither)."""
        focused = self.screen.focused
        if focused is None or self not in focused.ancestors:
            return None
        return "chat" if self.active == "chat-tab" else "log"

    def show_chat(self) -> None:
        """The chat in front, with the keys."""
        self.active = "chat-tab"
        self.screen.set_focus(self.query_one("#chat-input"))

    def show_log(self, *, keys: bool = False) -> None:
        """The log in front; with `keys`, the keys too (to scroll it)."""
        self.active = "log-tab"
        if keys:
            self.screen.set_focus(self.log_panel)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """The keys follow a change of tab (a click on it, `c`) out of the tab just hidden."""
        focused = self.screen.focused
        shown = event.pane
        if focused is None or shown.id != self.active or shown in focused.ancestors:
            return  # (news of an earlier change of tab, or the focus is in the tab shown)
        if self in focused.ancestors:
            target: Widget = (
                self.query_one("#chat-input") if shown.id == "chat-tab" else self.log_panel
            )
            self.screen.set_focus(target)
