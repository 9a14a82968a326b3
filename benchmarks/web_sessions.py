"""Browser sessions at `cardtable serve --web`: how long a tab takes to draw, how much memory
each tab's app process holds, and whether closing tabs leaves anything running.

    PYTHONPATH=. python benchmarks/web_sessions.py [--sessions 8] [--churn 100]

It starts a real `cardtable serve --web` on loopback and a headless Chromium (Debian's
`chromium`, driven by Playwright, as tests/web does). For each of `--sessions` tabs opened one
after another it times the tab opened → the name asked (the app's first screen) and → the
lobby drawn once the name is typed, and then reads every app process's resident memory (VmRSS
in /proc). Then `--churn` tabs are opened and closed one at a time (each waited for until its
first screen is drawn), and it counts the app processes left running a few seconds after the
last (it should be none but the `--sessions` still open). Linux only (/proc).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from tests.web.browser import Tab, app_processes, chromium, wait_until, web_server


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--churn", type=int, default=100)
    args = parser.parse_args()
    with web_server("--web-max", str(args.sessions + 4)) as server, chromium() as browser:
        first_screen, lobby = [], []
        for number in range(args.sessions):
            start = time.perf_counter()
            tab = Tab(browser, server.url)
            tab.wait_for("Type your name below", 60)
            first_screen.append(time.perf_counter() - start)
            tab.press()
            tab.type(f"Player {number + 1}")
            tab.press("Enter")
            tab.wait_for("Lobby · you are", 60)
            lobby.append(time.perf_counter() - start)
        memory = [rss_mb(pid) for pid in app_processes(server.port)]
        print(f"{args.sessions} tabs, one after another:")
        print(
            f"  tab opened → name asked: median {statistics.median(first_screen):.2f} s, "
            f"slowest {max(first_screen):.2f} s"
        )
        print(
            f"  tab opened → lobby drawn (name typed at once): median "
            f"{statistics.median(lobby):.2f} s, slowest {max(lobby):.2f} s"
        )
        print(
            f"  app process RSS: median {statistics.median(memory):.1f} MB, "
            f"largest {max(memory):.1f} MB ({len(memory)} processes)"
        )
        start = time.perf_counter()
        for _ in range(args.churn):
            tab = Tab(browser, server.url)
            tab.wait_for("Type your name below", 60)
            tab.page.close()
        wait_until(
            lambda: len(app_processes(server.port)) == args.sessions, "the closed tabs' apps", 30
        )
        print(
            f"{args.churn} tabs opened and closed in {time.perf_counter() - start:.1f} s: "
            f"{len(app_processes(server.port)) - args.sessions} app processes left running"
        )


if __name__ == "__main__":
    main()
