"""Nobility's battles (ruling 8): nobles attack a meld or a hand, the loser's nobles go to the
noble discard pile, and a choice owed (spoils, losses, unpaid upkeep) is given up noble by
noble. Each changes the game's `Position` and returns the events; the rules go on from there
(`Nobility` settles a battle once nothing is owed)."""

from __future__ import annotations

from cardtable.engine.events import Event
from cardtable.engine.nobility.actions import Battle
from cardtable.engine.nobility.cards import faces, hand_order, is_noble
from cardtable.engine.nobility.melding import lift_defender, unpaid
from cardtable.engine.nobility.phases import DISCARD
from cardtable.engine.nobility.state import Fight, Owed, Position
from cardtable.engine.nobility.types import Captured, Fought, HandTaken, Kept, TakenCards, ToNobles


def battle(game: Position, seat: int, action: Battle) -> list[Event]:
    """Fight `action`: the battle is settled unless someone is left owing a choice."""
    committed = list(action.cids)
    for cid in committed:
        game.hands[seat].remove(cid)
    meld = game.melds[action.meld] if action.meld is not None else None
    victim = meld.owner if meld is not None else action.hand
    assert victim is not None
    defenders = (
        list(meld.defenders)
        if meld is not None
        else [cid for cid in game.hands[victim] if is_noble(cid)]
    )
    attack, defence = len(committed), 1 + len(defenders)
    won = attack > defence
    game.battle = Fight(seat, committed, meld.id if meld else None, victim, won)
    game.phase = DISCARD
    fought = Fought(seat, victim, meld.id if meld else None, faces(committed), attack, defence, won)
    events = [Event(fought)]
    if victim in game.coalition and seat in game.coalition:
        events += game.end_coalition("a battle between the partners")
    if won:
        events += to_noble_pile(game, victim, defenders, "defenders lost")
        if meld is not None:
            meld.defenders = []
            meld.owner = seat
            events.append(Event(Captured(seat, meld.id, victim)))
        else:
            events += take_hand(game, seat, victim)
        spent = len(defenders) + 2
        if spent < attack:
            game.owed = Owed(seat, "spoils", spent, list(committed))
            return events
        events += to_noble_pile(game, seat, committed, "attackers spent")
        game.battle.committed = []
    else:
        events += to_noble_pile(game, seat, committed, "attackers spent")
        game.battle.committed = []
        lost = min(len(defenders), attack - 1)
        if 0 < lost < len(defenders):
            game.owed = Owed(victim, "losses", lost, defenders, hidden=meld is None)
            return events
        events += lose_defenders(game, victim, defenders[:lost])
    return events


def to_noble_pile(game: Position, seat: int, cids: list[int], why: str) -> list[Event]:
    """`cids` of `seat` go to the noble discard pile, `why`."""
    if not cids:
        return []
    game.nobles.extend(cids)
    return [Event(ToNobles(seat, faces(cids), why))]


def lose_defenders(game: Position, seat: int, cids: list[int]) -> list[Event]:
    """A defender's lost nobles leave her meld or hand for the noble discard pile."""
    for cid in cids:
        if cid in game.hands[seat]:
            game.hands[seat].remove(cid)
        else:
            lift_defender(game, cid)
    return to_noble_pile(game, seat, cids, "defenders lost")


def take_hand(game: Position, seat: int, victim: int) -> list[Event]:
    """A won hand: its nobles are lost, the rest goes to the attacker (privately)."""
    taken = [cid for cid in game.hands[victim] if not is_noble(cid)]
    game.hands[victim] = []
    game.hands[seat] = hand_order([*game.hands[seat], *taken])
    game.won_hand = True
    shown = TakenCards(faces(taken))
    return [Event(HandTaken(seat, victim, len(taken)), {seat: shown, victim: shown})]


def give_up(game: Position, seat: int, cid: int) -> list[Event]:
    """Give up noble `cid` of those owed; when the last is given, nothing is owed and the
    attacker keeps the spoils she did not spend (the rules go on with the claim or battle)."""
    owed = game.owed
    assert owed is not None
    owed.cards.remove(cid)
    owed.count -= 1
    if owed.kind == "unpaid":
        events = unpaid(game, seat, [cid])
    elif owed.kind == "losses":
        events = lose_defenders(game, seat, [cid])
    else:  # spoils
        assert game.battle is not None
        game.battle.committed.remove(cid)
        events = to_noble_pile(game, seat, [cid], "attackers spent")
    if owed.count > 0:
        return events
    game.owed = None
    if owed.kind == "spoils":
        assert game.battle is not None
        kept = game.battle.committed
        game.hands[seat] = hand_order([*game.hands[seat], *kept])
        game.battle.committed = []
        events.append(Event(Kept(seat, faces(kept))))
    return events
