"""Deals in the chat panel, for games with offers (`GameSpec.diplomacy`, e.g. Nobility's): the
commands typed to make and answer them, and the lines that show them in the private channel of
the other party.

Commands (case does not matter; NAME may be left out in that player's private channel)::

    /offer [NAME] TERMS      e.g. /offer Bo give 20 meld 3 get meld 5 coalition
    /accept [N]   /decline [N]   /withdraw [N]

The game reads TERMS and words its offers and deals (its `Diplomacy` hook); this module keeps
the commands, the channels and who made each offer to whom. Without N, an answer is about the
latest open offer in the channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text

from cardtable.client.ui.plain import clean
from cardtable.engine import GameSpec
from cardtable.engine.diplomacy import DealNews, Diplomacy, number, tokens
from cardtable.engine.text import person, verb_of

ANSWERS = ("accept", "decline", "withdraw")


def help_line(diplomacy: Diplomacy) -> str:
    """The commands the chat takes, for a game with offers."""
    return (
        f"Commands: /msg NAME text · /offer NAME {diplomacy.terms_help} · /accept N ·"
        " /decline N · /withdraw N"
    )


#: How a deal's line looks in the chat, unlike the players' own lines.
NOTE_STYLE = "italic cyan"
OPEN_STYLE = "bold cyan"


def has_diplomacy(spec: GameSpec) -> bool:
    """Whether the game's players make offers to one another (it gives a diplomacy hook)."""
    return spec.diplomacy is not None


@dataclass(frozen=True, slots=True)
class OfferParties:
    """An open offer we are party to, as the view lists it: its number, who made it to whom."""

    deal: int
    maker: int
    to: int


@dataclass(frozen=True, slots=True)
class DealNote:
    """A line in our private channel with `channel`'s seat telling of an offer or a deal."""

    #: Tells one note from another: the game, the deal and the event's kind.
    id: str
    channel: str
    words: str
    #: An offer to us, waiting for our answer.
    open: bool
    #: The other party's answer to our offer (accepted or declined).
    answer: bool
    #: Who made the deal's move ("" and None when nobody did: it lapsed or closed).
    sender: str
    sender_seat: int | None


def seat_channel(seat: int) -> str:
    return f"seat:{seat}"


def _channel_seat(channel: str) -> int | None:
    return int(channel.split(":")[1]) if channel.startswith("seat:") else None


# -- what is typed --------------------------------------------------------------------------------


def parse_command(
    diplomacy: Diplomacy,
    text: str,
    channel: str,
    me: int | None,
    names: Sequence[str],
    offers: Sequence[OfferParties] = (),
) -> dict[str, object] | str | None:
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
        return help_line(diplomacy)
    if me is None:
        return "Only the players at the table make and answer offers."
    if command == "offer":
        return _offer(diplomacy, rest.strip(), channel, me, names)
    return _answer(command, rest.strip(), channel, me, offers)


def _offer(
    diplomacy: Diplomacy, rest: str, channel: str, me: int, names: Sequence[str]
) -> dict[str, object] | str:
    named = match_name(rest, names)
    if named is not None:
        seat, rest = named
    else:
        found = _channel_seat(channel)
        if found is None:
            return f"Say whom the offer is for: {diplomacy.usage}"
        seat = found
    if seat == me:
        return "You cannot make an offer to yourself."
    terms = diplomacy.read_terms(rest)
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


def _answer(
    command: str, rest: str, channel: str, me: int, offers: Sequence[OfferParties]
) -> dict[str, object] | str:
    words = [word for word in tokens(rest) if word not in ("offer", "deal", "to")]
    if words:
        deal = number(words[0]) if len(words) == 1 else None
        if deal is None:
            return f"Name the offer by its number: /{command} 4"
        return {"kind": command, "deal": deal}
    withdraw = command == "withdraw"
    seat = _channel_seat(channel)
    # (our place, the other party's, the deal): we withdraw the offers we made, and answer those
    # made to us; in a seat's channel, only those with that seat.
    parties = [((o.maker, o.to) if withdraw else (o.to, o.maker), o.deal) for o in offers]
    candidates = [deal for (mine, other), deal in parties if mine == me and seat in (None, other)]
    if not candidates:
        what = "You have made no open offer" if withdraw else "No offer to you is open"
        return what + (" in this channel." if seat is not None else ".")
    if seat is None and len(candidates) > 1:
        return f"Which offer? Name it by its number: /{command} N"
    return {"kind": command, "deal": max(candidates)}


# -- what is shown --------------------------------------------------------------------------------


class Negotiations:
    """The lines that show offers and deals in our private channels, in the words of the game's
    `diplomacy`. Remembers who made each offer to whom in the current game (only), since a
    closed offer's event names only its number."""

    def __init__(self, diplomacy: Diplomacy) -> None:
        self.diplomacy = diplomacy
        self._parties: dict[tuple[int, int], tuple[int, int]] = {}
        self._game: int | None = None

    @classmethod
    def of(cls, spec: GameSpec) -> Negotiations | None:
        """The negotiations of a game with offers; None for a game without."""
        return cls(spec.diplomacy) if spec.diplomacy is not None else None

    def rebuild(
        self, log: Sequence[Mapping[str, object]], game: int, me: int | None, names: Sequence[str]
    ) -> list[DealNote]:
        """The lines for a whole game's log (after joining or reconnecting)."""
        self._parties.clear()
        return self.notes(log, game, me, names)

    def notes(
        self,
        events: Sequence[Mapping[str, object]],
        game: int,
        me: int | None,
        names: Sequence[str],
    ) -> list[DealNote]:
        """The chat lines for the offers and deals among `events` that `me` is party to."""
        if game != self._game:
            self._parties.clear()  # the offers of earlier games are closed for good
            self._game = game
        lines = []
        for event in events:
            news = self.diplomacy.news(event, names, me)
            line = self._note(news, str(event.get("kind")), game, me, names) if news else None
            if line is not None:
                lines.append(line)
        return lines

    def _note(
        self, news: DealNews, kind: str, game: int, me: int | None, names: Sequence[str]
    ) -> DealNote | None:
        deal = news.deal
        if news.maker is not None and news.to is not None:
            maker, to = news.maker, news.to
        elif (game, deal) in self._parties:
            maker, to = self._parties[(game, deal)]
        else:
            return None
        actor: int | None
        if news.stage == "offer":
            self._parties[(game, deal)] = (maker, to)
            if to == me:
                answer = f"/accept {deal} or /decline {deal}"
            else:
                answer = f"/withdraw {deal} to take it back"
            words, actor = f"{news.words} — {answer}", maker
        elif news.stage == "declined":
            words, actor = _answered(to, me, "decline", maker, deal, names) + ".", to
        elif news.stage == "withdrawn":
            who = person(maker, names, me, first=True)
            whose = "your" if maker == me else "their"
            words = f"{who} {verb_of(maker, me, 'withdraw')} {whose} offer {deal}."
            actor = maker
        elif news.stage == "lapsed":
            words, actor = f"Offer {deal} has lapsed.", None
        elif news.stage == "done":
            accepted = _answered(to, me, "accept", maker, deal, names)
            words, actor = f"{accepted}: {news.words}.", to
        else:
            words, actor = f"Offer {deal} is closed: {news.how}.", None
        if me not in (maker, to):
            return None
        other = to if maker == me else maker
        return DealNote(
            id=f"deal:{game}:{deal}:{kind}",
            channel=seat_channel(other),
            words=words,
            open=news.stage == "offer" and to == me,
            answer=news.stage in ("declined", "done") and maker == me,
            sender=names[actor] if actor is not None else "",
            sender_seat=actor,
        )


def _answered(
    seat: int, me: int | None, verb: str, maker: int, deal: int, names: Sequence[str]
) -> str:
    """``Bo declines your offer 1``, ``You accept Bo's offer 2``: `seat` answers `maker`."""
    whose = "your" if maker == me else f"{names[maker]}'s"
    return f"{person(seat, names, me, first=True)} {verb_of(seat, me, verb)} {whose} offer {deal}"


def note_text(note: DealNote) -> Text:
    """A deal's line: marked, and styled unlike what players write."""
    style = OPEN_STYLE if note.open else NOTE_STYLE
    return Text("◆ " + clean(note.words), style=style)
