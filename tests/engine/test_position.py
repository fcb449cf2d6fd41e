"""Positions (the FEN of UNO): what validation refuses, and that a position replays as its state."""

from __future__ import annotations

import msgspec
import pytest

from support import deck_rest, run, scenario

from unotui.engine import (
    Card,
    Color,
    Decision,
    DrawCard,
    GameState,
    Match,
    Phase,
    PlayCard,
    Position,
    RuleSet,
    Setup,
    SetupError,
    StartHand,
    validate_position,
)

NEEDS_DRAWN = "play_or_keep needs the drawn card, in the hand of the seat to play"
BASE = {"hands": [["r1", "r2"], ["g1", "g2"], ["b1", "b2"]], "discard": ["r5"]}


def refused(message: str, **changes: object) -> None:
    fields = {**BASE, **changes}
    with pytest.raises(SetupError) as raised:
        scenario(**fields)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_R_SETUP_0_position_with_one_or_eleven_hands_is_refused() -> None:
    """Rule: R-SETUP-0"""
    refused("UNO is for 2 to 10 players, not 1 (R-SETUP-0)", hands=[["r1"]])
    eleven = [[f"{color}{rank}"] for color in "rgb" for rank in "1234"][:11]
    refused("UNO is for 2 to 10 players, not 11 (R-SETUP-0)", hands=eleven)


def test_position_must_hold_one_deck() -> None:
    """Cards missing or extra: the message lists them."""
    position = scenario(**BASE).state.position()  # type: ignore[arg-type]
    short = msgspec.structs.replace(position, draw_pile=position.draw_pile[1:])
    with pytest.raises(SetupError, match=r"^the position's cards are not one deck: missing r0$"):
        validate_position(short)
    extra = msgspec.structs.replace(position, discard=(Card.WILD, *position.discard))
    with pytest.raises(SetupError, match=r"^the position's cards are not one deck: extra w$"):
        validate_position(extra)
    both = msgspec.structs.replace(position, draw_pile=(Card.WILD, *position.draw_pile[1:]))
    with pytest.raises(SetupError, match=r"^the position's cards are not one deck: missing r0; extra w$"):
        validate_position(both)


def test_scenario_refuses_more_copies_than_the_deck_holds() -> None:
    with pytest.raises(ValueError, match="more copies than the deck holds of: r0"):
        scenario(hands=[["r0"], ["r0"]], discard=["r5"])


@pytest.mark.parametrize(
    "changes,message",
    [
        ({"turn": 3}, "turn seat 3 is not at a table of 3"),
        ({"turn": -1}, "turn seat -1 is not at a table of 3"),
        ({"dealer": 5}, "dealer seat 5 is not at a table of 3"),
        ({"hands": [["r1"], [], ["b1"]]}, "seat 1 holds no cards: that hand is already over"),
        ({"discard": []}, "the discard pile is empty: it needs at least its top card"),
        ({"color": "blue"}, "the current colour is blue but the top card is r5"),
        ({"discard": ["w"]}, "the current colour is missing"),
        ({"decision": Decision.PLAY_OR_KEEP}, NEEDS_DRAWN),
        ({"decision": Decision.PLAY_OR_KEEP, "drawn": "g1"}, NEEDS_DRAWN),  # g1 is seat 1's
        ({"drawn": "r1"}, "a drawn card is given but the decision is not play_or_keep"),
        ({"decision": Decision.CHALLENGE, "bluff": True}, "challenge needs a Wild Draw Four on top and bluff true or false"),
        ({"bluff": False}, "bluff is given but the decision is not challenge"),
        ({"decision": Decision.CHOOSE_COLOR}, "choose_color needs a wild on top and no colour named yet"),
        ({"uno": (0, 4)}, "seat 4 can't have said UNO holding no cards"),
        ({"hands": [["r1", "r2", "r3"], ["g1"], ["b1"]], "uno": (0,)}, "seat 0 can't have said UNO holding 3 cards"),
        ({"uno_window": 0}, "seat 0 can't be open to an UNO catch"),
        ({"scores": (1, 2)}, "the position has 2 scores for 3 players"),
        ({"results": ((1, 2, 3), (1,))}, "a hand result has 1 scores for 3 players"),
        ({"passes": 3}, "passes must be between 0 and 2"),
        ({"hand": 0}, "hand numbers start at 1"),
    ],
)
def test_position_validation_names_the_problem(changes: dict[str, object], message: str) -> None:
    """Each inconsistency gets a one-line message saying what is wrong."""
    refused(message, **changes)


def test_position_and_stacked_deck_together_are_refused() -> None:
    position = scenario(**BASE).state.position()  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="a stacked deck or a position, not both"):
        Match(Setup(players=3, position=position, deck=(Card.R1,)))


def test_position_for_another_table_size_is_refused() -> None:
    position = scenario(**BASE).state.position()  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="the position has 3 hands for 4 players"):
        Match(Setup(players=4, position=position))


def test_stacked_deck_with_too_many_copies_is_refused() -> None:
    with pytest.raises(SetupError, match="the stacked deck has 1 r0 more than the deck holds"):
        Match(Setup(players=2, deck=(Card.R0, Card.R0)))


def test_hands_that_do_not_fit_in_the_deck_are_refused() -> None:
    # A decoded rule set caps hand_size at 10; one built in code is not checked.
    with pytest.raises(SetupError, match="10 hands of 11 cards don't fit in the deck"):
        Match(Setup(players=10, rules=RuleSet(hand_size=11)))


def test_fixed_dealer_must_sit_at_the_table() -> None:
    with pytest.raises(SetupError, match="dealer seat 4 is not at a table of 3"):
        Match(Setup(players=3, rules=RuleSet(dealer=4)))


def test_a_position_decodes_from_json_and_plays_on() -> None:
    """A hand-written position in JSON (card notation) is a valid start."""
    rest = deck_rest([Card.R1, Card.G2, Card.B2, Card.R5])
    text = msgspec.json.encode({
        "hands": [["r1", "g2"], ["b2"]], "discard": ["r5"], "draw_pile": [card.value for card in rest],
        "color": "red", "turn": 0, "dealer": 1,
    })
    position = msgspec.json.decode(text, type=Position)
    match = Match(Setup(players=2, position=position))
    run(match, PlayCard(seat=0, card=Card.R1))
    assert match.state.color is Color.RED and match.state.turn == 1


def test_the_position_of_a_live_state_starts_an_equal_state() -> None:
    """`state.position()` is complete: a match started from it is the same game."""
    match = Match(Setup(players=4, seed=9))
    run(match, StartHand(seat=0))
    for _ in range(30):
        seat = match.state.turn
        if match.state.phase is not Phase.PLAYING:
            break
        commands = match.legal_commands(seat)
        run(match, commands[len(match.events) % len(commands)])
        if match.state.phase is Phase.PLAYING:
            copy = Match(Setup(players=4, position=match.state.position()))
            assert copy.state == match.state


def test_draw_from_a_position_continues_the_generator() -> None:
    """The position's `rng` seeds the next reshuffle."""
    below = ["r1", "r2", "r3", "r4", "r6", "r7", "r5"]
    first = scenario(hands=[["y9"], ["g1"]], discard=below, rest=1, rng=1)
    second = scenario(hands=[["y9"], ["g1"]], discard=below, rest=1, rng=2)
    again = scenario(hands=[["y9"], ["g1"]], discard=below, rest=1, rng=1)
    orders = [run(match, DrawCard(seat=0))[0].order for match in (first, second, again)]  # type: ignore[union-attr]
    assert orders[0] != orders[1] and orders[0] == orders[2]


def test_a_copy_has_every_field_and_lists_of_its_own() -> None:
    state = scenario(hands=[["r1", "g2"], ["b2", "w"]], discard=["r5"]).state
    copy = state.copy()
    assert copy == state
    assert all(getattr(copy, name) is getattr(state, name) or getattr(copy, name) == getattr(state, name)
               for name in GameState.__slots__)
    copy.hands[0].pop()
    copy.draw.pop()
    copy.discard.append(Card.R9)
    copy.uno_said[0] = True
    assert state.hands[0] == [Card.R1, Card.G2] and copy != state
