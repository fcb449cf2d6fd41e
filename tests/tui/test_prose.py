"""`look`, `hand` and `score` in words, from the view of the seat at the keyboard."""

from __future__ import annotations

import pytest
from support import run, scenario

from unotui.engine import PRESETS, Card, DrawCard, HandStarted, KeepCard, PlayCard, RuleSet, view_for, visible_events
from unotui.tui.prose import describe_hand, describe_news, describe_scores, describe_table

NAMES = ("You", "Bo", "Cy")
MINE = ["r3", "g7"]
OTHERS = [["b2", "b3", "y7"], ["y1", "y2"]]


@pytest.mark.parametrize(("position", "told"), [
    ({"hands": [MINE, ["b2"], ["y1", "y2"]], "uno_window": 1}, "Bo holds 1 card and forgot to say UNO (catch!);"),
    ({"hands": [MINE, ["b2"], ["y1", "y2"]], "uno": (1,)}, "Bo holds 1 card and has said UNO;"),
    ({"hands": [["g7"], *OTHERS], "uno_window": 0, "turn": 1}, "You hold 1 card and haven't said UNO;"),
    ({"discard": ["y5", "w+4"], "color": "blue", "decision": "challenge", "bluff": False, "dealer": 2},
     "A Wild Draw Four was played on you: `challenge` or `accept`."),
    ({"hands": [["r3", "w+4"], *OTHERS], "discard": ["y5", "w+4", "w+4"], "color": "blue", "decision": "challenge",
      "bluff": False, "dealer": 2, "pending": 8, "rules": PRESETS["party"]},
     "A Wild Draw Four was played on you (8 cards stacked): `challenge`, `accept`, or stack yours on it (`w+4 red`)."),
    ({"discard": ["w"], "decision": "choose_color"}, "Name the colour of the Wild start card."),
    ({"hands": [["r3", "g7", "r9"], *OTHERS], "decision": "play_or_keep", "drawn": "r9"}, "You drew r9: `play it` or `keep`."),
    ({"direction": -1, "turn": 1, "dealer": 2}, "It is Bo's turn. The top card is a red 5; the colour is red ♥. "
     "Play goes ← anticlockwise; the draw pile holds"),
])
def test_look_says_what_the_table_asks_of_whom(position: dict[str, object], told: str) -> None:
    match = scenario(**{"hands": [MINE, *OTHERS], **position})  # type: ignore[arg-type]
    assert told in describe_table(view_for(match.state, 0), NAMES)


def test_look_after_the_last_card_of_a_hand_and_of_the_match() -> None:
    match = scenario([["r3"], ["b2", "b3"]])
    run(match, PlayCard(seat=0, card=Card.R3))
    assert describe_table(view_for(match.state, 0), NAMES).startswith("Hand 1 is over; the next hand is waiting to be dealt.")
    match = scenario([["r3"], ["b2", "b3"]], rules=RuleSet(target=1))
    run(match, PlayCard(seat=0, card=Card.R3))
    assert describe_table(view_for(match.state, 0), NAMES) == "The match is over: You won."
    assert describe_hand(view_for(match.state, 0)) == "You hold no cards."
    assert describe_scores(view_for(match.state, 0), NAMES) == "Scores, playing to 1 point: You 5, Bo 0.\nHand 1: You 5."


def test_hand_says_when_nothing_plays_and_says_nothing_of_plays_off_your_turn() -> None:
    stuck = scenario([["b3", "g7"], *OTHERS], draw_pile=["b9"])
    assert describe_hand(view_for(stuck.state, 0)) == "You hold 2 cards: g7 b3. Nothing plays now: `draw`."
    run(stuck, DrawCard(seat=0))  # b9 doesn't play either: the turn passes
    assert describe_hand(view_for(stuck.state, 0)) == "You hold 3 cards: g7 b3 b9."


def test_news_tells_the_cards_that_came_into_the_hand_and_are_still_there() -> None:
    stuck = scenario([["b3", "g7"], *OTHERS], draw_pile=["b9"])
    start = len(stuck.events)
    run(stuck, DrawCard(seat=0))  # b9 doesn't play: the turn passes at once
    since = visible_events(stuck.events[start:], 0)
    assert describe_news(view_for(stuck.state, 0), since) == "You drew b9. You now hold 3 cards: g7 b3 b9."
    assert describe_news(view_for(stuck.state, 1), visible_events(stuck.events[start:], 1)) is None
    played = scenario([["b3", "g7"], *OTHERS], draw_pile=["r9"])
    start = len(played.events)
    run(played, DrawCard(seat=0), PlayCard(seat=0, card=Card.R9))  # r9 plays, so nothing new is left in hand
    assert describe_news(view_for(played.state, 0), visible_events(played.events[start:], 0)) is None
    kept = scenario([["b3", "g7"], *OTHERS], draw_pile=["r9"])
    start = len(kept.events)
    run(kept, DrawCard(seat=0), KeepCard(seat=0))  # r9 plays and is kept: the dialog showed it
    assert describe_news(view_for(kept.state, 0), visible_events(kept.events[start:], 0)) is None


def test_news_tells_a_hand_swapped_under_seven_o() -> None:
    match = scenario([["r7", "g7", "g2"], ["b2", "b3", "y7"], ["y1", "y2"]], rules=PRESETS["party"])
    start = len(match.events)
    run(match, PlayCard(seat=0, card=Card.R7, swap_with=2))
    since = visible_events(match.events[start:], 0)
    assert describe_news(view_for(match.state, 0), since) == "You have a new hand of 2 cards: y1 y2."


def test_news_is_only_of_the_hand_being_played() -> None:
    # b9 drawn in the last hand, then a new hand dealt with a b9 in it: nothing new was drawn.
    stuck = scenario([["b3", "g7"], *OTHERS], draw_pile=["b9"])
    start = len(stuck.events)
    run(stuck, DrawCard(seat=0))
    since = [*visible_events(stuck.events[start:], 0), HandStarted(hand=2, dealer=1)]
    assert describe_news(view_for(stuck.state, 0), since) is None
