"""The engine's frame: options, setups, events, scores and replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from cardtable.engine import (
    Event,
    IllegalAction,
    OptionError,
    OptionSpec,
    RandomBot,
    ScoreLine,
    Setup,
    get_game,
    new_game,
    play_out,
    replay,
    start,
)
from cardtable.engine.actions import NOT_IN_HAND, named_cards
from cardtable.engine.events import DealtHand, EventPart, GameEnd, SeenEvent
from cardtable.engine.nobility.types import Merged
from cardtable.engine.options import parse_option_text, resolve_options
from cardtable.engine.scores import Result, RoundScore, best_sides, line_totals
from cardtable.engine.text import describe_frame, hand_held, seat_sentence
from cardtable.wire.codec import WireError

DECKS = OptionSpec("decks", 2, "decks", choices=(1, 2))
ROUNDS = OptionSpec("rounds", 1, "deals", minimum=1, maximum=10)
OPEN = OptionSpec("open", False, "play with open hands")


def test_options_fill_in_defaults() -> None:
    assert resolve_options((DECKS, ROUNDS, OPEN), {"rounds": 3}) == {
        "decks": 2,
        "rounds": 3,
        "open": False,
    }


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"decks": 3}, "must be one of 1, 2, not 3"),
        ({"rounds": 0}, "at least 1"),
        ({"rounds": 11}, "at most 10"),
        ({"rounds": "2"}, "whole number"),
        ({"rounds": True}, "whole number"),
        ({"open": 1}, "true or false"),
        ({"colour": "red"}, "Unknown option 'colour'; this game's options are: decks, rounds"),
    ],
)
def test_bad_options_are_clear_errors(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        resolve_options((DECKS, ROUNDS, OPEN), given)


def test_option_text_from_the_command_line() -> None:
    assert parse_option_text(DECKS, "1") == 1
    assert parse_option_text(OPEN, "yes") is True
    assert parse_option_text(ROUNDS, "4") == 4
    with pytest.raises(OptionError):
        parse_option_text(ROUNDS, "four")


def test_option_descriptions() -> None:
    assert DECKS.describe() == "decks = 2 (1 or 2): decks"
    assert OPEN.describe() == "open = false (true or false): play with open hands"
    assert ROUNDS.kind == "int"


def test_setup_checks_seats_seed_and_dealer() -> None:
    spec = get_game("chinese-ten")
    with pytest.raises(OptionError, match="seed"):
        spec.setup(2, seed="x")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="dealer"):
        spec.setup(2, dealer=2)
    setup = spec.setup(3, {"decks": 1}, seed=9, dealer=2)
    assert setup == Setup("chinese-ten", 3, {"decks": 1, "rounds": 1, "strict": False}, 9, 2)
    assert setup.to_wire() == {
        "game": "chinese-ten",
        "seats": 3,
        "options": {"decks": 1, "rounds": 1, "strict": False},
        "seed": 9,
        "dealer": 2,
    }


def test_a_stored_setup_is_checked_again() -> None:
    with pytest.raises(OptionError, match="decks"):
        start(Setup("chinese-ten", 2, {"decks": 5, "rounds": 1}, 0))


@dataclass(frozen=True, slots=True)
class Drawn(EventPart):
    """A small event for the frame's tests: `seat` drew `count` cards."""

    kind: ClassVar[str] = "draw"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardId:
    cid: int


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """`Drawn`'s private part: the card, shown to the drawer alone."""

    card: CardId


def test_event_redaction() -> None:
    event = Event(Drawn(seat=1, count=1), {1: DrawnCard(CardId(5))})
    assert event.for_seat(1) == {"kind": "draw", "seat": 1, "count": 1, "card": {"cid": 5}}
    assert event.for_seat(0) == {"kind": "draw", "seat": 1, "count": 1}
    assert event.for_seat(None) == {"kind": "draw", "seat": 1, "count": 1}


def test_score_lines_add_up() -> None:
    score = RoundScore(
        1,
        ((0,), (1,)),
        ((ScoreLine("Aces", 2, 20), ScoreLine("Tens", 1, 10)), (ScoreLine("Aces", 0, 20),)),
    )
    assert score.points == (50, 0) == line_totals(score.lines)
    assert score.to_wire()["lines"][0][0] == ["Aces", 2, 20]
    assert RoundScore.from_wire(score.to_wire()) == score


def test_a_score_line_stored_as_a_map_by_earlier_versions_still_reads() -> None:
    stored = {"label": "Aces", "count": 2, "each": 20, "points": 40}
    assert ScoreLine.from_wire(stored) == ScoreLine("Aces", 2, 20)
    with pytest.raises(WireError):
        ScoreLine.from_wire(["Aces", 2])


def test_a_card_not_in_hand_is_refused_in_the_words_every_game_uses() -> None:
    assert named_cards([2, 1], [1, 2, 3]) == [2, 1]
    with pytest.raises(IllegalAction) as refused:
        named_cards([4], [1, 2, 3])
    assert str(refused.value) == NOT_IN_HAND == "That card is not in your hand."


def test_ties_share_the_win() -> None:
    assert best_sides([10, 30, 30]) == (1, 2)
    assert best_sides([5]) == (0,)


def test_game_end_in_words_typed() -> None:
    names = ["Ann", "Bo", "Cy"]
    sides = ((0,), (1,), (2,))
    single = GameEnd(Result(sides, (5, 9, 1), (1,)))
    assert describe_frame(SeenEvent(single), names) == "Bo won with 9."
    shared = GameEnd(Result(sides, (9, 9, 1), (0, 1)))
    text = describe_frame(SeenEvent(shared), names)
    assert text == "Ann and Bo share the win with 9 each."
    assert describe_frame(SeenEvent(Drawn(seat=0, count=1)), names) is None


def test_a_seat_sentence_names_each_seat_field_of_its_template() -> None:
    names = ["Ann", "Bo", "Cy"]
    sentences = {
        Drawn: "{seat} draws; {seat} again.",
        Merged: "{seat} merges every meld into {to}'s.",
    }
    drawn = Drawn(seat=1, count=7)
    assert seat_sentence(drawn, sentences, names) == "Bo draws; Bo again."
    merged = Merged(seat=2, to=0, melds=(1, 2))
    assert seat_sentence(merged, sentences, names) == "Cy merges every meld into Ann's."
    assert seat_sentence(drawn, {Merged: sentences[Merged]}, names) is None


def test_a_deal_that_shows_the_seat_its_hand_says_how_many_cards_it_holds() -> None:
    assert hand_held(DealtHand(())) == ". You hold 0 cards"
    assert hand_held(DrawnCard(CardId(3))) == ""
    assert hand_held(None) == ""


def test_replay_rebuilds_the_game_exactly() -> None:
    game = new_game("chinese-ten", 4, {"decks": 1, "rounds": 2}, seed=21, dealer=3)
    actions = play_out(game, [RandomBot(seat) for seat in range(4)])
    again = replay(game.setup, actions)
    assert again.result == game.result
    assert again.round_scores == game.round_scores
    assert [again.view(seat) for seat in range(4)] == [game.view(seat) for seat in range(4)]


def test_between_rounds_only_the_next_dealer_acts_and_only_deals() -> None:
    game = new_game("chinese-ten", 2, {"decks": 1, "rounds": 2}, seed=2)
    bots = [RandomBot(0), RandomBot(1)]
    while not game.awaiting_deal:
        seat = game.actors[0]
        game.apply(seat, bots[seat].choose(None, game.legal(seat)))
    assert game.dealer == 1 and game.actors == (1,)
    assert game.legal_actions(1) == [{"kind": "deal"}]
    assert game.view(0)["table"]["phase"] == "deal"
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(0, {"kind": "deal"})
    with pytest.raises(IllegalAction, match="starts when you deal"):
        game.apply(1, {"kind": "lay", "cid": 0, "spot": 0})
    events = game.apply(1, {"kind": "deal"})
    assert events[0].kind == "deal" and game.round == 2
    assert game.actors == (0,)


def test_the_registry_knows_each_game_once() -> None:
    spec = get_game("chinese-ten")
    assert spec.title == "Chinese Ten"
    assert list(spec.player_counts) == [2, 3, 4]
    assert list(spec.bots) == ["random", "easy", "normal", "hard"]
    with pytest.raises(OptionError, match="There is no game 'x'"):
        get_game("x")


def test_a_refusal_names_players_or_counts_seats_from_one() -> None:
    from cardtable.engine import IllegalAction

    refusal = IllegalAction("{0} has only 0 to give to {1}.", seats=(1, 0))
    assert refusal.template == "{0} has only 0 to give to {1}."
    assert refusal.seats == (1, 0)
    assert refusal.reason == str(refusal) == "Seat 2 has only 0 to give to seat 1."
    assert refusal.worded(["Ada", "Bram"]) == "Bram has only 0 to give to Ada."
    assert refusal.worded(["Ada"]) == "Seat 2 has only 0 to give to Ada."  # a name missing
    # A seat opening a sentence or following a colon is written with a capital.
    refusal = IllegalAction("The deal fails: meld 2 is not {0}'s. {0} keeps it.", seats=(2,))
    assert refusal.reason == "The deal fails: meld 2 is not seat 3's. Seat 3 keeps it."
    assert refusal.worded(["ada", "bram", "cleo"]) == (
        "The deal fails: meld 2 is not cleo's. cleo keeps it."  # a name stays as written
    )
    # Without seats, a reason is its text, braces and all.
    plain = IllegalAction("'{0}' is not a move.")
    assert plain.reason == plain.worded(["Ada"]) == "'{0}' is not a move."


def test_a_refusal_survives_a_copy_and_pickling() -> None:
    import copy
    import pickle

    from cardtable.engine import IllegalAction

    refusal = IllegalAction("{0} has only 5 to give.", seats=(0,))
    for again in (copy.deepcopy(refusal), pickle.loads(pickle.dumps(refusal))):
        assert isinstance(again, IllegalAction)
        assert again.worded(["Ada"]) == "Ada has only 5 to give."
        assert again.reason == "Seat 1 has only 5 to give."


def test_a_seat_that_is_not_at_the_table_is_refused_without_a_0_based_number() -> None:
    from cardtable.engine import IllegalAction

    game = new_game("chinese-ten", 3, {"decks": 1}, seed=1)
    for seat in (3, -1):
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, {"kind": "lay", "cid": 0, "spot": 0})
        assert refused.value.reason == "There is no such seat at this table; its seats are 1 to 3."
