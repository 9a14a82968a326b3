"""The hint key at the table screen: `H Hint` shows in the footer (and the keys screen) only
where the table offers hints and we have a move; pressing it says a hint is being thought,
then shows the suggestion's words at the board's foot with the cursor on its card, and plays
nothing. A rated table never shows the key."""

from __future__ import annotations

from typing import Any

from textual.app import App

from cardtable.client.ui.keys_screen import KeysScreen

from .support import (
    SIZE,
    at_table,
    board_hints,
    footer_with,
    our_turn,
    play_app,
    run_async,
    screen_text,
    session,
    view,
    wait_until,
)

KEY = "H Hint"


def hint_words(app: App[Any]) -> list[str]:
    return [hint.message for hint in board_hints(app)]


def test_the_hint_key_shows_a_suggestion_without_playing_it() -> None:
    async def body() -> None:
        app, _ = play_app("chinese-ten", 2, {"decks": 1}, name="Tess", settings={"rated": False})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            before = view(app)
            await footer_with(pilot, app, {KEY: True})
            await pilot.press("H")
            await wait_until(
                pilot, lambda: "Thinking of a hint…" in hint_words(app), what="thinking"
            )
            await wait_until(
                pilot,
                lambda: any(words.startswith("Hint: Tess ") for words in hint_words(app)),
                timeout=30,  # (a generous bound: the first hint starts the worker pool)
                what="the hint",
            )
            assert "Thinking of a hint…" not in hint_words(app)
            suggestion = session(app).suggestion
            assert suggestion is not None and suggestion.action in view(app)["legal"]
            if "cid" in suggestion.action:
                assert table.board.cursor_card() == suggestion.action["cid"]
            assert view(app) == before  # nothing was played
            # The keys screen lists it too.
            await pilot.press("K")
            await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen), what="keys")
            assert "Hint" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("ctrl+q")

    run_async(body)


def test_a_rated_table_never_shows_the_hint_key() -> None:
    async def body() -> None:
        app, _ = play_app("chinese-ten", 2, {"decks": 1}, name="Tess")
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            await footer_with(pilot, app, {KEY: False, "? Rules": True})
            assert table.check_action("hint", ()) is False  # (so the key does nothing)
            assert table.state is not None and not table.state.summary.settings.hints
            await pilot.press("ctrl+q")

    run_async(body)
