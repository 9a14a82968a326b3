"""The Nobility board's keys and clicks: each move is one of the view's legal actions, and
where a move has several targets, each gets a letter (`LETTERS`)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding

from cardtable.client.ui.boards.base import draw_keys, hand_keys, scroll_keys, unmark_key
from cardtable.client.ui.boards.nobility.drawing import NobilityDrawing
from cardtable.client.ui.boards.nobility.faces import face
from cardtable.client.ui.boards.nobility.reading import LETTERS, Target, prompt
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal, GameAction
from cardtable.engine.nobility import actions

#: The moves that go onto a meld.
OnMeld = actions.Extend | actions.Defend | actions.Corrupt
#: The moves a key starts, by the key's action.
STARTS: dict[str, type[GameAction]] = {
    "meld": actions.MeldCards,
    "extend": actions.Extend,
    "defend": actions.Defend,
    "joker": actions.Corrupt,
    "claim": actions.Claim,
    "battle": actions.Battle,
    "merge": actions.Merge,
    "discard": actions.Discard,
}


class NobilityBoard(NobilityDrawing):
    """Nobility, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "nobility"
    MOVES = {
        "draw": actions.Draw(),
        "deal": Deal(),
        "take": actions.Take(),
        "done": actions.Done(),
        "ready": actions.Ready(),
        "pass": actions.Pass(),
    }

    BINDINGS = [
        *hand_keys("Mark"),
        *draw_keys(),
        Binding("t", "make('take')", "Take"),
        Binding("m", "meld", "Meld"),
        Binding("e", "extend", "Extend"),
        Binding("f", "defend", "Defend"),
        Binding("j", "joker", "Joker"),
        Binding("i", "claim", "Claim"),
        Binding("b", "battle", "Battle"),
        Binding("r", "retrieve", "Retrieve"),
        Binding("w", "merge", "Merge"),
        Binding("enter", "make('done')", "Done", key_display="⏎"),
        Binding("full_stop", "make('done')", "Done", show=False),
        Binding("x", "discard", "Discard"),
        Binding("g", "give_up", "Give up"),
        Binding("y", "make('ready')", "Ready"),
        Binding("p", "make('pass')", "Pass"),
        unmark_key("Unmark"),
        *scroll_keys(),
        *LETTERS.bindings(),
    ]

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        if self.state is None or state.view is not self.state.view:
            self.asking, self.choices = "", []  # targets of the view before
        self.follow(state)
        self._draw()
        if self.is_mounted:
            self.refresh_bindings()

    def seat_note(self, state: TableState, seat: int) -> str:
        view = self.view_of(state)
        if view is None:
            return ""
        # The provinces are in the seat's area: the panel has room for the hand and money.
        table = view.table
        return f"hand {table.hand_counts[seat]} · money {table.money[seat]}"

    def prompt(self, state: TableState) -> str:
        return prompt(state, self.view_of(state))

    # -- the player's keys and clicks -----------------------------------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retrieve":
            return bool(self.of_type(actions.Retrieve, actions.Recall))
        if action == "give_up":
            return bool(self.of_type(actions.GiveUp))
        if action in STARTS:
            return bool(self.of_type(STARTS[action]))
        if action in ("move", "move_to", "select"):
            return bool(self.cards) and self.me is not None
        if action == "unselect":
            return bool(self.picked or self.choices)
        if action == "pick":
            index = parameters[0] if parameters else -1
            return isinstance(index, int) and LETTERS.find(index, self.targets()) is not None
        return True

    def _forget_choices(self) -> None:
        if self.choices:
            self.asking, self.choices = "", []
            self.refresh_bindings()

    def action_stock(self) -> None:
        """A click on the stock: draw."""
        if not self.make_if_legal(actions.Draw()) and self.moves:
            self.notify("You draw only at the start of your turn.", severity="warning")

    def action_pile(self) -> None:
        """A click on the stock discard pile: take its top card, or discard onto it."""
        if not self.make_if_legal(actions.Take()) and self.of_type(actions.Discard):
            self.action_discard()

    def action_meld(self) -> None:
        melds = self.of_type(actions.MeldCards)
        if not melds:
            return
        if not self.picked:
            self._suggest_meld(melds)
            return
        action = actions.MeldCards(tuple(sorted(self.picked)))
        if action in melds:
            self.make(action)
        else:
            self.notify(self.meld_problem(), severity="warning")

    def _suggest_meld(self, melds: list[actions.MeldCards]) -> None:
        """Mark a meld to make: one with the card under the cursor if there is one, the
        longest."""
        best = max(melds, key=lambda action: (self.cursor in action.cids, len(action.cids)))
        self.picked = list(best.cids)
        self._changed()

    def _one_card(
        self, kind: type[actions.Extend | actions.Defend | actions.Claim], verb: str, wrong: str
    ) -> int | None:
        """The one card chosen for a move of `kind`, or None (with a notice why not)."""
        chosen = self.chosen()
        if len(chosen) != 1:
            self.notify(f"Mark one card to {verb} with (u unmarks).", severity="warning")
            return None
        if not any(action.cid == chosen[0] for action in self.of_type(kind)):
            card = self.card(chosen[0])
            self.notify(wrong.format(card=face(card) if card else "card"), severity="warning")
            return None
        return chosen[0]

    def _ask(self, asking: str, moves: list[GameAction]) -> None:
        """Send the one action, or letter each target and ask which."""
        if len(moves) == 1:
            self.make(moves[0])
            return
        self.asking, self.choices = asking, LETTERS.assign(self.target_of(a) for a in moves)
        self._changed()
        self.notify(f"{asking}: press {', '.join(entry.key for entry in self.choices)}.")

    def action_extend(self) -> None:
        cid = self._one_card(actions.Extend, "extend", "The {card} extends no meld at either end.")
        if cid is not None:
            self._ask("Extend which meld", self._by_meld(self.of_type(actions.Extend), cid))

    def action_defend(self) -> None:
        wrong = "The {card} defends none of your melds: a noble of its suit."
        cid = self._one_card(actions.Defend, "defend", wrong)
        if cid is not None:
            self._ask("Defend which meld", self._by_meld(self.of_type(actions.Defend), cid))

    def action_joker(self) -> None:
        jokers = self.of_type(actions.Corrupt)
        if not jokers:
            return
        chosen = self.chosen()
        one = len(chosen) == 1 and any(a.cid == chosen[0] for a in jokers)
        cid = chosen[0] if one else jokers[0].cid  # the Joker in the hand, whatever the cursor
        self._ask("Put the Joker on which meld", self._by_meld(jokers, cid))

    def _by_meld(self, moves: Sequence[OnMeld], cid: int) -> list[GameAction]:
        """`cid`'s actions, in the order the melds are drawn."""
        order = {mid: n for n, mid in enumerate(self.drawn_melds())}
        mine = [action for action in moves if action.cid == cid]
        mine.sort(key=lambda action: order.get(action.meld, 0))
        return list(mine)

    def action_claim(self) -> None:
        cid = self._one_card(actions.Claim, "claim", "Only a noble claims income.")
        if cid is not None:
            self.make(actions.Claim(cid))

    def action_battle(self) -> None:
        battles = self.of_type(actions.Battle)
        if not battles:
            return
        if not self.picked:
            # every noble that may attack (all of ours); b again chooses the target
            self.picked = sorted({cid for action in battles for cid in action.cids})
            self._changed()
            self.notify("Your nobles are marked (space unmarks one): b again to attack.")
            return
        cids = tuple(sorted(self.picked))
        found = [action for action in battles if action.cids == cids]
        if not found:
            self.notify("Attack with two or more nobles from your hand.", severity="warning")
            return
        order = {mid: n for n, mid in enumerate(self.drawn_melds())}

        def place(action: actions.Battle) -> tuple[int, int]:
            if action.meld is not None:
                return (order.get(action.meld, 0), -1)
            return (99, action.hand if action.hand is not None else -1)

        found.sort(key=place)
        self._ask(f"Attack with {len(cids)} nobles: which meld or hand", list(found))

    def action_retrieve(self) -> None:
        """Retrieve a noble from the noble pile (or recall one of your defenders): letters on
        the nobles, then on where a noble goes when it could go onto a meld."""
        retrievals = self.of_type(actions.Retrieve)
        recalls = self.of_type(actions.Recall)
        if not retrievals and not recalls:
            return
        targets: list[Target] = []
        for cid in dict.fromkeys(action.cid for action in retrievals):
            ways: list[GameAction] = [action for action in retrievals if action.cid == cid]
            label = self.noble_face(cid)
            if len(ways) == 1:
                targets.append(Target(label, ways[0], noble=cid))
            else:
                targets.append(Target(label, None, noble=cid, then=ways))
        for recall in recalls:
            label = f"recall {self.noble_face(recall.cid)}"
            targets.append(Target(label, recall, card=recall.cid))
        lettered = LETTERS.assign(targets)
        if len(lettered) == 1 and lettered[0].item.action is not None:
            self.make(lettered[0].item.action)
            return
        self.asking, self.choices = "Retrieve which noble (15 each; recall is free)", lettered
        self._changed()

    def action_merge(self) -> None:
        merges: list[GameAction] = list(self.of_type(actions.Merge))
        if merges:
            self._ask("Merge all your melds into whose", merges)

    def action_discard(self) -> None:
        chosen = self.chosen()
        table = self.tbl
        taken = table.taken if table else None
        discards = self.of_type(actions.Discard)
        if len(chosen) == 1 and actions.Discard(chosen[0]) in discards:
            self.make(actions.Discard(chosen[0]))
        elif len(chosen) == 1 and taken and chosen[0] == taken.cid and discards:
            self.notify(
                f"You took {face(taken)} from the pile this turn: discard another card.",
                severity="warning",
            )
        elif discards:
            self.notify("Mark one card to discard (u unmarks).", severity="warning")
        elif actions.Done() in self.moves:
            self.notify("Press enter when you are done; then discard.", severity="warning")

    def action_give_up(self) -> None:
        options = self.of_type(actions.GiveUp)
        if not options:
            return
        if self.cursor is not None and actions.GiveUp(self.cursor) in options:
            self.make(actions.GiveUp(self.cursor))
        elif len(options) == 1:
            self.make(options[0])
        else:
            keys = ", ".join(entry.key for entry in self.targets())
            self.notify(f"Which noble do you give up? Press {keys}.")

    def action_pick(self, index: int) -> None:
        target = LETTERS.find(index, self.targets())
        if target is not None:
            self._choose(target)

    def _choose(self, target: Target) -> None:
        if target.action is not None:
            self.make(target.action)
            return
        # A noble that may go to our hand or onto a meld: where?
        self._ask(f"Retrieve {target.label} to", target.then)

    def _target_on(self, what: str, value: int) -> Target | None:
        return next((e.item for e in self.targets() if getattr(e.item, what) == value), None)

    def action_target_meld(self, mid: int) -> None:
        """A click on a meld: the target being chosen, else the marked card's move there."""
        target = self._target_on("meld", mid)
        if target is not None:
            self._choose(target)
            return
        chosen = self.chosen()
        found: list[GameAction] = [
            a
            for a in self.moves
            if isinstance(a, (actions.Extend, actions.Defend, actions.Corrupt))
            and len(chosen) == 1
            and a.cid == chosen[0]
            and a.meld == mid
        ]
        marked = tuple(sorted(self.picked))
        found += [a for a in self.of_type(actions.Battle) if a.meld == mid and a.cids == marked]
        if len(found) == 1:
            self.make(found[0])
        elif self.moves:
            self.notify("The marked cards can do nothing with that meld.", severity="warning")

    def action_target_seat(self, seat: int) -> None:
        """A click on a seat's heading: attack its hand or merge into it (when being chosen)."""
        target = self._target_on("seat", seat)
        if target is not None:
            self._choose(target)

    def action_target_noble(self, cid: int) -> None:
        target = self._target_on("noble", cid)
        if target is None and self.of_type(actions.Retrieve) and not self.choices:
            self.action_retrieve()
            target = self._target_on("noble", cid)
        if target is not None:
            self._choose(target)

    def action_target_card(self, cid: int) -> None:
        target = self._target_on("card", cid)
        if target is not None:
            self._choose(target)

    def action_option(self, index: int) -> None:
        """A click on a choice in the line under the hand's heading."""
        targets = self.targets()
        if index < len(targets):
            self._choose(targets[index].item)

    def make(self, action: GameAction) -> None:
        self.picked, self.asking, self.choices = [], "", []
        self.choose(action)
        self._changed()


__all__ = ["NobilityBoard"]
