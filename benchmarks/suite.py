"""The measures of ``benchmarks/run.py``: the engine's hot paths next to their anchors.

Every timed measure is a *task*: a callable that does one batch of work for about a given
number of CPU seconds and returns ``(units, cpu_seconds)``. :func:`interleaved` runs the tasks
round after round, one batch of each per round (so a burst of load on a shared machine hits
every measure alike), and keeps the median rate of each. The anchors (OpenSpiel's C++
``crazy_eights`` and ``treys``, from the optional ``bench`` extra) are tasks like the others, in
the same rounds; :func:`paired` runs each ratio's two measures back to back, so the ratios
printed by ``run.py`` compare batches taken side by side.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

# the reference code kept beside this module
from ismcts_reference import ReferenceISMCTSBot
from paiute_reference import reference_determinize as paiute_reference_determinize
from sixes_determinize_reference import reference_determinize as sixes_reference_determinize

from cardgames.bots import ISMCTSBot
from cardgames.cards import Card, Rank, standard_deck
from cardgames.game import Game, random_playout_returns
from cardgames.paiute import Paiute, PaiuteConfig
from cardgames.paiute.hands import evaluate
from cardgames.serialization import decode_observation, decode_state, dumps, encode
from cardgames.sixes import Sixes, SixesConfig

clock = time.process_time
Task = Callable[[float], tuple[float, float]]


@attrs.frozen
class Measure:
    """One figure of the suite: what it is, its unit, and how to take one batch of it.

    ``per_unit`` turns the rate into a time per unit (µs) when true; otherwise the figure is a
    rate (units per CPU second).
    """

    name: str
    unit: str
    task: Task
    per_unit: bool = False

    def figure(self, units: float, seconds: float) -> float:
        """The figure of one batch: µs per unit, or units per second."""
        if self.per_unit:
            return 1e6 * seconds / max(units, 1e-9)
        return units / max(seconds, 1e-9)


def _cycle(items: Sequence[Any], body: Callable[[Any], object]) -> Task:
    """A task applying ``body`` to ``items`` in whole passes until the budget is spent."""

    def task(budget: float) -> tuple[float, float]:
        units = 0
        start = clock()
        while True:
            for item in items:
                body(item)
            units += len(items)
            elapsed = clock() - start
            if elapsed >= budget:
                return units, elapsed

    return task


def playouts(game: Game[Any, Any, Any], seed: int = 0) -> Task:
    """Random playouts through the protocol: ``legal_actions``, a seeded choice, ``apply``."""
    games = iter(range(seed, seed + 10**9))

    def task(budget: float) -> tuple[float, float]:
        rng = random.Random(seed)
        randrange = rng.randrange
        legal_actions, apply, is_terminal = game.legal_actions, game.apply, game.is_terminal
        actions = 0
        start = clock()
        while clock() - start < budget:
            state = game.initial_state(next(games))
            while not is_terminal(state):
                choices = legal_actions(state)
                state = apply(state, choices[randrange(len(choices))])
                actions += 1
        return actions, clock() - start

    return task


def trajectory_states(game: Game[Any, Any, Any], count: int, seed: int = 0) -> list[Any]:
    """``count`` non-terminal states met along seeded random playouts (every state kept)."""
    rng = random.Random(seed)
    states: list[Any] = []
    game_seed = seed
    while len(states) < count:
        state = game.initial_state(game_seed)
        game_seed += 1
        while not game.is_terminal(state) and len(states) < count:
            states.append(state)
            choices = game.legal_actions(state)
            state = game.apply(state, choices[rng.randrange(len(choices))])
    return states


def search_task(
    game: Game[Any, Any, Any],
    states: Sequence[Any],
    iterations: int,
    bot_class: Callable[..., Any] = ISMCTSBot,
) -> Task:
    """ISMCTS decisions of ``iterations`` each, with random rollouts to the end of the round.

    The options are the issue's: uniformly random rollouts (not the heuristic default) that
    stop once the searched round (deal) is scored. Decisions go round ``states`` in turn from
    batch to batch, so that a batch shorter than one decision still sees every position over
    the rounds; position ``i`` is always searched with seed ``i``. A batch ends after the
    decision during which its budget ran out, so its figure counts whole decisions only.
    """
    positions = itertools.cycle(list(enumerate(states)))

    def task(budget: float) -> tuple[float, float]:
        done = 0
        start = clock()
        while True:
            index, state = next(positions)
            player = game.current_player(state)
            assert player is not None
            bot = bot_class(
                game, iterations=iterations, rollout="random", rollout_to="round", seed=index
            )
            bot.choose(game.observe(state, player), game.legal_actions(state))
            done += iterations
            if clock() - start >= budget:
                return done, clock() - start

    return task


def search_bound_task(game: Game[Any, Any, Any], states: Sequence[Any], samples: int) -> Task:
    """What an ISMCTS iteration cannot do without: a sample and a random rollout, no tree.

    Each unit is one :meth:`~cardgames.game.Game.determinize` of a position's observation and
    the returns of a uniformly random playout until the round (deal) is scored or the game
    ends (:func:`~cardgames.game.random_playout_returns`, as the search plays it: the game's
    own fast method when it has one): the engine's share of an iteration of
    :func:`search_task`, an upper bound on the iterations per second that any search loop on
    top of it can reach.
    """
    rounds = getattr(game, "round_index", None)
    observations = [game.observe(s, p) for s in states if (p := game.current_player(s)) is not None]
    positions = itertools.cycle(observations)
    rng = random.Random(0)

    def task(budget: float) -> tuple[float, float]:
        done = 0
        start = clock()
        randbelow = rng._randbelow  # type: ignore[attr-defined]  # noqa: SLF001 - what ISMCTS draws with
        while True:
            observation = next(positions)
            for _ in range(samples):
                state = game.determinize(observation, rng)
                horizon = None if rounds is None else rounds(state)
                random_playout_returns(game, state, randbelow, horizon)
            done += samples
            if clock() - start >= budget:
                return done, clock() - start

    return task


def engine_measures(  # noqa: PLR0913 - one knob per family of figures
    label: str,
    game: Game[Any, Any, Any],
    search_game: Game[Any, Any, Any],
    *,
    samples: int,
    search_positions: int,
    iterations: int,
) -> list[Measure]:
    """The figures of one game: playouts, apply, observe, determinize, JSON, ISMCTS.

    ``ismcts_reference`` is the same search with the loop of before issue 12
    (``ismcts_reference.py``): the same decisions on the same engine, so that the ratio of
    ``ismcts`` to it is the search's own speed-up. ``ismcts_bound`` times only the engine's
    part of an iteration (a sample and a random rollout): no search loop can beat it.
    """
    states = trajectory_states(game, samples)
    rng = random.Random(1)
    steps = [(s, game.legal_actions(s)) for s in states]
    pairs = [(s, legal[rng.randrange(len(legal))]) for s, legal in steps]
    seats = [(s, p) for s in states if (p := game.current_player(s)) is not None]
    observations = [game.observe(s, p) for s, p in seats]
    # The JSON figures compare like with like: the public text paths (``dumps``, and
    # ``decode_state``/``decode_observation`` with all their checks) against ``json.dumps`` and
    # ``json.loads`` of the very same documents.
    saved = states[:: max(1, len(states) // 50)]
    seen = observations[:: max(1, len(observations) // 50)]
    apply, observe, determinize = game.apply, game.observe, game.determinize
    search_states = [
        s
        for s in trajectory_states(search_game, 40 * search_positions, seed=7)
        if len(search_game.legal_actions(s)) > 1
    ][:: 40 // 2][:search_positions] or trajectory_states(search_game, 1, seed=7)

    return [
        Measure(f"{label}.playouts", "actions/s", playouts(game)),
        Measure(f"{label}.apply", "µs", _cycle(pairs, lambda p: apply(*p)), per_unit=True),
        Measure(f"{label}.observe", "µs", _cycle(seats, lambda p: observe(*p)), per_unit=True),
        Measure(
            f"{label}.determinize",
            "µs",
            _cycle(observations, lambda o: determinize(o, rng)),
            per_unit=True,
        ),
        Measure(
            f"{label}.determinize_again",
            "µs",
            _cycle(
                [o for o in observations[:: max(1, len(observations) // 40)] for _ in range(10)],
                lambda o: determinize(o, rng),
            ),
            per_unit=True,
        ),
        *json_measures(label, game, "", saved, lambda t: decode_state(game, t)),
        *json_measures(label, game, "observation_", seen, lambda t: decode_observation(game, t)),
        Measure(
            f"{label}.ismcts", "iterations/s", search_task(search_game, search_states, iterations)
        ),
        Measure(
            f"{label}.ismcts_reference",
            "iterations/s",
            search_task(search_game, search_states, iterations, ReferenceISMCTSBot),
        ),
        Measure(
            f"{label}.ismcts_bound",
            "iterations/s",
            search_bound_task(search_game, search_states, iterations),
        ),
    ]


def sixes_reference_measures(game: Game[Any, Any, Any], samples: int) -> list[Measure]:
    """Sixes' ``determinize`` of before issue 12 on the observations of ``sixes.determinize``.

    ``sixes_determinize_reference.py`` keeps that code; it draws the very same samples, so
    ``sixes.determinize`` over ``sixes.determinize_reference`` (same run, same observations)
    is the speed-up of ``determinize`` whatever the machine's load. ``determinize_again_reference``
    takes the observations of ``sixes.determinize_again`` (each sampled ten times in a row, as a
    search does), which the old code, keeping nothing, prepares anew every time.
    """
    assert isinstance(game, Sixes)
    states = trajectory_states(game, samples)
    observations = [game.observe(s, p) for s in states if (p := game.current_player(s)) is not None]
    again = [o for o in observations[:: max(1, len(observations) // 40)] for _ in range(10)]
    rng = random.Random(1)
    return [
        Measure(
            "sixes.determinize_reference",
            "µs",
            _cycle(observations, lambda o: sixes_reference_determinize(game, o, rng)),
            per_unit=True,
        ),
        Measure(
            "sixes.determinize_again_reference",
            "µs",
            _cycle(again, lambda o: sixes_reference_determinize(game, o, rng)),
            per_unit=True,
        ),
    ]


def paiute_reference_measures(game: Paiute, samples: int) -> list[Measure]:
    """Paiute's ``determinize`` as it was before (``paiute_reference.py``), on the same positions.

    ``paiute.determinize_reference`` and ``paiute.determinize_again_reference`` take the very
    observations of ``paiute.determinize`` and ``paiute.determinize_again`` (the same seeded
    states) and draw the very same samples, so the ratios are the speed-up of the change.
    """
    states = trajectory_states(game, samples)
    observations = [game.observe(s, p) for s in states if (p := game.current_player(s)) is not None]
    again = [o for o in observations[:: max(1, len(observations) // 40)] for _ in range(10)]
    config = game.config
    rng = random.Random(1)
    return [
        Measure(
            "paiute.determinize_reference",
            "µs",
            _cycle(observations, lambda o: paiute_reference_determinize(config, o, rng)),
            per_unit=True,
        ),
        Measure(
            "paiute.determinize_again_reference",
            "µs",
            _cycle(again, lambda o: paiute_reference_determinize(config, o, rng)),
            per_unit=True,
        ),
    ]


def json_measures(
    label: str,
    game: Game[Any, Any, Any],
    prefix: str,
    values: Sequence[Any],
    decode: Callable[[str], object],
) -> list[Measure]:
    """``dumps`` and the decoder next to ``json.dumps`` and ``json.loads`` of the same documents.

    ``values`` are states (or observations); the engine's figures are
    ``{label}.{prefix}to_json`` and ``{label}.{prefix}from_json``, the stdlib's
    ``{label}.{prefix}json_dumps`` and ``{label}.{prefix}json_loads``.
    """
    documents = [encode(game, value) for value in values]
    texts = [json.dumps(d, ensure_ascii=False) for d in documents]

    def dumps_one(value: object) -> str:
        return dumps(game, value)

    def dumps_stdlib(document: object) -> str:
        return json.dumps(document, ensure_ascii=False)

    return [
        Measure(f"{label}.{prefix}to_json", "µs", _cycle(values, dumps_one), per_unit=True),
        Measure(
            f"{label}.{prefix}json_dumps", "µs", _cycle(documents, dumps_stdlib), per_unit=True
        ),
        Measure(f"{label}.{prefix}from_json", "µs", _cycle(texts, decode), per_unit=True),
        Measure(f"{label}.{prefix}json_loads", "µs", _cycle(texts, json.loads), per_unit=True),
    ]


def _hands(size: int, count: int) -> list[tuple[Card, ...]]:
    """``count`` seeded random hands of ``size`` different cards."""
    rng = random.Random(size)
    deck = list(standard_deck())
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def evaluate_measures(count: int) -> list[Measure]:
    """The checked Paiute hand evaluation on :class:`~cardgames.cards.Card` objects.

    The wild rank is bound once, as a caller holds it (``state.wild_rank``), just as the treys
    anchor binds its evaluator: reading ``Rank.NINE`` off the enum class in every call cost
    more than a tenth of an evaluation, and that is not the evaluator's work.
    """
    wild = Rank.NINE
    return [
        Measure(
            f"evaluate.{size}_cards",
            "hands/s",
            _cycle(_hands(size, count), lambda hand: evaluate(hand, wild)),
        )
        for size in (5, 6)
    ]


def anchor_measures(samples: int, count: int) -> list[Measure]:
    """OpenSpiel's C++ ``crazy_eights`` and ``treys``, from the same Python loop.

    Raises:
        ImportError: the ``bench`` extra (open-spiel, treys) is not installed.
    """
    import pyspiel
    import treys

    game = pyspiel.load_game("crazy_eights")

    def spiel_playouts(budget: float) -> tuple[float, float]:
        rng = random.Random(0)
        randrange = rng.randrange
        actions = 0
        start = clock()
        while clock() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                # the deal is chance nodes here but inside initial_state in the engines:
                # every node is timed, only the players' decisions are counted
                actions += not state.is_chance_node()
                choices = state.legal_actions()
                state.apply_action(choices[randrange(len(choices))])
        return actions, clock() - start

    rng = random.Random(0)
    states: list[Any] = []
    while len(states) < samples:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < samples:
            if not state.is_chance_node():
                states.append(state.clone())
            choices = state.legal_actions()
            state.apply_action(choices[rng.randrange(len(choices))])
    pairs = [(s, s.legal_actions()[rng.randrange(len(s.legal_actions()))]) for s in states]
    seats = [(s, s.current_player()) for s in states]
    texts = [s.serialize() for s in states]

    def clone_apply(pair: tuple[Any, int]) -> None:
        pair[0].clone().apply_action(pair[1])

    evaluator = treys.Evaluator()
    treys_hands = {
        size: [
            ([treys.Card.new(str(c)) for c in hand[:2]], [treys.Card.new(str(c)) for c in hand[2:]])
            for hand in _hands(size, count)
        ]
        for size in (5, 6)
    }
    return [
        Measure("crazy_eights.playouts", "actions/s", spiel_playouts),
        Measure("crazy_eights.clone_apply", "µs", _cycle(pairs, clone_apply), per_unit=True),
        Measure(
            "crazy_eights.observation_string",
            "µs",
            _cycle(seats, lambda p: p[0].observation_string(p[1])),
            per_unit=True,
        ),
        Measure(
            "crazy_eights.serialize", "µs", _cycle(states, lambda s: s.serialize()), per_unit=True
        ),
        Measure(
            "crazy_eights.deserialize", "µs", _cycle(texts, game.deserialize_state), per_unit=True
        ),
        *(
            Measure(
                f"treys.{size}_cards",
                "hands/s",
                _cycle(treys_hands[size], lambda h: evaluator.evaluate(h[0], h[1])),
            )
            for size in (5, 6)
        ),
    ]


def interleaved(measures: Sequence[Measure], rounds: int, budget: float) -> dict[str, list[float]]:
    """Run one batch of every measure per round, ``rounds`` times; every figure of each."""
    figures: dict[str, list[float]] = {m.name: [] for m in measures}
    for _ in range(rounds):
        for measure in measures:
            units, seconds = measure.task(budget)
            figures[measure.name].append(measure.figure(units, seconds))
    return figures


Pair = tuple[str, str, str]
"""A ratio of ``run.py``: its numerator's and denominator's names, and how to read it."""


def paired(
    measures: Sequence[Measure], pairs: Sequence[Pair], rounds: int, budget: float
) -> tuple[dict[str, list[float]], dict[tuple[str, str], list[float]]]:
    """Like :func:`interleaved`, but each ratio's two measures run back to back.

    Every round takes, for each pair whose two measures are both in ``measures``, one batch of
    the numerator and one of the denominator right after each other (the denominator first in
    every other round, so that neither always runs on a host that has just sped up or slowed
    down), and then one batch of each measure that is in no pair. A shared machine changes its
    speed from one second to the next (on the 2-core development machine, the anchor's rate
    moved by up to 1.7 times between the rounds of one run), so a ratio of two batches taken
    a whole round apart carries that drift, and one of batches taken side by side much less.

    Returns every batch's figure of each measure (one per pair it is in, a round), and each
    pair's ratio of its two figures, a round.
    """
    by_name = {m.name: m for m in measures}
    present = [(n, d) for n, d, _ in pairs if n in by_name and d in by_name]
    paired_names = {name for pair in present for name in pair}
    alone = [m for m in measures if m.name not in paired_names]
    figures: dict[str, list[float]] = {m.name: [] for m in measures}
    ratios: dict[tuple[str, str], list[float]] = {pair: [] for pair in present}
    for round_index in range(rounds):
        for numerator, denominator in present:
            order = (numerator, denominator) if round_index % 2 == 0 else (denominator, numerator)
            batch: dict[str, float] = {}
            for name in order:
                measure = by_name[name]
                batch[name] = measure.figure(*measure.task(budget))
                figures[name].append(batch[name])
            ratios[numerator, denominator].append(batch[numerator] / batch[denominator])
        for measure in alone:
            figures[measure.name].append(measure.figure(*measure.task(budget)))
    return figures, ratios


@contextlib.contextmanager
def frozen_fixtures(*, enabled: bool = True) -> Iterator[None]:
    """Keep every object alive so far out of the garbage collector's passes, for the timing.

    The measures' fixtures (tens of thousands of states, observations and documents) stay
    alive through the whole run. Left in the collector's view, every full collection that a
    batch's own garbage sets off walks all of them, in whichever batch happens to be running:
    in a side-by-side check of Paiute's observation decoding, the ratio to ``json.loads`` then
    spread from 1.4 to 3.2 over seven pairs of batches, and from 1.9 to 2.4 with the fixtures
    frozen. :func:`gc.freeze` moves them to a generation that no collection visits;
    everything the measured code allocates is collected as usual. On leaving, the objects go
    back to the collector (:func:`gc.unfreeze`). ``enabled=False`` does nothing (``run.py
    --no-freeze``, the method of the figures measured before).
    """
    if not enabled:
        yield
        return
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def median(values: Sequence[float]) -> float:
    """The median of the rounds' figures."""
    return statistics.median(values)


def memory_per_state(game: Game[Any, Any, Any], count: int, seed: int = 0) -> float:
    """Bytes kept per successive state of a chain of ``count`` states (tracemalloc).

    Random playouts are chained (a new seeded game starts when one ends) and every state is
    kept alive; the figure is the traced memory they hold divided by their number.
    """
    rng = random.Random(seed)
    game_seed = seed

    def chain() -> Iterator[Any]:
        nonlocal game_seed
        while True:
            state = game.initial_state(game_seed)
            game_seed += 1
            while True:
                yield state
                if game.is_terminal(state):
                    break
                choices = game.legal_actions(state)
                state = game.apply(state, choices[rng.randrange(len(choices))])

    states = chain()
    next(states)  # warm caches outside the trace
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [next(states) for _ in range(count)]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before - 8 * len(kept)) / count


def default_games() -> dict[str, tuple[Game[Any, Any, Any], Game[Any, Any, Any]]]:
    """Each engine's playout game (default rules) and its search game (the issue's setups)."""
    return {
        "sixes": (Sixes(SixesConfig()), Sixes(SixesConfig(num_players=2))),
        "paiute": (Paiute(PaiuteConfig()), Paiute(PaiuteConfig(num_players=4))),
    }
