"""The Nobility board's three sheets: the top (stock, pile, bank, politics and news), the seats'
areas (the noble pile, each seat's heading and melds by suit) and the hand."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import Row, clicks, waiting_rows
from cardtable.client.ui.boards.nobility.faces import (
    EVENT,
    GOOD,
    HINT,
    NEWS,
    SUITS,
    ink,
    key_text,
    meld_text,
    suit_text,
    tile,
)
from cardtable.client.ui.boards.nobility.reading import NobilityReading
from cardtable.client.ui.boards.sheet import changed_mark, pack_text, sheet_text
from cardtable.engine.nobility.actions import (
    Battle,
    Claim,
    Defend,
    Done,
    Draw,
    Extend,
    MeldCards,
    Pass,
    Ready,
)
from cardtable.engine.nobility.pieces import (
    BattleView,
    OwedView,
)
from cardtable.engine.nobility.types import NobilityTable


class NobilityDrawing(NobilityReading):
    """Draws the view; `NobilityBoard` adds the keys and clicks."""

    def _reveal(self) -> None:
        """Keep the cursor card in sight, and the first target when one is being chosen."""
        super()._reveal()
        if self.is_mounted and self.targets():
            self._scroll_to_mark("nobility-table", self.area_rows(), "nobility-areas")

    def top_text(self, width: int) -> str:
        return sheet_text(self.top_rows(), width)

    def hand_text(self, width: int) -> str:
        return sheet_text(self.hand_rows(), width)

    # -- the top ------------------------------------------------------------------------------

    def top_rows(self) -> list[Row]:
        table = self.tbl
        if table is None:
            return waiting_rows()
        stock = pack_text("Stock", table.stock, "stock")
        discards = table.stock_discard
        pile = Text(f"Pile ×{len(discards)}")
        if discards:
            pile.append(" ")
            pile.append_text(changed_mark(discards[-1].cid in self.recent_discards()))
            pile.append_text(tile(discards[-1]))
        pile.stylize(clicks(("pile",)))
        bank = Text(f"Bank {table.bank}", style="bold")
        rows = [Row(Text(), [stock, pile, bank])]
        rows.append(Row(Text(), self.politics(table)))
        news = self.news(table)
        if news:
            rows.append(Row(Text(), news))
        return rows

    def politics(self, table: NobilityTable) -> list[Text]:
        """The elections, the majority, the coalition and our open offers."""
        elections = Text(f"Elections {table.elections}/{table.last_election}")
        majority = Text("Majority ")
        if table.majority:
            majority.append(" & ".join(self.seat_name(s) for s in table.majority), style=GOOD)
        else:
            majority.append("none", style="dim")
        coalition = Text("Coalition ")
        if table.coalition:
            coalition.append(" & ".join(self.seat_name(s) for s in table.coalition), style="bold")
        else:
            coalition.append("none", style="dim")
        pieces = [elections, majority, coalition]
        offers = len(table.offers)
        if offers:
            word = "offer" if offers == 1 else "offers"
            pieces.append(Text(f"{offers} open {word} (chat)", style=NEWS))
        return pieces

    def news(self, table: NobilityTable) -> list[Text]:
        """The election, the endgame, a choice owed, the battle being settled, a won hand, the
        rubber just ended."""
        pieces: list[Text] = []
        if table.phase == "election":
            text = Text(f"Election {table.elections} is on", style=EVENT)
            names = ", ".join(self.seat_name(s) for s in table.ready)
            text.append(f" · ready: {names or 'nobody yet'}")
            waiting = [s for s in range(len(table.money)) if s not in table.ready]
            if waiting:
                text.append(f" · waiting for {', '.join(self.seat_name(s) for s in waiting)}")
            pieces.append(text)
        if table.endgame:
            text = Text("Endgame", style=EVENT)
            text.append(f" · passes {table.passes} of 3")
            text.append(f" · {table.endgame_turns_left} turns left")
            pieces.append(text)
        if table.battle is not None:
            pieces.append(self._battle_text(table.battle))
        if table.owed is not None:
            pieces.append(self._owed_text(table.owed))
        if table.won_hand:
            pieces.append(Text(f"{self.seat_name(table.turn)} took a hand in battle", style="bold"))
        view = self.nv
        if view is not None and view.awaiting_deal and view.round_scores:
            last = view.round_scores[-1]
            winners = [s for s, lines in enumerate(last.lines) if lines]
            who = ", ".join(self.seat_name(s) for s in winners) or "nobody"
            pieces.append(Text(f"Rubber {last.round} won by {who}", style=GOOD))
        return pieces

    def _battle_text(self, battle: BattleView) -> Text:
        attacker, victim = self.seat_name(battle.attacker), self.seat_name(battle.victim)
        target = self.meld_label(battle.meld) if battle.meld is not None else f"{victim}'s hand"
        text = Text(f"Battle: {attacker} attacked {target}", style="bold")
        if battle.nobles:
            text.append(" with")
            for card in battle.nobles:
                text.append(" ")
                text.append_text(ink(card))
        text.append(" · won" if battle.won else " · lost", style="bold")
        return text

    def _owed_text(self, owed: OwedView) -> Text:
        why = {
            "spoils": "of the attacking nobles",
            "losses": "nobles lost in battle",
            "unpaid": "unpaid defenders (to the pile)",
        }[owed.kind]
        mine = owed.seat == self.me
        who = "You owe" if mine else f"{self.seat_name(owed.seat)} owes"
        text = Text(f"{who} {owed.count} {why}:", style=NEWS)
        keys = self.keys_on("card") if mine else {}
        if not owed.cards:
            text.append(" from the hand")
        for card in owed.cards:
            text.append(" ")
            piece = Text()
            if card.cid in keys:
                piece.append_text(key_text(keys[card.cid]))
            piece.append_text(ink(card))
            piece.stylize(clicks(("target_card", card.cid)))
            text.append_text(piece)
        return text

    # -- the seats' areas ---------------------------------------------------------------------

    def area_rows(self, level: int = 0) -> list[Row]:
        rows: list[Row] = []
        table = self.tbl
        if table is None or self.state is None:
            return rows
        rows.append(self._noble_row(table))
        under = table.stock_discard[:-1]
        if under:
            pieces = [ink(card) for card in reversed(under)]
            # Dim words only: a lead's own style would run on into the cards laid after it.
            lead = Text.assemble(("Under the pile's top: ", "dim"))
            rows.append(Row(lead, pieces, gap=1, more=Text("  ")))
        meld_keys = self.keys_on("meld")
        seat_keys = self.keys_on("seat")
        card_keys = self.keys_on("card")
        changed = self.changed_melds()
        for seat in self.seats_in_order():
            heading = self._heading(table, seat, seat_keys.get(seat))
            rows.append(Row(Text(), heading, {0} if seat in seat_keys else set(), gap=1))
            mine = [m for m in table.melds if m.owner == seat]
            if not mine:
                rows.append(Row(Text("  "), [Text("no melds", style="dim")]))
            for suit in SUITS:
                melds = [m for m in mine if m.suit == suit]
                if not melds:
                    continue
                pieces = [suit_text(suit)]
                marked = set()
                for meld in melds:
                    if meld.id in meld_keys or any(d.cid in card_keys for d in meld.defenders):
                        marked.add(len(pieces))
                    text = meld_text(meld, meld_keys.get(meld.id), card_keys)
                    pieces.append(changed_mark(meld.id in changed) + text)
                rows.append(Row(Text("  "), pieces, marked, gap=2, more=Text("    ")))
        return rows

    def _noble_row(self, table: NobilityTable) -> Row:
        nobles = table.noble_discard
        keys = self.keys_on("noble")
        lead = Text.assemble((f"Noble pile ×{len(nobles)}: ", "dim"))
        if not nobles:
            return Row(lead, [Text("empty", style="dim")])
        pieces = []
        marked = set()
        shown: set[int] = set()
        for index, card in enumerate(reversed(nobles)):  # the top first
            piece = Text()
            if card.cid in keys and card.cid not in shown:
                piece.append_text(key_text(keys[card.cid]))
                marked.add(index)
                shown.add(card.cid)
            piece.append_text(ink(card))
            piece.stylize(clicks(("target_noble", card.cid)))
            pieces.append(piece)
        return Row(lead, pieces, marked, gap=1, more=Text("  "))

    def _heading(self, table: NobilityTable, seat: int, key: str | None) -> list[Text]:
        """``Tess (you) ▶ · money 45 · 12 provinces · hand 3 · claim pays ♣3 ♥4``, with the
        majority and the coalition marked; pieces wrap between them."""
        mine = seat == self.me
        name = Text()
        if key:
            name.append_text(key_text(key))
            name.append(" ")
        name.append(
            self.seat_name(seat) + (" (you)" if mine else ""),
            style=Style(bold=True, underline=mine),
        )
        if self.to_move(seat, table.turn) and table.phase != "election":
            name.append(" ▶", style=NEWS)
        if seat in table.majority:
            name.append(" ★majority", style=GOOD)
        if seat in table.coalition:
            name.append(" ⚭coalition", style="bold")
        name.stylize(clicks(("target_seat", seat)))
        pieces = [name]
        pieces.append(Text(f"· money {table.money[seat]}", style="bold"))
        pieces.append(Text(f"· {table.provinces[seat]} provinces"))
        pieces.append(Text(f"· hand {table.hand_counts[seat]}"))
        if table.phase == "election" and seat in table.ready:
            pieces.append(Text("· ready", style=EVENT))
        claim = Text("· claim pays")
        for suit in SUITS:
            amount = table.income[suit][seat]
            claim.append(" ")
            claim.append_text(suit_text(suit))
            claim.append(str(amount), style="bold" if amount else "dim")
        pieces.append(claim)
        return pieces

    # -- the hand -----------------------------------------------------------------------------

    def hand_rows(self) -> list[Row]:
        table = self.tbl
        if table is None:
            return []
        if self.me is None or table.hand is None:
            return self.watching_rows()
        cards = self.hand_row(
            table.hand,
            lambda card, cursor, marked: tile(
                card, cursor=cursor, marked=marked, click=("card", card.cid)
            ),
        )
        rows = [Row(Text(), [self._hand_heading()])]
        if self.choices:
            pieces = [Text(f"{self.asking}?", style="italic")]
            for index, entry in enumerate(self.choices):
                piece = key_text(entry.key)
                piece.append(" " + entry.item.label)
                piece.stylize(clicks(("option", index)))
                pieces.append(piece)
            pieces.append(Text("(u cancels)", style="dim"))
            rows.append(Row(Text(), pieces))
        rows.append(cards if cards.pieces else Row(Text(), [Text("empty", style="dim")], gap=0))
        return rows

    def _hand_heading(self) -> Text:
        """``Your hand (4)``, with what the marked cards can do now (clickable)."""
        heading = Text(f"Your hand ({len(self.cards)})", style="bold")
        legal = self.moves
        if not legal:
            return heading
        if self.picked:
            marked = tuple(sorted(self.picked))
            heading.append(f" · {len(self.picked)} marked")
            if MeldCards(marked) in legal:
                heading.append(" · m: meld", style=HINT + clicks(("meld",)))
            if any(a.cids == marked for a in self.of_type(Battle)):
                heading.append(" · b: battle", style=HINT + clicks(("battle",)))
        chosen = self.chosen()
        one = chosen[0] if len(chosen) == 1 else None
        for kind, words, name in (
            (Extend, "e: extend", "extend"),
            (Defend, "f: defend", "defend"),
            (Claim, "i: claim", "claim"),
        ):
            if any(isinstance(a, kind) and a.cid == one for a in legal):
                heading.append(f" · {words}", style=HINT + clicks((name,)))
        for action, words, name in (
            (Draw(), "d: draw", "draw"),
            (Done(), "⏎: done", "done"),
            (Ready(), "y: ready", "ready"),
            (Pass(), "p: pass", "pass"),
        ):
            if action in legal:
                heading.append(f" · {words}", style=HINT + clicks(("make", name)))
        if not self.picked and self.of_type(MeldCards):
            heading.append(" · m: meld", style=HINT + clicks(("meld",)))
        return heading
