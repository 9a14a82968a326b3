"""Deals in the chat without a screen: what a typed /offer, /accept, /decline or /withdraw asks the
game for, and the lines that show offers and deals in the private channel of the other party."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.client.ui.chat import BOTS_DONT_READ, TABLE, channel_of, line_text, parse_outgoing
from cardtable.client.ui.diplomacy import (
    NOTE_STYLE,
    OPEN_STYLE,
    Negotiations,
    OfferParties,
    has_diplomacy,
    match_name,
    parse_command,
)
from cardtable.engine import all_games, get_game, new_game
from cardtable.engine.nobility.offer_words import DIPLOMACY, parse_terms
from cardtable.protocol import ChatLine
from tests.test_imports import import_graph

NAMES = ["Ann", "Bo", "Cleo (bot)"]
ANN, BO, CLEO = 0, 1, 2


def offer_of(text: str, channel: str = TABLE, me: int = ANN) -> Any:
    return parse_command(DIPLOMACY, text, channel, me, NAMES)


# -- which games ----------------------------------------------------------------------------------


def test_a_game_takes_deal_commands_when_it_has_offers_to_make() -> None:
    offers = {"offer", "accept", "decline", "withdraw"}
    for spec in all_games():
        assert has_diplomacy(spec) == (spec.types.free_kinds >= offers), spec.id
    assert has_diplomacy(get_game("nobility"))


# -- /offer ---------------------------------------------------------------------------------------


def test_an_offer_in_a_private_channel_goes_to_that_player() -> None:
    assert offer_of("/offer give 20 meld 3 get meld 5 coalition", "seat:1") == {
        "kind": "offer",
        "to": BO,
        "give_money": 20,
        "give_melds": [3],
        "get_melds": [5],
        "coalition": "form",
    }


def test_a_name_sends_it_from_any_channel_and_wins_over_the_channel() -> None:
    for channel in (TABLE, "seat:1", "seat:2"):
        assert offer_of("/offer Bo get 15", channel) == {"kind": "offer", "to": BO, "get_money": 15}
    # Case does not matter, and a bot's "(bot)" may be left out.
    for typed in ("/offer cleo (BOT) give 5", "/offer Cleo give 5", "/OFFER cleo 5"):
        assert offer_of(typed) == {"kind": "offer", "to": CLEO, "give_money": 5}, typed


def test_the_longest_name_is_matched() -> None:
    names = ["Anna", "Anna Lee", "Bo"]
    assert match_name("Anna Lee give 5", names) == (1, "give 5")
    assert match_name("anna give 5", names) == (0, "give 5")
    assert match_name("Annabel give 5", names) is None
    assert match_name("give 5", names) is None


@pytest.mark.parametrize(
    ("typed", "terms"),
    [
        ("give 20", {"give_money": 20}),
        ("20", {"give_money": 20}),  # giving until said otherwise
        ("20 for meld 5", {"give_money": 20, "get_melds": [5]}),
        ("pay $30 and meld #2 , ask 10", {"give_money": 30, "give_melds": [2], "get_money": 10}),
        ("give melds 3,5 and 7 get 4", {"give_melds": [3, 5, 7], "get_money": 4}),
        ("give melds 3 5", {"give_melds": [3, 5]}),
        ("give meld 3 and 20", {"give_melds": [3], "give_money": 20}),  # "meld": one meld
        ("get meld 4 and melds 6, 8", {"get_melds": [4, 6, 8]}),
        ("form a coalition", {"coalition": "form"}),
        ("coalition give 5", {"coalition": "form", "give_money": 5}),
        ("dissolve the coalition", {"coalition": "dissolve"}),
        ("get 5 money dissolve", {"get_money": 5, "coalition": "dissolve"}),
        ("GIVE 20 GET MELD 5", {"give_money": 20, "get_melds": [5]}),
        ("give 0 get 3", {"get_money": 3}),
    ],
)
def test_terms_grammar(typed: str, terms: dict[str, Any]) -> None:
    assert parse_terms(typed) == terms
    assert offer_of(f"/offer Bo {typed}") == {"kind": "offer", "to": BO, **terms}


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", "Say what you give or ask for"),
        ("give nothing", "Say what you give or ask for"),
        ("give lots", "“lots” is not part of an offer"),
        ("give 20 get 5 10", "Say the money to get once"),
        ("give 20 30", "Say the money to give once"),
        ("give meld", "Say which meld by its number"),
        ("give meld x", "Say which meld by its number"),
        ("give melds 3 get melds 4, 3, 4", "A meld is named twice"),
        ("form dissolve", "A coalition is either formed or dissolved"),
        ("give -5", "“-5” is not part of an offer"),
    ],
)
def test_terms_that_cannot_be_read_say_why(typed: str, problem: str) -> None:
    said = parse_terms(typed)
    assert isinstance(said, str) and said.startswith(problem), said
    said = offer_of(f"/offer Bo {typed}")
    assert isinstance(said, str) and said.startswith(problem), said


def test_an_offer_needs_someone_else_to_go_to() -> None:
    said = offer_of("/offer give 20")
    assert isinstance(said, str) and said.startswith("Say whom the offer is for")
    assert offer_of("/offer Ann give 20", "seat:1") == "You cannot make an offer to yourself."
    watching = parse_command(DIPLOMACY, "/offer Bo give 5", TABLE, None, NAMES)
    assert watching == "Only the players at the table make and answer offers."


# -- answers --------------------------------------------------------------------------------------

OFFERS = [
    OfferParties(deal=2, maker=BO, to=ANN),
    OfferParties(deal=3, maker=ANN, to=BO),
    OfferParties(deal=5, maker=CLEO, to=ANN),
    OfferParties(deal=7, maker=BO, to=ANN),  # (not possible in the game: one per pair; a later one)
]


def answer(typed: str, channel: str = TABLE, offers: list[OfferParties] = OFFERS) -> Any:
    return parse_command(DIPLOMACY, typed, channel, ANN, NAMES, offers)


def test_an_answer_names_the_deal_by_its_number() -> None:
    for kind in ("accept", "decline", "withdraw"):
        for typed in (f"/{kind} 4", f"/{kind} #4", f"/{kind.upper()} offer 4", f"/{kind}  4 "):
            assert answer(typed) == {"kind": kind, "deal": 4}, typed
    # A number the client does not know of is sent all the same: the game answers it.
    assert answer("/accept 99", offers=[]) == {"kind": "accept", "deal": 99}
    for typed in ("/accept four", "/decline 4 5", "/withdraw -1"):
        said = answer(typed)
        assert isinstance(said, str) and said.startswith("Name the offer by its number"), typed


def test_without_a_number_the_latest_open_offer_in_the_channel() -> None:
    assert answer("/accept", "seat:1") == {"kind": "accept", "deal": 7}
    assert answer("/decline", "seat:2") == {"kind": "decline", "deal": 5}
    assert answer("/withdraw", "seat:1") == {"kind": "withdraw", "deal": 3}
    assert answer("/withdraw", "seat:2") == "You have made no open offer in this channel."
    assert answer("/accept", "seat:1", OFFERS[1:2]) == "No offer to you is open in this channel."
    # From the table channel only when there is just one.
    assert answer("/withdraw") == {"kind": "withdraw", "deal": 3}
    assert answer("/accept", TABLE, OFFERS[:1]) == {"kind": "accept", "deal": 2}
    assert answer("/accept") == "Which offer? Name it by its number: /accept N"
    assert answer("/decline", TABLE, []) == "No offer to you is open."


def test_other_commands_and_chat_are_left_to_the_chat() -> None:
    for typed in ("hello", "  hi /offer", "/msg Bo give 20", "/msg"):
        assert answer(typed) is None, typed
    for typed in ("/help", "/offers", "/me waves", "/"):
        said = answer(typed)
        assert isinstance(said, str) and said.startswith("Commands: /msg NAME text"), typed


def test_a_plain_line_in_a_bots_channel_is_refused() -> None:
    players: list[str | None] = ["Ann", "Bo", None]
    assert parse_outgoing("psst", "seat:2", players) == BOTS_DONT_READ
    assert parse_outgoing("psst", "seat:1", players) != BOTS_DONT_READ


# -- the lines shown ------------------------------------------------------------------------------


def game_events() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Offers made, declined, withdrawn and accepted in a real game, as seats 0, 1 and 2 are told
    of them."""
    game = new_game("nobility", 3, {}, seed=3)
    game.money[:] = [50, 40, 0]  # type: ignore[attr-defined]
    game.bank -= 90  # type: ignore[attr-defined]
    events = []
    for seat, action in [
        (ANN, {"kind": "offer", "to": BO, "give_money": 20, "get_money": 5}),  # 1
        (BO, {"kind": "decline", "deal": 1}),
        (BO, {"kind": "offer", "to": ANN, "give_money": 10}),  # 2
        (CLEO, {"kind": "offer", "to": ANN, "get_money": 30}),  # 3
        (CLEO, {"kind": "withdraw", "deal": 3}),
        (ANN, {"kind": "accept", "deal": 2}),
    ]:
        events += game.apply(seat, action)
    return tuple(  # type: ignore[return-value]
        [event.for_seat(seat) for event in events if event.reaches(seat)] for seat in range(3)
    )


def test_offers_and_deals_show_in_the_other_partys_channel() -> None:
    ann, bo, cleo = game_events()
    notes = Negotiations(DIPLOMACY).notes(ann, 1, ANN, NAMES)
    assert [(note.channel, note.words, note.sender_seat) for note in notes] == [
        ("seat:1", "You offer Bo 20 money for 5 money — /withdraw 1 to take it back", ANN),
        ("seat:1", "Bo declines your offer 1.", BO),
        ("seat:1", "Bo offers you 10 money — /accept 2 or /decline 2", BO),
        ("seat:2", "Cleo (bot) asks you for 30 money — /accept 3 or /decline 3", CLEO),
        ("seat:2", "Cleo (bot) withdraws their offer 3.", CLEO),
        ("seat:1", "You accept Bo's offer 2: Bo gives you 10 money.", ANN),
    ]
    assert [note.open for note in notes] == [False, False, True, True, False, False]
    assert all(channel_of(note, ANN) == note.channel for note in notes)
    assert len({note.id for note in notes}) == len(notes)
    # Bo sees the other side of the same deals; Cleo her own offer, and none of the others
    # (the deal done between Ann and Bo is public: it is in her log, not in her chat).
    seen_by_bo = Negotiations(DIPLOMACY).notes(bo, 1, BO, NAMES)
    assert [note.words for note in seen_by_bo] == [
        "Ann offers you 20 money for 5 money — /accept 1 or /decline 1",
        "You decline Ann's offer 1.",
        "You offer Ann 10 money — /withdraw 2 to take it back",
        "Ann accepts your offer 2: you give Ann 10 money.",
    ]
    assert {note.channel for note in seen_by_bo} == {"seat:0"}
    assert [event["kind"] for event in cleo] == ["offer", "offer_closed", "deal_done"]
    seen_by_cleo = Negotiations(DIPLOMACY).notes(cleo, 1, CLEO, NAMES)
    assert [(note.channel, note.words) for note in seen_by_cleo] == [
        ("seat:0", "You ask Ann for 30 money — /withdraw 3 to take it back"),
        ("seat:0", "You withdraw your offer 3."),
    ]
    assert Negotiations(DIPLOMACY).notes(cleo, 1, None, NAMES) == []


def offer_event(deal: int, maker: int, to: int, **terms: Any) -> dict[str, Any]:
    """An offer event as its parties receive it."""
    offer = {"deal": deal, "from": maker, "to": to, "give_money": 0, "give_melds": []}
    offer |= {"get_money": 0, "get_melds": [], "coalition": None, "lapses_on_turn": 4}
    return {"kind": "offer", "offer": {**offer, **terms}}


def test_every_offer_and_deal_says_who_offers_what_to_whom() -> None:
    """In the chat from each party's side, and in the game's log from nobody's."""
    game = get_game("nobility")
    done = {"kind": "deal_done", "deal": 1, "from": BO, "to": ANN, "give_money": 0}
    done |= {"give_melds": [], "get_money": 0, "get_melds": [], "coalition": None}
    cases = [
        (
            offer_event(1, BO, ANN, coalition="form"),
            "Bo offers you a coalition",
            "You offer Ann a coalition",
            "Offer 1: Bo offers Ann a coalition.",
        ),
        (
            offer_event(1, BO, ANN, give_money=20, give_melds=[3], get_melds=[5, 6]),
            "Bo offers you 20 money and meld 3 for melds 5, 6",
            "You offer Ann 20 money and meld 3 for melds 5, 6",
            "Offer 1: Bo offers Ann 20 money and meld 3 for melds 5, 6.",
        ),
        (
            offer_event(1, BO, ANN, get_money=10, coalition="form"),
            "Bo offers you a coalition for 10 money",
            "You offer Ann a coalition for 10 money",
            "Offer 1: Bo offers Ann a coalition for 10 money.",
        ),
        (
            offer_event(1, BO, ANN, coalition="dissolve"),
            "Bo offers to end the coalition with you",
            "You offer to end the coalition with Ann",
            "Offer 1: Bo offers to end the coalition with Ann.",
        ),
        (
            offer_event(1, BO, ANN, get_money=5, coalition="dissolve"),
            "Bo asks you for 5 money to end the coalition",
            "You ask Ann for 5 money to end the coalition",
            "Offer 1: Bo asks Ann for 5 money to end the coalition.",
        ),
        (
            {**done, "give_money": 8, "get_melds": [2], "coalition": "form"},
            "You accept Bo's offer 1: Bo gives you 8 money; you give Bo meld 2; Bo and you form a"
            " coalition.",
            "Ann accepts your offer 1: you give Ann 8 money; Ann gives you meld 2; you and Ann"
            " form a coalition.",
            "Deal 1 is done: Bo gives Ann 8 money; Ann gives Bo meld 2; Bo and Ann form a"
            " coalition.",
        ),
    ]
    for event, to_ann, to_bo, logged in cases:
        offer = offer_event(1, BO, ANN) if event["kind"] == "deal_done" else None
        before = [offer] if offer else []
        (seen_by_ann,) = Negotiations(DIPLOMACY).notes([*before, event], 1, ANN, NAMES)[
            len(before) :
        ]
        (seen_by_bo,) = Negotiations(DIPLOMACY).notes([*before, event], 1, BO, NAMES)[len(before) :]
        answer = "/accept 1 or /decline 1" if offer is None else ""
        withdraw = "/withdraw 1 to take it back" if offer is None else ""
        assert seen_by_ann.words == (f"{to_ann} — {answer}" if answer else to_ann)
        assert seen_by_bo.words == (f"{to_bo} — {withdraw}" if withdraw else to_bo)
        assert game.tell(event, NAMES) == logged


def test_lapsed_and_dropped_offers_and_a_game_later() -> None:
    negotiations = Negotiations(DIPLOMACY)
    offer = offer_event(1, BO, ANN, get_melds=[4])
    lapsed = {"kind": "offer_closed", "deal": 1, "how": "lapsed"}
    first = negotiations.notes([offer, lapsed], 1, ANN, NAMES)
    assert [note.words for note in first] == [
        "Bo asks you for meld 4 — /accept 1 or /decline 1",
        "Offer 1 has lapsed.",
    ]
    assert first[1].sender_seat is None
    # In the next game deal numbers start again: new lines, with ids of their own.
    dropped = {"kind": "offer_closed", "deal": 1, "how": "the rubber ended"}
    second = negotiations.notes([offer, dropped], 2, ANN, NAMES)
    assert second[1].words == "Offer 1 is closed: the rubber ended."
    assert not {note.id for note in first} & {note.id for note in second}
    # An offer we never heard made (before we came back) is not guessed at.
    assert negotiations.notes([{**dropped, "deal": 9}], 2, ANN, NAMES) == []


def test_a_rebuild_forgets_what_went_before() -> None:
    negotiations = Negotiations(DIPLOMACY)
    offer = offer_event(1, BO, ANN, give_money=4)
    closed = {"kind": "offer_closed", "deal": 1, "how": "declined"}
    negotiations.notes([offer], 1, ANN, NAMES)
    assert negotiations.rebuild([closed], 1, ANN, NAMES) == []
    assert [note.words for note in negotiations.rebuild([offer, closed], 1, ANN, NAMES)] == [
        "Bo offers you 4 money — /accept 1 or /decline 1",
        "You decline Bo's offer 1.",
    ]


def test_a_deal_line_is_styled_unlike_a_chat_line_and_never_markup() -> None:
    offer = offer_event(1, BO, ANN, give_money=4)
    mine = offer_event(2, ANN, BO, give_money=4)
    names = ["Ann", "[red]Bo\x1b[0m", "Cleo"]
    to_me, from_me = Negotiations(DIPLOMACY).notes([offer, mine], 1, ANN, names)
    text = line_text(to_me)
    assert text.plain == "◆ [red]Bo�[0m offers you 4 money — /accept 1 or /decline 1"
    assert str(text.style) == OPEN_STYLE and not text.spans
    assert str(line_text(from_me).style) == NOTE_STYLE
    chat = line_text(ChatLine(1, 1.0, "Bo", 1, "Ann", 0, "hi"))
    assert chat.plain == "Bo → Ann: hi" and str(chat.style) != NOTE_STYLE


def test_the_chat_knows_no_game_and_reads_offers_through_the_games_hook() -> None:
    """The chat and its deal commands import no game's package: the plug-in gives its hook."""
    graph = import_graph()
    games = {
        spec.game_class.__module__.rpartition(".")[0]
        for spec in all_games()
        if spec.game_class.__module__.startswith("cardtable.engine.")
    }
    for module in ("cardtable.client.ui.chat", "cardtable.client.ui.diplomacy"):
        assert not {target for target in graph[module] if target.rpartition(".")[0] in games}
    assert get_game("nobility").diplomacy is not None
