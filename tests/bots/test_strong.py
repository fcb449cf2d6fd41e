"""The strong level: search that sees what basic habits miss, within its budget."""

from __future__ import annotations

import time

import pytest
from support import scenario

from unotui.bots import make_bot
from unotui.bots.personality import DEFAULT_PERSONALITIES
from unotui.bots import strong
from unotui.bots.helper import Helper, HelperError
from unotui.bots.basic import basic_choice
from unotui.bots.strong import HABIT_BONUS, StrongBot
from unotui.engine import (
    AnyCommand,
    Card,
    Challenge,
    ChallengeResolved,
    Color,
    Decision,
    GameState,
    KeepCard,
    PlayCard,
    Rng,
    RuleSet,
    legal_commands,
    view_for,
)

from .positions import random_positions


def _opponent_seen_holding_green_one() -> tuple[object, list[object]]:
    """Seat 1 is down to g1, which seat 0 saw when it challenged earlier."""
    match = scenario(hands=[["g7", "w", "b3"], ["g1"]], discard=["r7"], turn=0, uno=(1,))
    events = [ChallengeResolved(challenger=0, challenged=1, succeeded=False, revealed=(Card.G1,))]
    return match, events


def test_search_keeps_the_colour_away_from_a_known_last_card() -> None:
    match, events = _opponent_seen_holding_green_one()
    view, legal = match.view(0), match.legal_commands(0)  # type: ignore[attr-defined]
    basic = make_bot("basic", seed=1, seat=0, players=2)
    basic.observe(events)  # type: ignore[arg-type]
    assert basic.choose(view, legal, basic.rng) == PlayCard(seat=0, card=Card.G7)
    strong = make_bot("strong", seed=1, seat=0, players=2, playouts=60)
    strong.observe(events)  # type: ignore[arg-type]
    chosen = strong.choose(view, legal, strong.rng)
    assert chosen == PlayCard(seat=0, card=Card.WILD, color=Color.BLUE)


def test_the_same_seed_makes_the_same_decisions() -> None:
    for state in random_positions(seed=21, count=40):
        seat = state.turn
        picks = []
        for _ in range(2):
            bot = make_bot("strong", seed=8, seat=seat, players=state.players, playouts=20)
            picks.append(bot.choose(view_for(state, seat), legal_commands(state, seat), bot.rng))
        assert picks[0] == picks[1]


def test_a_time_limit_cuts_the_search_short() -> None:
    match = scenario(hands=[["r1", "r2", "g3", "g4", "w", "b+2", "y5"], ["b2", "b3", "b4", "y1", "y2"]],
                     discard=["r5"], turn=0)
    bot = make_bot("strong", seed=3, seat=0, players=2, playouts=1_000_000, time_limit=0.05)
    assert isinstance(bot, StrongBot)
    started = time.perf_counter()
    command = bot.choose(match.view(0), match.legal_commands(0), bot.rng)
    assert time.perf_counter() - started < 1.0
    assert command in match.legal_commands(0) and bot.searches == 1


def test_a_time_limit_holds_for_the_whole_search() -> None:
    # Without helpers the streams are played one after the other: the second gets what
    # the first left of the limit, not a limit of its own.
    match = scenario(hands=[["r1", "r2", "g3", "g4", "w", "b+2", "y5"], ["b2", "b3", "b4", "y1", "y2"]],
                     discard=["r5"], turn=0)
    bot = make_bot("strong", seed=3, seat=0, players=2, playouts=1_000_000, time_limit=0.2)
    started = time.perf_counter()
    bot.choose(match.view(0), match.legal_commands(0), bot.rng)
    assert time.perf_counter() - started < 0.3


def test_weighing_puts_first_the_move_the_bot_chooses() -> None:
    # A hint shows `weigh`: its first move must be the bot's own choice, from the same generator.
    searched = 0
    for state in random_positions(seed=23, count=60):
        seat = state.turn
        view, legal = view_for(state, seat), legal_commands(state, seat)
        chooser = make_bot("strong", seed=5, seat=seat, players=state.players, playouts=24, time_limit=None)
        weigher = make_bot("strong", seed=5, seat=seat, players=state.players, playouts=24, time_limit=None)
        assert isinstance(weigher, StrongBot)
        weighed = weigher.weigh(view, legal, weigher.rng)
        assert weighed[0][0] == chooser.choose(view, legal, chooser.rng)
        commands = [move.command for move in weighed]
        assert len(set(commands)) == len(commands) and set(commands) <= set(legal)
        shares = [move.share for move in weighed]
        if len(weighed) == 1:
            assert shares == [None] and weigher.searches == 0
        else:
            searched += 1
            assert all(share is not None and 0.0 <= share <= 1.0 for share in shares)
    assert searched >= 20


def test_weighing_ranks_the_moves_by_their_credited_shares() -> None:
    # Every move is weighed, best first; the usual move (the habit's) counts its credit.
    match = scenario(hands=[["r3", "g7", "r9", "w", "b5"], ["b2", "b3", "y7"], ["y1", "y2"]], discard=["r5"], turn=0)
    view, legal = match.view(0), match.legal_commands(0)
    bot = make_bot("strong", seed=2, seat=0, players=3, playouts=400, time_limit=None)
    assert isinstance(bot, StrongBot)
    habit = basic_choice(view, legal, Rng(0), bot.memory)
    weighed = bot.weigh(view, legal, bot.rng)
    assert len(weighed) >= 4 and habit in [move.command for move in weighed]
    credited = [(move.share or 0.0) + (HABIT_BONUS if move.command == habit else 0.0) for move in weighed]
    assert credited == sorted(credited, reverse=True)


def test_an_honest_wild_draw_four_is_never_challenged_but_may_be_stacked() -> None:
    """Rule: R-HOUSE-1. Not one world has it a bluff: a challenge is ruled out, and
    stacking your own is weighed against accepting (it used to be ruled out with it)."""
    match = scenario(hands=[["w+4", "r2", "g3"], ["b1", "b2", "b3", "b4", "b5", "b6", "b7"], ["y1", "y2", "y3"]],
                     discard=["y5", "w+4"], color="blue", decision="challenge", bluff=False, dealer=2, turn=0,
                     rules=RuleSet(stacking=True))
    view, legal = match.view(0), match.legal_commands(0)
    bot = make_bot("strong", seed=4, seat=0, players=3, playouts=400, time_limit=None)
    assert isinstance(bot, StrongBot)
    weighed = bot.weigh(view, legal, bot.rng)
    assert isinstance(weighed[0].command, PlayCard) and weighed[0].command.card is Card.WILD_DRAW_FOUR
    challenge = next(move for move in weighed if isinstance(move.command, Challenge))
    assert challenge.ruled_out and weighed[-1] == challenge


def test_no_search_when_there_is_nothing_to_choose() -> None:
    match = scenario(hands=[["g1", "g2"], ["b2", "b3"]], discard=["r5"], turn=0)
    bot = make_bot("strong", seed=3, seat=0, players=2, playouts=50)
    assert isinstance(bot, StrongBot)
    bot.choose(match.view(0), match.legal_commands(0), bot.rng)
    assert bot.searches == 0


def test_a_search_dealt_the_true_hands_plays_what_they_show() -> None:
    # The seam the decision-regret benchmark uses to measure what reading could be worth.
    match = scenario(hands=[["g7", "w", "b3"], ["g1"]], discard=["r7"], turn=0, uno=(1,))
    truth = match.state  # type: ignore[attr-defined]
    dealt = []

    class TrueHands:
        def __init__(self, view: object, memory: object) -> None:
            pass

        def sample(self, rng: Rng, bluff: bool | None = None) -> GameState:
            world = truth.copy()
            world.draw = rng.shuffle(world.draw)
            dealt.append(world)
            return world

    class SeeingBot(StrongBot):
        world_sampler = TrueHands  # type: ignore[assignment]

    bot = SeeingBot(0, 2, DEFAULT_PERSONALITIES["strong"], 1, playouts=60)
    view, legal = match.view(0), match.legal_commands(0)  # type: ignore[attr-defined]
    assert bot.candidates(view, legal, Rng(1))[0] == PlayCard(seat=0, card=Card.G7)
    assert bot.choose(view, legal, bot.rng) == PlayCard(seat=0, card=Card.WILD, color=Color.BLUE)
    assert dealt and all(world.hands[1] == [Card.G1] for world in dealt)


def test_keeping_a_drawn_wild_gets_the_credit_playing_it_gets(monkeypatch: pytest.MonkeyPatch) -> None:
    match = scenario(hands=[["r1", "r2", "g3", "w"], ["b2", "b3", "b4"]], discard=["y5"], turn=0,
                     decision=Decision.PLAY_OR_KEEP, drawn="w")
    view, legal = match.view(0), match.legal_commands(0)  # type: ignore[attr-defined]
    bot = make_bot("strong", seed=3, seat=0, players=2, playouts=40)
    assert isinstance(bot, StrongBot)
    habit, *others = bot.candidates(view, legal, Rng(3))
    assert habit == PlayCard(seat=0, card=Card.WILD, color=Color.RED) and KeepCard(seat=0) in others
    # Keeping scores a little better than the habit's play, by less than the habit's credit.
    values = {habit: 0.5, KeepCard(seat=0): 0.5 + HABIT_BONUS / 2}

    def play_move(state: GameState, command: AnyCommand, *args: object) -> float:
        return values.get(command, 0.0)

    monkeypatch.setattr(strong, "play_move", play_move)
    assert bot.choose(view, legal, bot.rng) == KeepCard(seat=0)


def test_many_candidates_share_the_worlds_of_four(monkeypatch: pytest.MonkeyPatch) -> None:
    # A wild beside coloured cards makes many candidates: each is still played in a
    # quarter of the budget's worlds (`MAX_SHARES`), so the search spends more.
    match = scenario(hands=[["r1", "r2", "r3", "g5", "w", "b3"], ["b2", "b4", "y4"]], discard=["r5"], turn=0)
    view, legal = match.view(0), match.legal_commands(0)  # type: ignore[attr-defined]
    bot = make_bot("strong", seed=3, seat=0, players=2, playouts=40)
    assert isinstance(bot, StrongBot)
    candidates = bot.candidates(view, legal, Rng(3))
    assert len(candidates) > strong.MAX_SHARES
    played: list[AnyCommand] = []

    def play_move(state: GameState, command: AnyCommand, *args: object) -> float:
        played.append(command)
        return 0.5

    monkeypatch.setattr(strong, "play_move", play_move)
    bot.choose(view, legal, bot.rng)
    assert len(played) == len(candidates) * 40 // strong.MAX_SHARES


def _searched_positions(count: int) -> list[tuple[GameState, int]]:
    return [(state.copy(), state.turn) for state in random_positions(seed=5, count=count)]


def test_a_parallel_search_scores_as_one_process_does() -> None:
    # A search's streams give the same scores wherever they are played out.
    searched = 0
    for state, seat in _searched_positions(30):
        view, legal = view_for(state, seat), legal_commands(state, seat)
        scores = []
        for parallel in (False, True):
            bot = make_bot("strong", seed=4, seat=seat, players=state.players, playouts=40, parallel=parallel)
            assert isinstance(bot, StrongBot)
            candidates = bot.candidates(view, legal, Rng(2))
            if len(candidates) < 2:
                break
            scores.append(bot.scores(view, candidates, Rng(2)))
        else:
            assert scores[0] == scores[1]
            searched += 1
    assert searched >= 5
    assert strong.search_helpers()


class _DeadHelper:
    """A helper process that died: the stream sent to it never comes back."""

    def __init__(self) -> None:
        self.sent = 0

    def start(self, *args: object) -> None:
        self.sent += 1

    def result(self) -> object:
        raise HelperError("helper gone: EOFError()")

    def close(self) -> None:
        pass


def test_a_search_whose_helpers_died_plays_their_streams_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    dead = _DeadHelper()
    monkeypatch.setattr(strong, "_helpers", [dead])
    monkeypatch.setattr(strong, "_helpers_failed", False)
    state, seat = next((state, seat) for state, seat in _searched_positions(30)
                       if len(make_bot("strong", seat=seat, players=state.players).candidates(  # type: ignore[attr-defined]
                           view_for(state, seat), legal_commands(state, seat), Rng(2))) > 1)
    view, legal = view_for(state, seat), legal_commands(state, seat)
    picks = []
    for parallel in (False, True, True):
        bot = make_bot("strong", seed=4, seat=seat, players=state.players, playouts=40, parallel=parallel)
        picks.append(bot.choose(view, legal, bot.rng))
    assert picks[0] == picks[1] == picks[2]
    # The first failure gives the helpers up: the next search does not try them again.
    assert dead.sent == 1
    assert strong.search_helpers() == []
