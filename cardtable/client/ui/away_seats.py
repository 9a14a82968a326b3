"""The table's away players, as the table screen handles them: a bot to play for one (`A`), a
seat given up for good (`R`), and how long anyone may be away before a bot covers them (`P`)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.client.ui.dialogs import AwayPolicy, AwayTime, Confirm, SeatChooser, away_words
from cardtable.client.ui.host import host
from cardtable.client.ui.players_panel import away, away_time, others_may_be_away
from cardtable.client.ui.table_context import TableContext


class AwaySeats:
    """The away players' seats at one table, and what we may do about them."""

    def __init__(self, table: TableContext) -> None:
        self.table = table

    def seats(self, *, covered: bool) -> list[tuple[int, str]]:
        """The seats of other players who are away (with `covered`, those a bot plays for them
        too), each with its player's name."""
        state = self.table.state
        if state is None:
            return []
        return [
            (seat.seat, state.name(seat.seat))
            for seat in state.summary.seats
            if away(seat) and seat.seat != state.seat and (covered or not seat.covered)
        ]

    def may_cover(self) -> bool:
        """Whether `A` may hand an away seat to a bot now (or vote to)."""
        table, state = self.table, self.table.state
        return (
            state is not None
            and state.playing
            and (state.seat is not None or table.is_creator())
            and bool(self.seats(covered=False))
        )

    def may_release(self) -> bool:
        return self.table.is_creator() and bool(self.seats(covered=True))

    def may_set_policy(self) -> bool:
        state = self.table.state
        return self.table.is_creator() and state is not None and others_may_be_away(state)

    def _pick_seat(
        self, seats: list[tuple[int, str]], question: str, then: Callable[[int, str], None]
    ) -> None:
        """Call `then(seat, name)` with the only seat of `seats`, or the one chosen of several."""
        if len(seats) == 1:
            then(*seats[0])
            return
        names = dict(seats)

        def chosen(seat: int | None) -> None:
            if seat is not None:
                then(seat, names[seat])

        self.table.screen.app.push_screen(SeatChooser(question, seats), chosen)

    def cover(self) -> None:
        """Hand an away player's seat to a bot: at once for the creator, else a vote."""
        table = self.table
        screen, table_id = table.screen, table.table_id

        def cover(seat: int, name: str) -> None:
            def answered(_: None) -> None:
                session = table.session
                summary = session.tables.get(table_id) if session else None
                if summary and summary.seats[seat].covered:
                    screen.notify(f"A bot plays for {name} now.", markup=False)
                else:
                    screen.notify(
                        f"Your vote to let a bot play for {name} is counted: a bot takes over "
                        "once most of the players here agree.",
                        markup=False,
                    )

            host(screen).ask(
                screen, lambda session: session.cover(table_id, seat), answered, table.refused
            )

        question = (
            "Which seat does a bot play now?"
            if table.is_creator()
            else "Vote to let a bot play for whom?"
        )
        self._pick_seat(self.seats(covered=False), question, cover)

    def release(self) -> None:
        """The creator gives an away player's seat up for good, after asking."""
        table = self.table
        screen, table_id = table.screen, table.table_id

        def release(seat: int, name: str) -> None:
            def answered(_: None) -> None:
                screen.notify(f"{name}'s seat is open for someone else to sit in.", markup=False)

            def confirmed(yes: bool | None) -> None:
                if yes:
                    host(screen).ask(
                        screen,
                        lambda session: session.release(table_id, seat),
                        answered,
                        table.refused,
                    )

            screen.app.push_screen(
                Confirm(
                    f"Give {name}'s seat up? {name}'s token stops working and whoever sits "
                    "there next plays on with the hand."
                ),
                confirmed,
            )

        self._pick_seat(self.seats(covered=True), "Give whose seat up?", release)

    def set_policy(self) -> None:
        """The creator sets how long a player may be away before a bot covers them."""
        table = self.table
        if table.state is None:
            return
        screen, table_id = table.screen, table.table_id

        def chosen(choice: AwayTime | None) -> None:
            if choice is None:
                return
            seconds = choice.seconds

            def answered(_: None) -> None:
                words = away_words(seconds)
                screen.notify(words[0].upper() + words[1:] + ".", markup=False)

            host(screen).ask(
                screen,
                lambda session: session.configure(table_id, away_bot_after=seconds),
                answered,
                table.refused,
            )

        screen.app.push_screen(AwayPolicy(away_time(table.state)), chosen)
