"""Card reading: the choices a seat made narrow down the hand it holds."""

from __future__ import annotations

from support import scenario

from unotui.bots import make_bot
from unotui.bots.basic import card_value, color_to_name, pick_card
from unotui.bots.memory import PlayNote, TableMemory, matching_faces
from unotui.bots.reading import _context, explains, misread_odds, misreads, score_readings
from unotui.bots.tactics import color_counts
from unotui.bots.worlds import sample_world
from unotui.engine import (
    COLORS,
    DECK,
    AcceptDrawFour,
    Card,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    Challenge,
    Color,
    ColorNamed,
    Decision,
    DrawnCardPlayable,
    DrawReason,
    HandStarted,
    Rng,
    StartCardTurned,
    TurnStarted,
)
from unotui.engine.cards import COLOR_OF

OWN_HAND = (Card.G1, Card.G2, Card.G3, Card.Y4, Card.Y5, Card.B6, Card.B7)


def _memory_after_seat_1_plays(card: Card, named: Color | None = None, players: int = 3) -> TableMemory:
    """Seat 0's notes: a fresh hand of seven each on a red 5, seat 1 chooses `card`."""
    memory = TableMemory(0, players)
    events: list[object] = [HandStarted(hand=1, dealer=0),
                            CardsDealt(hands=(OWN_HAND,) + ((),) * (players - 1)),
                            StartCardTurned(card=Card.R5), TurnStarted(seat=1), CardPlayed(seat=1, card=card)]
    if named is not None:
        events.append(ColorNamed(seat=1, color=named))
    memory.observe(events)  # type: ignore[arg-type]
    return memory


def test_a_choice_at_the_start_of_a_turn_is_noted_with_what_it_was_made_from() -> None:
    memory = _memory_after_seat_1_plays(Card.WILD, Color.BLUE)
    (note,) = memory.plays[1]
    assert (note.card, note.color, note.top, note.current) == (Card.WILD, Color.BLUE, Card.R5, Color.RED)
    assert note.sizes == (7, 7, 7) and note.following == 2
    assert memory.sizes == [7, 6, 7]


def test_a_drawn_card_played_is_no_choice_and_a_draw_starts_the_notes_afresh() -> None:
    memory = _memory_after_seat_1_plays(Card.R1)
    assert len(memory.plays[1]) == 1
    memory.observe([TurnStarted(seat=2), CardsDrawn(seat=2, count=1, cards=(), reason=DrawReason.CHOICE),
                    DrawnCardPlayable(seat=2, card=None), CardPlayed(seat=2, card=Card.R9),
                    TurnStarted(seat=0), CardPlayed(seat=0, card=Card.G9),
                    TurnStarted(seat=1), CardsDrawn(seat=1, count=1, cards=(), reason=DrawReason.CHOICE)])
    assert memory.plays[2] == [] and memory.plays[0] == [] and memory.plays[1] == []
    assert memory.sizes == [6, 7, 7]


def test_a_new_hand_forgets_the_choices() -> None:
    memory = _memory_after_seat_1_plays(Card.R1)
    memory.observe([HandStarted(hand=2, dealer=1)])
    assert memory.plays[1] == []


def test_keeping_to_the_colour_held_most_explains_a_colour_change() -> None:
    """Seat 1 played b5 on r5: with more blue than red that is the habit, not otherwise."""
    memory = _memory_after_seat_1_plays(Card.B5)
    (note,) = memory.plays[1]
    assert explains(note, 1, 3, [Card.B5, Card.B6, Card.B7, Card.R1, Card.G2])
    assert not explains(note, 1, 3, [Card.B5, Card.R1, Card.R2, Card.R3, Card.G2])


def test_a_wild_explains_only_a_hand_with_no_coloured_match_and_its_colour_named() -> None:
    """Rule: R-PLAY-3. Seat 1 played a wild on r5 naming blue."""
    memory = _memory_after_seat_1_plays(Card.WILD, Color.BLUE)
    (note,) = memory.plays[1]
    assert explains(note, 1, 3, [Card.WILD, Card.B1, Card.B2, Card.G3])
    assert not explains(note, 1, 3, [Card.WILD, Card.B1, Card.B2, Card.R3])  # it could have followed red
    assert not explains(note, 1, 3, [Card.WILD, Card.B1, Card.G2, Card.G3])  # it would have named green


def test_later_plays_are_added_back_to_the_hand_each_choice_was_made_from() -> None:
    """Seat 1 played g5 on r5 (more green than red), then g2: its earlier hand held the g2 too."""
    memory = _memory_after_seat_1_plays(Card.G5)
    memory.observe([TurnStarted(seat=2), CardPlayed(seat=2, card=Card.G8),
                    TurnStarted(seat=0), CardPlayed(seat=0, card=Card.G9),
                    TurnStarted(seat=1), CardPlayed(seat=1, card=Card.G2)])
    notes = memory.plays[1]
    assert len(notes) == 2
    # Now holding g1 and r1: green was the colour held most both times, and of g2 and g1
    # the habit sheds the higher.
    assert misreads(notes, 1, 3, [Card.G1, Card.R1], limit=2) == 0
    assert misreads(notes, 1, 3, [Card.G6, Card.R1], limit=2) == 1
    # Holding r1 r2 r3: g5 was chosen over three reds, which the habit does not do.
    assert misreads(notes, 1, 3, [Card.R1, Card.R2, Card.R3], limit=2) == 1


def test_finished_hands_teach_how_far_a_seat_can_be_read() -> None:
    memory = _memory_after_seat_1_plays(Card.WILD, Color.BLUE)
    prior = misread_odds(memory, 1)
    # Its hand at the end shows it could have followed red: it does not play by the habits.
    score_readings(memory, [(), (Card.R1, Card.B1), ()])
    assert memory.readings[1] == [0, 1]
    assert misread_odds(memory, 1) > prior
    memory.readings[1] = [40, 0]
    assert misread_odds(memory, 1) < prior


def test_worlds_deal_a_hand_that_explains_the_choices() -> None:
    """Seat 1 played a wild on r5 naming blue: the worlds mostly give it no red, no 5,
    and blue as its colour held most; without the note they often give it red."""
    match = scenario(hands=[list(card.value for card in OWN_HAND), ["b1", "b2", "b3", "g4", "y6", "y7"],
                            ["r1", "r2", "g8", "g9", "y1", "y2", "y3"]],
                     discard=["r5", "w"], color="blue", turn=2)
    view = match.view(0)
    read = _memory_after_seat_1_plays(Card.WILD, Color.BLUE)
    read.readings[1] = [40, 0]
    blind = TableMemory(0, 3)
    explained = {"read": 0, "blind": 0}
    for seed in range(60):
        for name, memory in (("read", read), ("blind", blind)):
            world = sample_world(view, memory, Rng(seed))
            held = world.hands[1]
            assert len(held) == 6
            explained[name] += explains(read.plays[1][0], 1, 3, [*held, Card.WILD])
    assert explained["read"] >= 54 and explained["blind"] <= 40


def _wild_draw_four_after_choosing_red() -> tuple[object, list[object]]:
    """Seat 1 turned play to red (r5 on b5), then, stuck on r2, played a Wild Draw Four.

    A Wild Draw Four on a colour its player chose itself looks like a bluff; but a
    player who plays by the habits plays one only holding nothing of the colour.
    """
    own = ("g1", "g7", "b3", "b4", "y5", "y6")
    match = scenario(hands=[["g2", "g3", "b7", "b8", "y1", "y2"], ["g4", "g5", "g6", "b1", "y3"], list(own)],
                     discard=["b5", "r5", "r9", "r2", "w+4"], color="green", turn=2, dealer=0,
                     decision=Decision.CHALLENGE, bluff=False)
    dealt = tuple(Card(card) for card in own) + (Card.R9,)
    events: list[object] = [
        HandStarted(hand=1, dealer=0), CardsDealt(hands=((), (), dealt)), StartCardTurned(card=Card.B5),
        TurnStarted(seat=1), CardPlayed(seat=1, card=Card.R5), TurnStarted(seat=2), CardPlayed(seat=2, card=Card.R9),
        TurnStarted(seat=0), CardPlayed(seat=0, card=Card.R2), TurnStarted(seat=1),
        CardPlayed(seat=1, card=Card.WILD_DRAW_FOUR), ColorNamed(seat=1, color=Color.GREEN)]
    return match, events


def test_strong_takes_a_read_wild_draw_four_as_honest() -> None:
    """Rule: R-WD4-3. Read, the Wild Draw Four is honest and strong accepts it; with its
    notes on seat 1's choices forgotten, the same search challenges the likely bluff."""
    match, events = _wild_draw_four_after_choosing_red()
    seat = 2
    view, legal = match.view(seat), match.legal_commands(seat)  # type: ignore[attr-defined]
    for seed in range(3):
        reader = make_bot("strong", seed=seed, seat=seat, players=3, playouts=120)
        reader.observe(events)  # type: ignore[arg-type]
        memory: TableMemory = reader.memory  # type: ignore[attr-defined]
        assert Card.R7 in memory.voids[1] and Card.G2 in memory.voids[1]
        assert reader.choose(view, legal, reader.rng) == AcceptDrawFour(seat=seat)
        guesser = make_bot("strong", seed=seed, seat=seat, players=3, playouts=120)
        guesser.observe(events)  # type: ignore[arg-type]
        forgetful: TableMemory = guesser.memory  # type: ignore[attr-defined]
        forgetful.plays[1].clear()
        forgetful.voids[1] = frozenset()
        assert guesser.choose(view, legal, guesser.rng) == Challenge(seat=seat)


def test_a_wild_chosen_notes_that_no_coloured_card_matched() -> None:
    """A plain wild also says no Wild Draw Four was held: stuck, the habit plays that first."""
    memory = _memory_after_seat_1_plays(Card.WILD, Color.BLUE)
    assert Card.R1 in memory.voids[1] and Card.G5 in memory.voids[1] and Card.WILD_DRAW_FOUR in memory.voids[1]
    assert Card.WILD not in memory.voids[1] and Card.G1 not in memory.voids[1]
    assert memory.constrained(1, 6) == 6


def _habit_explains(note: PlayNote, seat: int, players: int, held: list[Card]) -> bool:
    """`explains` spelt out with the basic level's own `pick_card` and `card_value`."""
    matching = matching_faces(note.top, note.current)
    context = _context(note, seat, players)
    chosen = pick_card([card for card in dict.fromkeys(held) if card in matching], held, context)
    played = note.card
    if COLOR_OF[played] is not None:
        counts = color_counts(held)
        liked = card_value(played, counts, context)
        return COLOR_OF[chosen] is not None and card_value(chosen, counts, context) == liked
    if chosen is not played:
        return False
    rest = list(held)
    rest.remove(played)
    return note.color is None or color_to_name(rest, note.void) is note.color


def test_reading_judges_a_choice_as_the_basic_habits_make_it() -> None:
    """`explains` works from scores it keeps on the note; over thousands of random choices
    it agrees with the habits' `pick_card`, wild and Wild Draw Four rules included."""
    rng = Rng(2024)
    explained = 0
    for case in range(6000):
        players = 2 + rng.randbelow(4)
        seat = rng.randbelow(players)
        top = DECK[rng.randbelow(len(DECK))]
        current = COLOR_OF[top] or COLORS[rng.randbelow(4)]
        playable = [card for card in DECK if card in matching_faces(top, current)]
        played = playable[rng.randbelow(len(playable))]
        held = [played, *(DECK[rng.randbelow(len(DECK))] for _ in range(rng.randbelow(9)))]
        held = rng.shuffle(held)
        sizes = tuple(1 + rng.randbelow(7) for _ in range(players))
        void = frozenset(DECK[rng.randbelow(len(DECK))] for _ in range(rng.randbelow(2) * 12))
        note = PlayNote(played, top, current, sizes, (seat + 1) % players, void)
        if COLOR_OF[played] is None:
            note.color = COLORS[case % 4]
        expected = _habit_explains(note, seat, players, held)
        assert explains(note, seat, players, held) is expected, (note.card, top, current, held, sizes)
        explained += expected
    assert 1500 < explained < 4500
