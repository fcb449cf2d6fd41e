"""The simulator: bots play many hands (or matches) against each other, and the tally.

Game `i` is seeded from (seed, i) alone, seats rotate with `i` so that every bot sits
in every seat equally often, and results are tallied in game order, so a run gives
the same figures whatever the number of processes.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import shutil
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from datetime import UTC, datetime
from pathlib import Path

import msgspec

from unotui.engine import (
    AnyCommand,
    Decision,
    PRESETS,
    HandEnded,
    JumpedIn,
    MatchWon,
    Phase,
    PlayCard,
    PlayerView,
    Rejected,
    RuleSet,
    Setup,
    StartHand,
    apply,
    decide,
    initial_state,
    legal_commands,
    preset,
    view_for,
    visible_events,
)
from unotui.engine.cards import COLOR_OF
from unotui.engine.rng import MASK64, next_u64

if TYPE_CHECKING:
    from unotui.record import Table

from .base import Bot, BotBase, table_reactions
from .random_bot import RandomBot
from .registry import bot_from_spec, bot_name
from .strong import StrongBot

__all__ = [
    "CATCH_WINDOW",
    "BotTally",
    "GameResult",
    "SimulationConfig",
    "SimulationReport",
    "game_seed",
    "format_report",
    "play_game",
    "run_simulate",
    "simulate",
    "tally",
    "wilson_interval",
]

CATCH_WINDOW = 1.5
"""Seconds the turn player takes over a command in simulation: reactions due sooner (a
catch of a forgotten UNO, R-UNO-3; a late UNO; a jump-in, R-HOUSE-3) come first."""


class SimulationConfig(msgspec.Struct, frozen=True, kw_only=True):
    """What to simulate."""

    bots: tuple[str, ...]
    """One bot per seat: a level (`strong`) or a named opponent (`Vera`)."""
    games: int = 1000
    rules: RuleSet = RuleSet()
    seed: int = 0
    match: bool = False
    """Play whole matches to the target score instead of single hands."""
    playouts: int | None = None
    """The `strong` level's play-outs per decision; None for its default."""
    time_limit: float | None = None
    """The `strong` level's seconds per decision; results then depend on the machine."""
    parallel_search: bool = False
    """The `strong` level plays each search's streams on helper processes, as at a
    table: only its decision times change."""
    save_dir: str | None = None
    """Save every game as a replay file (`game-00000.uno`, ...) in this folder."""


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """One simulated game, by bot slot (the bot's position in `SimulationConfig.bots`)."""

    index: int
    hands: int
    winners: tuple[int | None, ...]
    """The winning slot of each hand; None for a blocked hand."""
    points: tuple[int, ...]
    """Points each slot scored over the game."""
    match_winners: tuple[int, ...]
    commands: int
    decision_ms: tuple[tuple[float, ...], ...]
    """Decision times of each `strong` slot, in milliseconds (empty for other levels)."""
    searched_ms: tuple[tuple[float, ...], ...]
    """The same, only the decisions that were searched."""
    jump_ins: tuple[int, ...] = ()
    """Jump-ins each slot made (R-HOUSE-3)."""


class BotTally(msgspec.Struct, frozen=True, kw_only=True):
    """One bot's figures over a run."""

    slot: int
    bot: str
    hands: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    """The 95% Wilson interval of the win rate."""
    points_per_hand: float
    matches_won: int
    decision_ms_median: float | None = None
    decision_ms_p99: float | None = None
    searched_ms_median: float | None = None
    searched_ms_p99: float | None = None
    jump_ins: int = 0
    """Cards it played out of turn (R-HOUSE-3)."""


class SimulationReport(msgspec.Struct, frozen=True, kw_only=True):
    """The whole run."""

    games: int
    hands: int
    players: int
    bots: tuple[BotTally, ...]
    seconds: float
    hands_per_second: float
    commands_per_hand: float
    blocked_hands: int
    matches: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (independent of job count).

    >>> game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 0)
    True
    """
    state, z = next_u64((seed * 0x9E3779B97F4A7C15 + index) & MASK64)
    _, z2 = next_u64(z ^ seed)
    return z2


def play_game(config: SimulationConfig, index: int) -> GameResult:
    """Play game `index` of a run: one hand, or a whole match with `config.match`.

    Raises:
        RuntimeError: naming the bot, if a bot gives a command the engine rejects.
    """
    players = len(config.bots)
    seed = game_seed(config.seed, index)
    slot_of = [(seat + index) % players for seat in range(players)]
    bots: list[Bot] = [
        bot_from_spec(config.bots[slot_of[seat]], next_u64(seed ^ (seat + 1) * 0xD1B54A32D192ED03 & MASK64)[1],
                      seat=seat, players=players, playouts=config.playouts, time_limit=config.time_limit,
                      parallel=config.parallel_search)
        for seat in range(players)
    ]
    by_seat = dict(enumerate(bots))
    table = _recording_table(config, seed, [config.bots[slot] for slot in slot_of], bots) if config.save_dir else None
    state = table.state if table is not None else initial_state(Setup(players=players, rules=config.rules, seed=seed))
    observers = [seat for seat in range(players) if bots[seat].observes]
    # The random level reads no view: the hot loop skips building one for it.
    blind = [isinstance(bot, RandomBot) for bot in bots]
    timed = [isinstance(bot, StrongBot) for bot in bots]
    times: list[list[float]] = [[] for _ in range(players)]
    searched: list[list[float]] = [[] for _ in range(players)]
    winners: list[int | None] = []
    points = [0] * players
    match_winners: list[int] = []
    jump_ins = [0] * players
    commands = 0

    jumping = config.rules.jump_in

    def submit(command: AnyCommand) -> None:
        verdict = decide(state, command) if table is None else table.submit(command)
        if type(verdict) is Rejected:
            seat = command.seat
            raise RuntimeError(f"bot {config.bots[slot_of[seat]]!r} at seat {seat} gave an illegal command "
                               f"{command!r}: {verdict.reason} ({verdict.rule})")
        events = verdict.events  # type: ignore[union-attr]
        if table is None:
            for event in events:
                apply(state, event)
        for observer in observers:
            bots[observer].observe(visible_events(events, observer))
        if jumping and type(events[0]) is JumpedIn:
            jump_ins[slot_of[command.seat]] += 1
        if state.phase is not Phase.PLAYING:
            for event in events:
                if type(event) is HandEnded:
                    winners.append(None if event.winner is None else slot_of[event.winner])
                    for seat, gained in enumerate(event.points):
                        points[slot_of[seat]] += gained
                elif type(event) is MatchWon:
                    match_winners.extend(slot_of[seat] for seat in event.winners)

    # Who may act out of turn: the bare random level never does, so a table of them
    # plays exactly the engine benchmark's `any` workload.
    reactors = {seat: bot for seat, bot in enumerate(bots) if not isinstance(bot, BotBase) or bot.reacts}
    playing, jump_decisions = Phase.PLAYING, (Decision.PLAY, Decision.STACK)

    def react(command: AnyCommand) -> int:
        """Reactions after `command`, each planned for the state it is submitted in.

        A catch window is asked about once, right after the play that opened it; under the
        jump-in rule every state with a coloured top card that another seat holds is asked
        about. The earliest reaction due before the turn player acts is submitted, which
        makes a new state to ask about; the others are stale and dropped unsent.
        """
        made = 0
        while state.phase is playing:
            window = state.uno_window
            catchable = window is not None and not state.uno_said[window] and len(state.hands[window]) == 1
            fresh = catchable and type(command) is PlayCard
            top = state.discard[-1]
            jump = (jumping and state.decision in jump_decisions and COLOR_OF[top] is not None
                    and any(top in state.hands[seat] for seat in reactors if seat != state.turn))
            if not (fresh or jump):
                return made
            if catchable and not fresh:
                # This window was asked about when it opened: no second chance at it.
                def view_of(seat: int) -> PlayerView:
                    return msgspec.structs.replace(view_for(state, seat), catchable=None)
            else:
                def view_of(seat: int) -> PlayerView:
                    return view_for(state, seat)
            reactions = table_reactions(reactors, view_of)
            if not reactions or reactions[0].delay > CATCH_WINDOW:
                return made
            command = reactions[0].command
            submit(command)
            made += 1
        return made

    pick = RandomBot.pick
    while True:
        phase = state.phase
        if phase is not playing:
            if phase is Phase.MATCH_OVER or (phase is Phase.HAND_OVER and not config.match):
                break
            submit(StartHand(seat=0))
            commands += 1
            continue
        turn = state.turn
        bot = bots[turn]
        legal = legal_commands(state, turn)
        if blind[turn]:
            command = pick(legal, bot.rng)
        elif timed[turn]:
            strong: StrongBot = bot  # type: ignore[assignment]
            before, started = strong.searches, time.perf_counter()
            command = bot.choose(view_for(state, turn), legal, bot.rng)
            spent = (time.perf_counter() - started) * 1000.0
            times[turn].append(spent)
            if strong.searches != before:
                searched[turn].append(spent)
        else:
            command = bot.choose(view_for(state, turn), legal, bot.rng)
        submit(command)
        commands += 1
        if reactors:
            commands += react(command)
    if table is not None and config.save_dir is not None:
        table.save_as(Path(config.save_dir) / f"game-{index:05d}.uno")
    by_slot_times: list[tuple[float, ...]] = [() for _ in range(players)]
    by_slot_searched: list[tuple[float, ...]] = [() for _ in range(players)]
    for seat in range(players):
        if timed[seat]:
            by_slot_times[slot_of[seat]] = tuple(times[seat])
            by_slot_searched[slot_of[seat]] = tuple(searched[seat])
    return GameResult(index=index, hands=len(winners), winners=tuple(winners), points=tuple(points),
                      match_winners=tuple(match_winners), commands=commands,
                      decision_ms=tuple(by_slot_times), searched_ms=tuple(by_slot_searched), jump_ins=tuple(jump_ins))


def _recording_table(config: SimulationConfig, seed: int, specs: Sequence[str], bots: Sequence[Bot]) -> Table:
    """A table that keeps the game's records, for saving it as a replay file.

    Only the simulator's saving reaches into the record layer, so it is imported here.
    """
    from unotui.record import PlayerInfo, PlayerKind, Table, make_header
    # A name starts with a capital, as a level does not: "Strong 0", like "Rex 1".
    players = [
        PlayerInfo(name=f"{spec[:1].upper()}{spec[1:]} {seat}"[:40], kind=PlayerKind.BOT, level=bot.level,
                   personality=None if spec.lower() == bot.level else spec, seed=bot.rng.state)
        for seat, (spec, bot) in enumerate(zip(specs, bots, strict=True))
    ]
    # A fixed date: a run's files are then the same bytes whatever day it is run.
    header = make_header(players, config.rules, seed=seed, created=datetime(2000, 1, 1, tzinfo=UTC))
    return Table.new(header)


def wilson_interval(wins: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        return 0.0, 1.0
    rate = wins / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _play_indexed(job: tuple[SimulationConfig, int]) -> GameResult:
    return play_game(*job)


def run_games(config: SimulationConfig, jobs: int = 1) -> Iterator[GameResult]:
    """Every game's result, in game order, played on `jobs` processes."""
    if jobs <= 1 or config.games <= 1:
        for index in range(config.games):
            yield play_game(config, index)
        return
    chunk = max(1, min(16, config.games // (jobs * 8)))
    context = multiprocessing.get_context("fork")
    # No more processes than games (an idle one only costs memory); Ctrl-C is the parent's
    # to handle, or each worker would print its own traceback.
    with context.Pool(min(jobs, config.games), initializer=signal.signal,
                      initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        yield from pool.imap(_play_indexed, ((config, index) for index in range(config.games)), chunksize=chunk)


def tally(config: SimulationConfig, results: Sequence[GameResult], seconds: float) -> SimulationReport:
    """Sum game results into per-bot figures."""
    players = len(config.bots)
    hands = sum(result.hands for result in results)
    wins = [0] * players
    points = [0] * players
    matches = [0] * players
    blocked = 0
    jumped = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    searched: list[list[float]] = [[] for _ in range(players)]
    for result in results:
        for winner in result.winners:
            if winner is None:
                blocked += 1
            else:
                wins[winner] += 1
        for slot in range(players):
            points[slot] += result.points[slot]
            times[slot] += result.decision_ms[slot]
            searched[slot] += result.searched_ms[slot]
        for slot in result.match_winners:
            matches[slot] += 1
        for slot, count in enumerate(result.jump_ins):
            jumped[slot] += count
    tallies = []
    for slot, name in enumerate(config.bots):
        low, high = wilson_interval(wins[slot], hands)
        tallies.append(BotTally(
            slot=slot, bot=name, hands=hands, wins=wins[slot], win_rate=wins[slot] / hands if hands else 0.0,
            win_low=low, win_high=high, points_per_hand=points[slot] / hands if hands else 0.0,
            matches_won=matches[slot],
            decision_ms_median=statistics.median(times[slot]) if times[slot] else None,
            decision_ms_p99=_percentile(times[slot], 0.99) if times[slot] else None,
            searched_ms_median=statistics.median(searched[slot]) if searched[slot] else None,
            searched_ms_p99=_percentile(searched[slot], 0.99) if searched[slot] else None,
            jump_ins=jumped[slot],
        ))
    commands = sum(result.commands for result in results)
    return SimulationReport(
        games=len(results), hands=hands, players=players, bots=tuple(tallies), seconds=seconds,
        hands_per_second=hands / seconds if seconds > 0 else 0.0,
        commands_per_hand=commands / hands if hands else 0.0, blocked_hands=blocked,
        matches=sum(1 for result in results if result.match_winners),
    )


def simulate(config: SimulationConfig, jobs: int = 1,
             progress: Callable[[int, int, float], None] | None = None) -> tuple[SimulationReport, list[GameResult]]:
    """Play the run and tally it.

    Args:
        config: what to play.
        jobs: processes to spread the games over; the figures do not depend on it.
        progress: called as `progress(done, total, seconds)` after every game.

    Returns:
        The report and every game's result, in game order.
    """
    started = time.perf_counter()
    results: list[GameResult] = []
    if progress is not None:
        progress(0, config.games, 0.0)  # the bar shows at once, not after the first batch of games
    for result in run_games(config, jobs):
        results.append(result)
        if progress is not None:
            progress(len(results), config.games, time.perf_counter() - started)
    return tally(config, results, time.perf_counter() - started), results


class ProgressBar:
    """A one-line progress bar with rate and ETA, redrawn ten times a second or every 1% done.

    Games from other processes come back a batch at a time, all in the same instant: a bar
    redrawn on time alone would show the batch's first game until the next batch came.

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = ProgressBar(stream, width=4, columns=80)
    >>> bar(0, 200, 0.0)
    >>> for done in range(1, 6):
    ...     bar(done, 200, 2.0)
    >>> [line.split(" games")[0] for line in stream.getvalue().split(chr(13))[1:]]
    ['[....] 0/200', '[....] 1/200', '[....] 3/200', '[....] 5/200']
    >>> stream.getvalue().rpartition(chr(13))[2]
    '[....] 5/200 games 2.5/s ETA 78s '
    >>> narrow = io.StringIO()
    >>> ProgressBar(narrow, columns=40)(5, 200, 2.0)
    >>> narrow.getvalue().lstrip(chr(13))
    '[..........] 5/200 games 2.5/s ETA 78s '
    >>> narrow = io.StringIO()
    >>> ProgressBar(narrow, columns=30)(5, 200, 2.0)
    >>> narrow.getvalue().lstrip(chr(13))
    '5/200 games 2.5/s ETA 78s '
    """

    def __init__(self, stream: TextIO | None = None, unit: str = "games", width: int = 30,
                 columns: int | None = None) -> None:
        self.stream: TextIO = stream if stream is not None else sys.stderr
        self.unit, self.width, self.last, self.last_done = unit, width, -math.inf, 0
        self.columns = columns if columns is not None else shutil.get_terminal_size().columns
        """The terminal's width: a line longer than it wraps, and each redraw lands on a new line."""

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if done < total and seconds - self.last < 0.1 and done - self.last_done < max(1, total // 100):
            return
        self.last, self.last_done = seconds, done
        rate = done / seconds if seconds > 0 else 0.0
        eta = f"{(total - done) / rate:.0f}s" if rate > 0 else "…"
        figures = f"{done}/{total} {self.unit} {rate:.1f}/s ETA {eta} "
        # The bar gives way first on a narrow terminal, then the figures are cut.
        width = min(self.width, self.columns - 1 - len(figures) - 3)
        filled = int(width * done / total) if total else width
        bar = f"[{'#' * filled}{'.' * (width - filled)}] " if width >= min(self.width, 10) else ""
        self.stream.write("\r" + (bar + figures)[: max(1, self.columns - 1)])
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def format_report(config: SimulationConfig, report: SimulationReport, jobs: int) -> str:
    """The report as a table for people."""
    hands = f"{report.hands} hand{'s' if report.hands != 1 else ''}"
    played = f"{report.games} match{'es' if report.games != 1 else ''} ({hands})" if config.match else hands
    labels = _labels(report.bots)
    width = max(14, *(len(label) for label in labels))
    lines = [
        f"{played}, {report.players} players, rules {_rules_name(config.rules)}, seed {config.seed}, jobs {jobs}",
        "",
        # Matches won only when matches were played: a column of noughts would say they were lost.
        f"{'bot':<{width}} {'hands won':>9} {'win %':>7}  {'95% CI':<13} {'points/hand':>11}"
        + (f" {'matches won':>11}" if config.match else ""),
    ]
    for tally, label in zip(report.bots, labels, strict=True):
        ci = f"{100 * tally.win_low:4.1f}-{100 * tally.win_high:4.1f}%"
        lines.append(f"{label:<{width}} {tally.wins:>9} {100 * tally.win_rate:>6.1f}%  {ci:<13} "
                     f"{tally.points_per_hand:>11.1f}" + (f" {tally.matches_won:>11}" if config.match else ""))
    if report.blocked_hands:
        lines.append(f"{'(blocked)':<{width}} {report.blocked_hands:>9}")
    lines.append("")
    if config.rules.jump_in:
        lines.append("jump-ins: " + ", ".join(f"{label} {tally.jump_ins}"
                                              for tally, label in zip(report.bots, labels, strict=True)))
    for tally, label in zip(report.bots, labels, strict=True):
        if tally.decision_ms_median is not None:
            # Two lines that fit 80 columns: the figures are copied from a terminal into notes.
            lines.append(f"{label} decisions: median {tally.decision_ms_median:.1f} ms, "
                         f"99th percentile {tally.decision_ms_p99:.1f} ms")
            if tally.searched_ms_median is not None:
                lines.append(f"  searched ones: median {tally.searched_ms_median:.1f} ms, "
                             f"99th percentile {tally.searched_ms_p99 or 0.0:.1f} ms")
    lines.append(f"{report.hands_per_second:,.1f} hands/s ({report.commands_per_hand:,.1f} commands/hand, "
                 f"{report.seconds:.1f} s)")
    return "\n".join(lines)


def _labels(bots: Sequence[BotTally]) -> list[str]:
    """Each bot's name, with its slot (its place in `--bots`, from 0, the JSON's `slot`)
    when another bot has the same name: three rows reading `basic` can't be told apart.

    >>> tallies = [BotTally(slot=slot, bot=bot, hands=0, wins=0, win_rate=0, win_low=0, win_high=1,
    ...                     points_per_hand=0, matches_won=0) for slot, bot in enumerate(["basic", "Vera", "basic"])]
    >>> _labels(tallies)
    ['basic (slot 0)', 'Vera', 'basic (slot 2)']
    """
    named = Counter(tally.bot for tally in bots)
    return [f"{tally.bot} (slot {tally.slot})" if named[tally.bot] > 1 else tally.bot for tally in bots]


def _rules_name(rules: RuleSet) -> str:
    for name, known in PRESETS.items():
        if known == rules:
            return name
    return "custom"


def run_simulate(args: argparse.Namespace) -> int:
    """`unotui simulate`: parse what the command line asked for, play it, print the tally."""
    try:
        config, jobs = _config_from_args(args)
    except ValueError as error:
        print(f"unotui simulate: error: {error}", file=sys.stderr)
        return 2
    progress = ProgressBar(sys.stderr) if sys.stderr.isatty() and not args.quiet else None
    try:
        report, _ = simulate(config, jobs, progress)
    except KeyboardInterrupt:
        # The bar's line is ended, so that the shell's prompt starts on its own.
        print(("\n" if progress is not None else "") + "unotui simulate: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print(msgspec.json.encode({"config": config, "jobs": jobs, "report": report}).decode())
    else:
        print(format_report(config, report, jobs))
    return 0


def _config_from_args(args: argparse.Namespace) -> tuple[SimulationConfig, int]:
    """Raises: ValueError with a one-line message naming the bad option."""
    bots = tuple(name.strip() for name in args.bots.split(","))
    if not any(bots):
        raise ValueError("--bots names no bot: list 2 to 10, comma separated")
    if not all(bots):
        raise ValueError(f"--bots {args.bots}: bot {bots.index('') + 1} has no name (a comma too many?)")
    bots = tuple(bot_name(name) for name in bots)
    if len(bots) == 1 and args.players is None:
        raise ValueError(f"--bots {bots[0]} names one bot: add --players N to seat N of them, or name 2 to 10 bots")
    if args.players is None and len(bots) > 10:
        raise ValueError(f"--bots names {len(bots)} bots: a table seats 2 to 10")
    players = args.players if args.players is not None else len(bots)
    if not 2 <= players <= 10:
        raise ValueError(f"--players must be 2 to 10, not {players}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"--bots names {len(bots)} bots for --players {players}")
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
    if args.playouts is not None and args.playouts < 0:
        raise ValueError(f"--playouts must not be negative, not {args.playouts}")
    if args.parallel_search and args.jobs > 1:
        raise ValueError("--parallel-search needs --jobs 1: with more jobs the cores are already busy")
    save_dir = None
    if args.save_dir is not None:
        from unotui.record import make_folder

        try:
            folder = make_folder(Path(args.save_dir).expanduser())
        except ValueError as error:
            raise ValueError(f"--save-dir: {error}") from None
        # Games are numbered from 0 in each run: another run's files would be replaced or mixed in.
        earlier = sorted(folder.glob("game-*.uno"))
        if earlier:
            files = earlier[0].name if len(earlier) == 1 else f"{earlier[0].name} and {len(earlier) - 1} more"
            raise ValueError(f"--save-dir {folder} already holds games of another run ({files}): "
                             "name a new or empty folder")
        save_dir = str(folder)
    config = SimulationConfig(
        bots=bots, games=args.games, rules=preset(args.rules), seed=args.seed, match=args.match,
        playouts=args.playouts, time_limit=args.time_limit_ms / 1000.0 if args.time_limit_ms else None,
        save_dir=save_dir, parallel_search=args.parallel_search,
    )
    return config, args.jobs
