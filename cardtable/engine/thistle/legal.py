"""What a Thistle seat may do now (rulings 6–11): its legal actions and the checks a capture
and a play must pass, read from the game's `Position`."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.thistle.cards import CLAN, DECK, clan_name
from cardtable.engine.thistle.groups import Group
from cardtable.engine.thistle.phases import FINAL, PLACE, START
from cardtable.engine.thistle.position import Position
from cardtable.engine.thistle.types import Capture, Draw, End, Place, Play


def legal_actions(game: Position, seat: int) -> list[GameAction]:
    if game.phase == PLACE:
        assert game.drawn is not None
        return [Place(group.id) for group in places_for(game, game.drawn)]
    if game.phase == START:
        return [*capture_actions(game, seat), Draw()]
    captures = capture_actions(game, seat) if game.phase == FINAL and not game.played else []
    return [*captures, *play_actions(game, seat), End()]


def capture_actions(game: Position, seat: int) -> list[GameAction]:
    """Ruling 10–11: every group this seat may capture, with each orphan it may add."""
    held = _clan_counts(game.hands[seat])
    actions: list[GameAction] = []
    for group in game.groups.values():
        if group.owner == seat or not group.capturable or held.get(group.clan, 0) < group.size:
            continue
        actions.append(Capture(group.id))
        if group.bonus is None:
            actions += [Capture(group.id, orphan) for orphan in game.orphans[seat]]
    return actions


def play_actions(game: Position, seat: int) -> list[GameAction]:
    """Ruling 7: each hand card onto each group of this side it may join."""
    targets = [group for group in game.groups.values() if game.may_build_on(seat, group)]
    actions: list[GameAction] = []
    for cid in game.hands[seat]:
        card = DECK[cid]
        for group in targets:
            if _fits(card.cid, group):
                actions.append(Play(cid, group.id))
    return actions


def places_for(game: Position, cid: int) -> list[Group]:
    """Ruling 6: the drawer's own groups the drawn card may go on (empty: none)."""
    card = DECK[cid]
    own = [group for group in game.groups.values() if group.owner == game.turn]
    if card.kind == CLAN:
        return [group for group in own if group.clan == card.clan]
    return [group for group in own if group.bonus is None]


def _clan_counts(cards: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for cid in cards:
        card = DECK[cid]
        if card.kind == CLAN and card.clan is not None:
            counts[card.clan] = counts.get(card.clan, 0) + 1
    return counts


def _fits(cid: int, group: Group) -> bool:
    """Whether hand card `cid` may join `group` (ruling 7)."""
    card = DECK[cid]
    if card.kind == CLAN:
        return card.clan == group.clan and not group.full
    return group.bonus is None


def checked_capture(game: Position, seat: int, group: Group, orphan: int | None) -> list[int]:
    """Rulings 10–11: the hand cards `seat` captures `group` with (adding `orphan`, if any), or
    the refusal (once the turn allows a capture)."""
    if group.owner == seat:
        raise IllegalAction("You cannot capture your own group.")
    if not group.capturable:
        raise IllegalAction(
            f"Only a group of 2 or 3 Clan cards can be captured; that one has {group.size}."
        )
    mine = [
        cid for cid in game.hands[seat] if DECK[cid].kind == CLAN and DECK[cid].clan == group.clan
    ]
    if len(mine) < group.size:
        raise IllegalAction(
            f"To capture {group.size} {clan_name(group.clan)} cards you need as many in your "
            f"hand; you have {len(mine)}."
        )
    if orphan is not None:
        if orphan not in game.orphans[seat]:
            raise IllegalAction("That card is not one of your set-aside bonus cards.")
        if group.bonus is not None:
            raise IllegalAction(
                "That group has a bonus card already, so a set-aside card cannot join it."
            )
    return mine[: group.size]


def check_play(game: Position, seat: int, cid: int, group: Group) -> None:
    """Ruling 7: refuses hand card `cid` onto `group` unless it may join it."""
    card = DECK[cid]
    if not game.may_build_on(seat, group):
        whose = "your own or your partner's groups" if game.partnership else "your own groups"
        raise IllegalAction(f"You may play from your hand only onto {whose}.")
    if card.kind == CLAN and card.clan != group.clan:
        raise IllegalAction(
            f"A {clan_name(card.clan or 0)} card cannot join a {clan_name(group.clan)} group."
        )
    if card.kind == CLAN and group.full:
        raise IllegalAction("That group has six Clan cards already; it cannot take a seventh.")
    if card.is_bonus and group.bonus is not None:
        raise IllegalAction("That group has a bonus card already; it can hold only one.")
