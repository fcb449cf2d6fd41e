"""Narration: the sentences of the log, as each seat saw the game."""

from __future__ import annotations

from pathlib import Path

import msgspec

from unotui.engine import (
    Card,
    CardKept,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChallengeResolved,
    Color,
    ColorNamed,
    DealerChosen,
    DealerDraw,
    Decision,
    DiscardsReshuffled,
    DrawnCardPlayable,
    DrawReason,
    DrawsStacked,
    HandEnded,
    HandStarted,
    JumpedIn,
    MatchWon,
    Position,
    StartCardTurned,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from unotui.record import Narrator, Table, describe, narrate

from record_support import header_for, play_random

C = Card
YOU, ADA, BO, CY = 0, 1, 2, 3
NAMES = ["Me", "Ada", "Bo", "Cy"]


def say(events: list, viewer: int | None = YOU) -> list[str]:  # type: ignore[type-arg]
    return narrate(events, NAMES, viewer)


def test_hand_start_and_start_card() -> None:
    assert say([HandStarted(hand=1, dealer=BO), StartCardTurned(card=C.R7), TurnStarted(seat=CY)]) == [
        "Hand 1. Bo deals.", "Start card r7."]


def test_a_name_starting_a_sentence_is_written_as_its_player_typed_it() -> None:
    names = ["Me", "ada", "bo", "Cy"]
    assert narrate([HandStarted(hand=1, dealer=BO), StartCardTurned(card=C.R7), TurnStarted(seat=CY)], names, YOU) == [
        "Hand 1. bo deals.", "Start card r7."]
    assert narrate([CardPlayed(seat=ADA, card=C.R3), TurnStarted(seat=BO)], names, YOU) == ["ada plays r3."]
    assert narrate([HandStarted(hand=2, dealer=YOU)], names, YOU) == ["Hand 2. You deal."]


def test_plays_in_second_and_third_person() -> None:
    assert say([CardPlayed(seat=YOU, card=C.R3), TurnStarted(seat=ADA)]) == ["You play r3."]
    assert say([CardPlayed(seat=ADA, card=C.R_SKIP), TurnSkipped(seat=BO), TurnStarted(seat=CY)]) == [
        "Ada plays rs: Bo is skipped."]
    assert say([CardPlayed(seat=ADA, card=C.R_SKIP), TurnSkipped(seat=YOU), TurnStarted(seat=BO)], viewer=YOU) == [
        "Ada plays rs: you are skipped."]


def test_a_stack_names_who_faces_it_and_a_jump_in_whose_turn_it_takes() -> None:
    """Rule: R-HOUSE-1, R-HOUSE-3. "4 cards are stacked up for the next player" was told
    even when a jump-in had made the next player someone else, and "Cy jumps in!" left
    Ada to find out the turn was no longer hers."""
    stream = [CardPlayed(seat=YOU, card=C.Y_DRAW_TWO), DrawsStacked(total=2), TurnStarted(seat=ADA),
              JumpedIn(seat=CY), CardPlayed(seat=CY, card=C.Y_DRAW_TWO), DrawsStacked(total=4), TurnStarted(seat=YOU)]
    assert say(stream) == ["You play y+2: Ada faces 2 cards.", "Cy jumps in, taking Ada's turn!",
                           "Cy plays y+2: you face 4 cards."]
    assert say(stream, viewer=ADA)[1] == "Cy jumps in, taking your turn!"


def test_the_audit_speaks_to_the_player_called_you() -> None:
    """A save's own seat is called You: the all-seeing log says "You play", never "You plays"."""
    names = ["You", "Ada", "Bo", "Cy"]
    events = [CardPlayed(seat=YOU, card=C.R_SKIP), TurnSkipped(seat=ADA), TurnStarted(seat=BO),
              CardPlayed(seat=BO, card=C.R_SKIP), TurnSkipped(seat=CY), TurnStarted(seat=YOU),
              CardPlayed(seat=YOU, card=C.R5), UnoCalled(seat=YOU), TurnStarted(seat=ADA),
              CardPlayed(seat=ADA, card=C.R_SKIP), TurnSkipped(seat=BO), TurnStarted(seat=CY),
              CardsDrawn(seat=CY, count=1, cards=(C.G4,), reason=DrawReason.CHOICE), TurnStarted(seat=YOU),
              CardsDrawn(seat=YOU, count=1, cards=(C.B4,), reason=DrawReason.CHOICE), TurnStarted(seat=ADA),
              HandEnded(winner=ADA, hands=((C.R9, C.B4), (), (C.B9,), (C.G4,)), points=(0, 27, 0, 0),
                        totals=(0, 27, 0, 0))]
    assert narrate(events, names, None) == [
        "You play rs: Ada is skipped.", "Bo plays rs: Cy is skipped.", "You play r5 and call UNO!",
        "Ada plays rs: Bo is skipped.", "Cy draws g4.", "You draw b4.",
        "Ada goes out and scores 27 points. Totals: 0 for you, 27 for Ada, 0 for Bo, 0 for Cy."]
    # In another seat's view, "you" is that seat, and the player called You is named by place.
    assert narrate(events[:3], names, ADA) == ["Player 1 plays rs: you are skipped."]


def test_wild_names_a_colour_and_the_bluff_shows_only_to_the_audit() -> None:
    events = [CardPlayed(seat=ADA, card=C.WILD_DRAW_FOUR, bluff=True), ColorNamed(seat=ADA, color=Color.RED),
              TurnStarted(seat=BO, decision=Decision.CHALLENGE)]
    assert say(events) == ["Ada plays w+4 and names red."]
    assert say(events, viewer=None) == ["Ada plays w+4 (a bluff) and names red."]


def test_a_wild_with_uno_is_one_list_not_a_chain_of_ands() -> None:
    events = [CardPlayed(seat=YOU, card=C.WILD_DRAW_FOUR, bluff=False), ColorNamed(seat=YOU, color=Color.YELLOW),
              UnoCalled(seat=YOU), TurnStarted(seat=ADA, decision=Decision.CHALLENGE)]
    assert say(events) == ["You play w+4, name yellow and call UNO!"]
    assert narrate(events, NAMES, ADA) == ["Me plays w+4, names yellow and calls UNO!"]


def test_several_cards_of_one_number_are_listed() -> None:
    """Rule: R-HOUSE-6."""
    events = [CardPlayed(seat=ADA, card=C.R5), CardPlayed(seat=ADA, card=C.Y5), CardPlayed(seat=ADA, card=C.B5),
              UnoCalled(seat=ADA), TurnStarted(seat=BO)]
    assert say(events) == ["Ada plays r5, y5 and b5 and calls UNO!"]


def test_a_successful_challenge_names_the_card_that_gave_the_bluff_away() -> None:
    events = [StartCardTurned(card=C.Y7), TurnStarted(seat=ADA),
              CardPlayed(seat=ADA, card=C.WILD_DRAW_FOUR, bluff=True), ColorNamed(seat=ADA, color=Color.RED),
              TurnStarted(seat=YOU, decision=Decision.CHALLENGE),
              ChallengeResolved(challenger=YOU, challenged=ADA, succeeded=True, revealed=(C.B1, C.Y3)),
              CardsDrawn(seat=ADA, count=4, cards=(C.R1, C.R2, C.R3, C.R4), reason=DrawReason.BLUFF_CAUGHT),
              TurnStarted(seat=YOU)]
    assert say(events)[-1] == "You challenge: Ada held y3, so Ada draws 4."


def test_a_failed_challenge_costs_six() -> None:
    events = [StartCardTurned(card=C.Y7), TurnStarted(seat=YOU),
              CardPlayed(seat=YOU, card=C.WILD_DRAW_FOUR, bluff=False), ColorNamed(seat=YOU, color=Color.BLUE),
              TurnStarted(seat=ADA, decision=Decision.CHALLENGE),
              ChallengeResolved(challenger=ADA, challenged=YOU, succeeded=False, revealed=(C.B1, C.R3)),
              CardsDrawn(seat=ADA, count=6, cards=(C.R1,) * 6, reason=DrawReason.CHALLENGE_FAILED),
              TurnSkipped(seat=ADA), TurnStarted(seat=BO)]
    assert say(events)[-1] == "Ada challenges: you held no yellow, so Ada draws 6 and is skipped."
    # A seat outside the challenge sees neither the hand nor the cards drawn.
    assert narrate(events, NAMES, BO)[-1] == "Ada challenges: the Wild Draw Four was legal, so Ada draws 6 and is skipped."


def test_uno_with_the_play_and_the_catch() -> None:
    assert say([CardPlayed(seat=YOU, card=C.Y5), UnoCalled(seat=YOU), TurnStarted(seat=ADA)]) == [
        "You play y5 and call UNO!"]
    caught = [UnoCaught(seat=CY, by=ADA),
              CardsDrawn(seat=CY, count=2, cards=(C.G1, C.G2), reason=DrawReason.UNO_PENALTY)]
    assert say(caught) == ["Cy forgot to say UNO: Ada catches Cy, who draws 2."]
    assert narrate(caught, NAMES, CY) == ["You forgot to say UNO: Ada catches you, and you draw 2 (g1 g2)."]


def test_own_draws_show_the_card_others_do_not() -> None:
    draw = [CardsDrawn(seat=YOU, count=1, cards=(C.G4,), reason=DrawReason.CHOICE), TurnStarted(seat=ADA)]
    assert say(draw) == ["You draw g4."]
    assert narrate(draw, NAMES, ADA) == ["Me draws a card."]
    playable = [CardsDrawn(seat=BO, count=1, cards=(C.G4,), reason=DrawReason.CHOICE),
                DrawnCardPlayable(seat=BO, card=C.G4)]
    assert narrate(playable, NAMES, BO) == ["You draw g4 and may play it."]
    assert say(playable, viewer=None) == ["Bo draws g4 and may play it."]


def test_whether_anothers_drawn_card_could_be_played_is_not_told() -> None:
    """R-TURN-3: a drawn card kept reads to the others as one that could not be played."""
    kept = [CardsDrawn(seat=BO, count=1, cards=(C.G4,), reason=DrawReason.CHOICE),
            DrawnCardPlayable(seat=BO, card=C.G4), CardKept(seat=BO), TurnStarted(seat=CY)]
    unplayable = [CardsDrawn(seat=BO, count=1, cards=(C.B9,), reason=DrawReason.CHOICE), TurnStarted(seat=CY)]
    assert say(kept) == say(unplayable) == ["Bo draws a card."]
    assert narrate(kept, NAMES, BO) == ["You draw g4 and may play it.", "You keep it."]
    assert say(kept, viewer=None) == ["Bo draws g4 and may play it.", "Bo keeps it."]


def test_a_draw_across_a_reshuffle_is_one_sentence() -> None:
    events = [CardPlayed(seat=ADA, card=C.R_DRAW_TWO),
              CardsDrawn(seat=BO, count=1, cards=(C.G1,), reason=DrawReason.DRAW_TWO),
              DiscardsReshuffled(order=(C.B1, C.B2), rng=3),
              CardsDrawn(seat=BO, count=1, cards=(C.B1,), reason=DrawReason.DRAW_TWO),
              TurnSkipped(seat=BO), TurnStarted(seat=CY)]
    assert say(events) == [
        "Ada plays r+2: Bo draws 2 (the discards are shuffled into a new draw pile) and is skipped."]


def test_dealing_shows_only_your_hand() -> None:
    dealt = [CardsDealt(hands=((C.R1, C.R2), (C.G1, C.G2), (C.B1, C.B2), (C.Y1, C.Y2)))]
    assert say(dealt) == ["Each player is dealt 2; you get r1 r2."]
    assert "g1" in say(dealt, viewer=None)[0]


def test_hand_and_match_end() -> None:
    ended = [HandEnded(winner=ADA, hands=((C.R5,), (), (C.B9,), ()), points=(0, 14, 0, 0), totals=(0, 514, 0, 0)),
             MatchWon(winners=(ADA,), totals=(0, 514, 0, 0))]
    assert say(ended) == ["Ada goes out and scores 14 points. Totals: 0 for you, 514 for Ada, 0 for Bo, 0 for Cy.",
                          "Ada wins the match with 514 points."]


def test_points_come_before_names_that_end_in_a_number() -> None:
    """R-SCORE-5: "Dotty 2 42" would not say whose 2 and whose 42."""
    penalty = HandEnded(winner=1, hands=((C.R5,), (), (C.B9,)), points=(5, 0, 9), totals=(5, 0, 42))
    assert narrate([penalty], ["Me", "Dotty", "Dotty 2"], 0) == [
        "Dotty goes out; points against the others: 5 for you, 9 for Dotty 2. Totals: 5 for you, 0 for Dotty, "
        "42 for Dotty 2."]


def test_describe_one_event_alone() -> None:
    assert describe(UnoCalled(seat=ADA), NAMES, YOU) == "Ada calls UNO!"
    assert describe(TurnStarted(seat=ADA), NAMES, YOU) is None


def test_a_whole_match_narrates_the_same_in_one_go_or_command_by_command(tmp_path: Path) -> None:
    table = Table.new(header_for(players=4, seed=11, target=200))
    play_random(table, 3000, seed=4)
    for viewer in (None, 0, 3):
        whole = narrate(table.match.events, table.names, viewer)
        narrator = Narrator(table.names, viewer)
        pieces: list[str] = []
        bounds = [*table.match.boundaries, len(table.match.events)]
        visible = table.match.visible_events(viewer)
        for start, end in zip(bounds, bounds[1:]):
            pieces += narrator.feed(visible[start:end])
        assert whole == pieces
        assert all(line and line[0].isupper() and line[-1] in ".!" for line in whole)


def test_a_seat_never_reads_cards_it_could_not_see() -> None:
    table = Table.new(header_for(players=3, seed=2, target=100))
    play_random(table, 400, seed=9)
    for line in narrate(table.match.events, table.names, 1):
        if line.startswith(("Ada draws", "Cy draws")):
            assert ":" not in line and not any(card.value in line.split() for card in Card)


def test_a_tie_for_the_deal_is_told_round_by_round() -> None:
    """Rule: R-SETUP-1. The tied players draw again, as often as they tie."""
    draws = [(YOU, C.Y_SKIP), (ADA, C.G0), (BO, C.Y_DRAW_TWO), (CY, C.G5), (YOU, C.Y_REVERSE), (BO, C.B_SKIP),
             (YOU, C.Y9), (BO, C.B4)]
    event = DealerChosen(dealer=YOU, draws=tuple(DealerDraw(seat=seat, card=card) for seat, card in draws))
    assert say([event]) == [
        "Cards drawn for the deal: you ys, Ada g0, Bo y+2, Cy g5; you and Bo tie on 20 and draw again: you yr, "
        "Bo bs; you and Bo tie again on 20 and draw again: you y9, Bo b4. You deal first: y9 is the highest card "
        "(9 points)."]
    three = [(YOU, C.Y9), (ADA, C.G9), (BO, C.B9), (CY, C.G5), (YOU, C.R1), (ADA, C.R7), (BO, C.B2)]
    event = DealerChosen(dealer=ADA, draws=tuple(DealerDraw(seat=seat, card=card) for seat, card in three))
    assert say([event], viewer=BO) == [
        "Cards drawn for the deal: Me y9, Ada g9, you b9, Cy g5; Me, Ada and you tie on 9 and draw again: Me r1, "
        "Ada r7, you b2. Ada deals first: r7 is the highest card (7 points)."]


def opening(viewer: int | None, **changes: object) -> str:
    spot = Position(hands=((C.R1, C.G7), (C.B2,), (C.Y4, C.Y5, C.WILD), (C.G2,) * 3), discard=(C.R5,),
                    draw_pile=(C.G1,) * 9, color=Color.RED, turn=BO, dealer=YOU)
    return Narrator(NAMES, viewer, msgspec.structs.replace(spot, **changes)).feed([])[0]


def test_a_position_opens_the_story_with_what_the_viewer_may_see() -> None:
    mine = opening(YOU, uno_window=ADA)
    assert mine == ("Hand 1 goes on from a set position. The top card is r5, the colour red, and play goes clockwise. "
                    "You hold r1 g7; Ada holds 1 card and has not said UNO; Bo holds 3 cards; Cy holds 3 cards; "
                    "the draw pile holds 9 cards. It is Bo's turn.")
    assert "Bo holds y4 y5 w;" in opening(None) and "Me holds r1 g7;" in opening(None)
    assert opening(YOU, turn=YOU).endswith("It is your turn.")
    assert "; the draw pile holds 1 card. " in opening(YOU, draw_pile=(C.G1,))


def test_a_position_in_the_middle_of_a_decision_says_what_is_awaited() -> None:
    assert opening(YOU, decision=Decision.CHALLENGE, turn=YOU).endswith("You answer a Wild Draw Four: challenge or accept.")
    # That Bo's drawn card could be played is Bo's to know (R-TURN-3).
    assert opening(YOU, decision=Decision.PLAY_OR_KEEP, drawn=C.Y5).endswith("It is Bo's turn.")
    assert opening(BO, decision=Decision.PLAY_OR_KEEP, drawn=C.Y5).endswith("You have drawn y5 and may play it or keep it.")
    wild_start = opening(ADA, decision=Decision.CHOOSE_COLOR, color=None, discard=(C.WILD,))
    assert "The top card is w, its colour not yet named," in wild_start and wild_start.endswith("Bo names the start card's colour.")
    assert opening(YOU, pending=4).endswith("It is Bo's turn. 4 cards to draw are waiting, unless a draw card is stacked on them.")
    assert opening(YOU, decision=Decision.CHALLENGE, turn=YOU, pending=8).endswith(
        "You answer a Wild Draw Four, 8 cards to draw: challenge, accept, or stack another on it.")


def test_a_story_from_a_position_is_told_from_there() -> None:
    # The opening is told once, before the first event; the colour is the position's.
    spot = Position(hands=((C.R1, C.G7), (C.B2, C.WILD_DRAW_FOUR)), discard=(C.R5,), draw_pile=(C.G1,) * 9,
                    color=Color.RED, turn=1, dealer=0)
    narrator = Narrator(["Me", "Ada"], 0, spot)
    first = narrator.feed([CardPlayed(seat=1, card=C.WILD_DRAW_FOUR, bluff=False), ColorNamed(seat=1, color=Color.BLUE)])
    assert first[0].startswith("Hand 1 goes on") and first[1] == "Ada plays w+4 and names blue."
    told = narrator.feed([ChallengeResolved(challenger=0, challenged=1, succeeded=False, revealed=(C.B2,))])
    assert told == ["You challenge: Ada held no red."]
