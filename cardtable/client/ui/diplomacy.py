"""Deals in the chat panel, for games with offers (Nobility): the commands typed to make and
answer them, and the lines that show them in the private channel of the other party.

Commands (case does not matter; NAME may be left out in that player's private channel)::

    /offer [NAME] TERMS      e.g. /offer Bo give 20 meld 3 get meld 5 coalition
    /accept [N]   /decline [N]   /withdraw [N]

TERMS are read left to right: ``give`` (or pay) and ``get`` (or for, ask, want) say which way
what follows goes (``give`` until said otherwise); a number is money; ``meld N`` one meld and
``melds N,M`` (or ``melds N M``, ``melds N and M``) several; ``coalition`` or ``form`` forms a
coalition and ``dissolve`` ends ours. ``and``, commas, ``+`` and ``nothing`` are skipped.
Without N, an answer is about the latest open offer in the channel.

Everything here is pure: the engine is the judge of what an offer may contain; only the words are
checked before anything is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from cardtable.client.ui.plain import clean
from cardtable.engine import GameSpec
from cardtable.engine.nobility.text import deal_text, offer_text, person, verb_of
from cardtable.engine.nobility.types import TYPES, DealDone, OfferClosed, OfferMade
from cardtable.wire.codec import WireError

#: The free actions a game must have for these commands.
OFFER_KINDS = frozenset({"offer", "accept", "decline", "withdraw"})
ANSWERS = ("accept", "decline", "withdraw")
USAGE = "/offer NAME give 20 meld 3 get meld 5 coalition"
HELP = (
    "Commands: /msg NAME text · /offer NAME give … get … (money, meld N, melds N,M, coalition,"
    " dissolve) · /accept N · /decline N · /withdraw N"
)
#: How a deal's line looks in the chat, unlike the players' own lines.
NOTE_STYLE = "italic cyan"
OPEN_STYLE = "bold cyan"

_GIVE = {"give", "gives", "pay", "pays"}
_GET = {"get", "gets", "for", "ask", "asks", "want", "wants", "take", "receive"}
_SKIP = {"and", "&", "+", "plus", "with", "nothing", "a", "the", "our", "money", "gold", "coins"}
_FORM = {"coalition", "form", "ally"}
_DISSOLVE = {"dissolve", "break", "end"}
_MELD = {"meld", "melds", "m"}
_AND = {"and", "&", "+"}


def has_diplomacy(spec: GameSpec) -> bool:
    """Whether the game's players make offers to one another (free actions)."""
    return spec.types.free_kinds >= OFFER_KINDS


def seat_channel(seat: int) -> str:
    return f"seat:{seat}"


def _channel_seat(channel: str) -> int | None:
    return int(channel.split(":")[1]) if channel.startswith("seat:") else None


# -- what is typed --------------------------------------------------------------------------------


def parse_command(
    text: str,
    channel: str,
    me: int | None,
    names: Sequence[str],
    offers: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any] | str | None:
    """The action a typed diplomacy command asks for, or a sentence saying what is wrong with
    it, or None when `text` is no command of ours (a chat line, or ``/msg``).

    `names` holds every seat's name (bots too); `offers` the open offers we are party to, as the
    view lists them (for an answer without a number).
    """
    text = text.strip()
    if not text.startswith("/") or text == "/msg" or text.startswith("/msg "):
        return None
    command, _, rest = text.partition(" ")
    command = command[1:].lower()
    if command not in ("offer", *ANSWERS):
        return HELP
    if me is None:
        return "Only the players at the table make and answer offers."
    if command == "offer":
        return _offer(rest.strip(), channel, me, names)
    return _answer(command, rest.strip(), channel, me, offers)


def _offer(rest: str, channel: str, me: int, names: Sequence[str]) -> dict[str, Any] | str:
    named = match_name(rest, names)
    if named is not None:
        seat, rest = named
    else:
        found = _channel_seat(channel)
        if found is None:
            return f"Say whom the offer is for: {USAGE}"
        seat = found
    if seat == me:
        return "You cannot make an offer to yourself."
    terms = parse_terms(rest)
    if isinstance(terms, str):
        return terms
    return {"kind": "offer", "to": seat, **terms}


def match_name(text: str, names: Sequence[str]) -> tuple[int, str] | None:
    """The seat whose name `text` starts with, and the rest of `text`. The longest name wins;
    a name's ending in brackets (``Ada (bot)``) may be left out."""
    candidates: list[tuple[str, int]] = []
    for seat, name in enumerate(names):
        if not name:
            continue
        candidates.append((name, seat))
        short = name.rsplit(" (", 1)[0] if name.endswith(")") else name
        if short and short != name:
            candidates.append((short, seat))
    lowered = text.lower() + " "
    for name, seat in sorted(candidates, key=lambda item: -len(item[0])):
        if lowered.startswith(name.lower() + " "):
            return seat, text[len(name) :].strip()
    return None


def _tokens(text: str) -> list[str]:
    return text.lower().replace(",", " ").replace(";", " ").split()


def _number(token: str) -> int | None:
    token = token.lstrip("#$")
    return int(token) if token.isascii() and token.isdigit() else None


def _number_at(tokens: Sequence[str], index: int) -> bool:
    return index < len(tokens) and _number(tokens[index]) is not None


def parse_terms(text: str) -> dict[str, Any] | str:
    """An offer's terms (the engine's keys, only those that say something), or what is wrong."""
    tokens = _tokens(text)
    money = {"give": 0, "get": 0}
    melds: dict[str, list[int]] = {"give": [], "get": []}
    coalition: str | None = None
    side = "give"
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token in _GIVE:
            side = "give"
        elif token in _GET:
            side = "get"
        elif token in _FORM or token in _DISSOLVE:
            wanted = "form" if token in _FORM else "dissolve"
            if coalition not in (None, wanted):
                return "A coalition is either formed or dissolved, not both."
            coalition = wanted
            while index < len(tokens) and tokens[index] in ("a", "the", "our", "coalition"):
                index += 1
        elif token in _MELD:
            many = token != "meld"
            numbers: list[int] = []
            while index < len(tokens):
                number = _number(tokens[index])
                if number is not None:
                    numbers.append(number)
                    index += 1
                    if not many:
                        break
                elif many and numbers and tokens[index] in _AND and _number_at(tokens, index + 1):
                    index += 1
                else:
                    break
            if not numbers:
                return f"Say which meld by its number, as in “meld 3”. {USAGE}"
            melds[side].extend(numbers)
        elif (number := _number(token)) is not None:
            if money[side]:
                return f"Say the money to {side} once, as one amount."
            money[side] = number
        elif token in _SKIP:
            continue
        else:
            return f"“{token}” is not part of an offer. Use: {USAGE}"
    for way in ("give", "get"):
        if len(set(melds[way])) != len(melds[way]):
            return "A meld is named twice in the offer."
    terms: dict[str, Any] = {}
    for way in ("give", "get"):
        if money[way]:
            terms[f"{way}_money"] = money[way]
        if melds[way]:
            terms[f"{way}_melds"] = melds[way]
    if coalition is not None:
        terms["coalition"] = coalition
    if not terms:
        return f"Say what you give or ask for: {USAGE}"
    return terms


def _answer(
    command: str, rest: str, channel: str, me: int, offers: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | str:
    words = [word for word in _tokens(rest) if word not in ("offer", "deal", "to")]
    if words:
        number = _number(words[0]) if len(words) == 1 else None
        if number is None:
            return f"Name the offer by its number: /{command} 4"
        return {"kind": command, "deal": number}
    mine = "from" if command == "withdraw" else "to"
    other = "to" if command == "withdraw" else "from"
    candidates = [offer for offer in offers if offer.get(mine) == me]
    seat = _channel_seat(channel)
    if seat is not None:
        candidates = [offer for offer in candidates if offer.get(other) == seat]
    if not candidates:
        what = "You have made no open offer" if command == "withdraw" else "No offer to you is open"
        return what + (" in this channel." if seat is not None else ".")
    if seat is None and len(candidates) > 1:
        return f"Which offer? Name it by its number: /{command} N"
    return {"kind": command, "deal": max(int(offer["deal"]) for offer in candidates)}


# -- what is shown --------------------------------------------------------------------------------


class Negotiations:
    """The lines that show offers and deals in our private channels. Remembers who made each
    offer to whom in the current game (only), since a closed offer's event names only its
    number."""

    def __init__(self) -> None:
        self._parties: dict[tuple[int, int], tuple[int, int]] = {}
        self._game: int | None = None

    def rebuild(
        self, log: Sequence[Mapping[str, Any]], game: int, me: int | None, names: Sequence[str]
    ) -> list[dict[str, Any]]:
        """The lines for a whole game's log (after joining or reconnecting)."""
        self._parties.clear()
        return self.notes(log, game, me, names)

    def notes(
        self,
        events: Sequence[Mapping[str, Any]],
        game: int,
        me: int | None,
        names: Sequence[str],
    ) -> list[dict[str, Any]]:
        """The chat lines for the offers and deals among `events` that `me` is party to.

        Each is a dict like a chat line (``id``, ``from``, ``from_seat``: who acted, None when
        nobody did) with its ``channel`` and the words in ``note``; ``answer`` is true on the
        other party's answer to our offer (accepted or declined)."""
        if game != self._game:
            self._parties.clear()  # the offers of earlier games are closed for good
            self._game = game
        lines = []
        for event in events:
            line = self._note(event, game, me, names)
            if line is not None:
                lines.append(line)
        return lines

    def _note(
        self, event: Mapping[str, Any], game: int, me: int | None, names: Sequence[str]
    ) -> dict[str, Any] | None:
        try:
            seen = TYPES.event_from_wire(event)
        except WireError:
            return None
        kind = seen.kind
        if isinstance(seen.public, OfferMade):
            offer = seen.public.offer
            deal, maker, to = offer.deal, offer.maker, offer.to
            self._parties[(game, deal)] = (maker, to)
            if to == me:
                answer = f"/accept {deal} or /decline {deal}"
            else:
                answer = f"/withdraw {deal} to take it back"
            words = f"{offer_text(offer, names, me)} — {answer}"
            actor: int | None = maker
            answered = False
        elif isinstance(seen.public, OfferClosed):
            deal, how = seen.public.deal, seen.public.how
            if (game, deal) not in self._parties:
                return None
            maker, to = self._parties[(game, deal)]
            answered = how == "declined"
            if how == "declined":
                words, actor = _answered(to, me, "decline", maker, deal, names) + ".", to
            elif how == "withdrawn":
                who = person(maker, names, me, first=True)
                whose = "your" if maker == me else "their"
                words = f"{who} {verb_of(maker, me, 'withdraw')} {whose} offer {deal}."
                actor = maker
            elif how == "lapsed":
                words, actor = f"Offer {deal} has lapsed.", None
            else:
                words, actor = f"Offer {deal} is closed: {how}.", None
        elif isinstance(seen.public, DealDone):
            done = seen.public
            deal, maker, to = done.deal, done.maker, done.to
            accepted = _answered(to, me, "accept", maker, deal, names)
            words = f"{accepted}: {deal_text(done, names, me)}."
            actor = to
            answered = True
        else:
            return None
        if me not in (maker, to):
            return None
        other = to if maker == me else maker
        return {
            "id": f"deal:{game}:{deal}:{kind}",
            "channel": seat_channel(other),
            "note": words,
            "open": kind == "offer" and to == me,
            "answer": answered and maker == me,
            "from": names[actor] if actor is not None else "",
            "from_seat": actor,
        }


def _answered(
    seat: int, me: int | None, verb: str, maker: int, deal: int, names: Sequence[str]
) -> str:
    """``Bo declines your offer 1``, ``You accept Bo's offer 2``: `seat` answers `maker`."""
    whose = "your" if maker == me else f"{names[maker]}'s"
    return f"{person(seat, names, me, first=True)} {verb_of(seat, me, verb)} {whose} offer {deal}"


def is_note(line: Mapping[str, Any]) -> bool:
    return "note" in line


def note_text(line: Mapping[str, Any]) -> Text:
    """A deal's line: marked, and styled unlike what players write."""
    style = OPEN_STYLE if line.get("open") else NOTE_STYLE
    return Text("◆ " + clean(str(line["note"])), style=style)
