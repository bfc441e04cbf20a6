"""What five-player Sixes search gains from knowing more of the other hands: a measurement.

The strong ISMCTS bot samples the hidden hands uniformly among the deals its observation
allows (:meth:`~cardgames.sixes.Sixes.determinize`: the 6♦ and the passes, S5 and S7). Two
variants here ask how much better hidden-card guesses are worth, one seat of each against
four heuristic bots (the format of ``benchmarks/strength.py --field heuristic``), every deal
played once with the variant in each seat, the heuristic bots seeded alike for every variant
so that the variants are compared on the same games:

- ``belief``: **inference from the plays.** A player who had a choice of plays and made one
  reveals something about its hand, under a model of how it plays. Each decision draws
  ``--candidates`` deals from ``determinize`` and weighs each by ``eps`` to the power of the
  number of the other players' past plays (with a choice) that the heuristic's scoring
  (:meth:`~cardgames.sixes.SixesHeuristicBot.score`) would not have made from that deal's
  hands (each hand then being its cards now plus those it played since), relative to the
  best-explaining candidate. The search then draws its states from those weighted candidates.
  Against heuristic opponents this model is exact: the true deal never has a mismatch.
- ``cheat``: **perfect information**, for measurement only: every sample is the true state.
  It bounds what any inference about the hands could gain.

``--accuracy`` instead reports how well the samples place the hidden cards (the share of the
other hands' cards put in the right hand, uniform against weighted), over positions of
heuristic games. A run prints one JSON line with the mean win share (ties split; fair share
1/5) and its standard error over deals, and writes the per-deal shares to ``--out`` so that
two variants compare deal by deal::

    python benchmarks/sixes_belief.py --variant ismcts --deals 150 --seed 41 --out a.json
    python benchmarks/sixes_belief.py --variant belief --deals 150 --seed 41 --out b.json
    python benchmarks/sixes_belief.py --compare b.json a.json

It is a measurement, not part of CI, and not part of the library: the weighting knows the
opponents' policy, which a real table does not promise.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from cardgames.bots import ISMCTSBot
from cardgames.bots.ismcts import outcome_rewards
from cardgames.game import Game
from cardgames.sixes import Sixes, SixesConfig, SixesHeuristicBot
from cardgames.sixes.action import Play
from cardgames.sixes.deck import (
    BITS,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    SIX_OF_DIAMONDS_BIT,
    SIXES_DECK,
)
from cardgames.sixes.observation import SixesObservation
from cardgames.sixes.state import SixesState

sys.path.insert(0, str(Path(__file__).parent))
from strength import play_timed  # beside this script

PLAYERS = 5
"""The default table (S1)."""

Decision = tuple[int, int, int, float, int]
"""One past play of another player: (seat, cards playable then, card index played, the
heuristic's threat factor then, the cards that seat has played since, this one included)."""


def decisions(observation: SixesObservation) -> list[Decision]:
    """The other players' past plays in the round of ``observation``, as :data:`Decision`."""
    me, seats = observation.player, len(observation.hand_sizes)
    played = [0] * seats
    for turn in observation.history:
        if isinstance(turn.action, Play):
            played[turn.player] += 1
    sizes = [observation.hand_sizes[seat] + played[seat] for seat in range(seats)]
    playable = SIX_OF_DIAMONDS_BIT
    found: list[list[Any]] = []
    for turn in observation.history:
        action = turn.action
        if not isinstance(action, Play):
            continue
        index = INDEX_BY_CARD_INDEX[action.card.index]
        assert index is not None
        if turn.player != me:
            smallest = min(sizes[seat] for seat in range(seats) if seat != turn.player)
            threat = 2.0 if smallest <= 2 else 1.0
            found.append([turn.player, playable, index, threat, 0])
        playable = (playable ^ BITS[index]) | GROWTH[index]
        sizes[turn.player] -= 1
    since = [0] * seats
    for decision in reversed(found):
        since[decision[0]] |= BITS[decision[2]]
        decision[4] = since[decision[0]]
    return [tuple(decision) for decision in found]


def mismatches(found: Sequence[Decision], hand_masks: Sequence[int]) -> int:
    """How many of ``found`` the heuristic would not have played from the hands of a deal."""
    score = SixesHeuristicBot.score
    count = 0
    for seat, playable, index, threat, since in found:
        hand = hand_masks[seat] | since
        legal = playable & hand
        if not legal & (legal - 1):
            continue  # one play: no choice, nothing revealed
        cards = frozenset(SIXES_DECK[i] for i in range(len(SIXES_DECK)) if hand >> i & 1)
        scores = {
            i: score(SIXES_DECK[i], cards, threat) for i in range(len(SIXES_DECK)) if legal >> i & 1
        }
        count += scores[index] < max(scores.values())
    return count


class BeliefSixes:
    """Sixes whose ``determinize`` draws from weighted candidates (see the module's text)."""

    def __init__(self, game: Sixes, *, candidates: int, eps: float) -> None:
        self.game, self.candidates, self.eps = game, candidates, eps
        self._observation: object = None
        self._states: list[SixesState] = []
        self._cumulative: list[float] = []

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the game's own attributes
        return getattr(self.game, name)

    def weighted(
        self, observation: SixesObservation, rng: random.Random
    ) -> tuple[list[SixesState], list[float]]:
        """The candidate deals of ``observation`` and their weights."""
        found = decisions(observation)
        states = [self.game.determinize(observation, rng) for _ in range(self.candidates)]
        counts = [mismatches(found, state.hand_masks) for state in states]
        fewest = min(counts)
        return states, [self.eps ** (count - fewest) for count in counts]

    def determinize(self, observation: SixesObservation, rng: random.Random) -> SixesState:
        """One candidate deal, drawn by weight (the candidates are drawn once an observation)."""
        if observation is not self._observation:
            self._observation = observation
            self._states, weights = self.weighted(observation, rng)
            self._cumulative = list(itertools.accumulate(weights))
        pick = bisect.bisect(self._cumulative, rng.random() * self._cumulative[-1])
        return self._states[min(pick, len(self._states) - 1)]


class TrueStateSixes:
    """Sixes whose ``determinize`` returns the true state (for measurement only)."""

    def __init__(self, game: Sixes) -> None:
        self.game = game
        self.state: SixesState | None = None

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the game's own attributes
        return getattr(self.game, name)

    def determinize(self, observation: SixesObservation, rng: random.Random) -> SixesState:
        """The true state, set by the driver before each decision."""
        del observation, rng
        assert self.state is not None
        return self.state


def _showing(proxy: TrueStateSixes | None) -> Callable[[SixesState], None] | None:
    """What tells ``proxy`` the true state before each timed decision (None: no proxy)."""
    if proxy is None:
        return None

    def show(state: SixesState) -> None:
        proxy.state = state

    return show


def make_variant(
    name: str, game: Sixes, seed: int, options: dict[str, Any]
) -> tuple[ISMCTSBot, TrueStateSixes | None]:
    """The variant's bot, and the proxy the driver tells the true state (``cheat`` only)."""
    if name == "ismcts":
        return ISMCTSBot(game, seed=seed, **options), None
    if name == "cheat":
        proxy = TrueStateSixes(game)
        return ISMCTSBot(cast("Game[Any, Any, Any]", proxy), seed=seed, **options), proxy
    candidates = options.pop("candidates", 300)
    eps = options.pop("eps", 0.1)
    belief = BeliefSixes(game, candidates=candidates, eps=eps)
    return ISMCTSBot(cast("Game[Any, Any, Any]", belief), seed=seed, **options), None


def play(
    variant: str, *, deals: int, seed: int, options: dict[str, Any]
) -> tuple[list[float], float]:
    """Each deal's mean win share of ``variant`` (one seat of five), and its CPU s a decision."""
    game = Sixes(SixesConfig(num_players=PLAYERS, max_rounds=1))
    shares: list[float] = []
    seconds, choices = 0.0, 0
    for deal in range(deals):
        total = 0.0
        for seat in range(PLAYERS):
            stream = random.Random(f"sixes-belief:{seed}:{deal}:{seat}")
            bots: list[Any] = [
                SixesHeuristicBot(seed=stream.getrandbits(63)) for _ in range(PLAYERS)
            ]
            bots[seat], proxy = make_variant(variant, game, stream.getrandbits(63), dict(options))
            state = game.initial_state(seed * 1_000_003 + deal)
            state, spent, made = play_timed(game, bots, seat, state, before_choice=_showing(proxy))
            seconds += spent
            choices += made
            total += outcome_rewards(game.returns(state))[seat]
        shares.append(total / PLAYERS)
    return shares, seconds / max(choices, 1)


def placed(sample: SixesState, truth: Sequence[int], player: int) -> float:
    """The share of the other hands' cards that ``sample`` puts in the right hand."""
    right = hidden = 0
    for seat, (mine, real) in enumerate(zip(sample.hand_masks, truth, strict=True)):
        if seat != player:
            right += (mine & real).bit_count()
            hidden += real.bit_count()
    return right / hidden


def accuracy(*, deals: int, seed: int, candidates: int, eps: float) -> dict[str, float]:
    """How well uniform and weighted samples place the other hands' cards (see above)."""
    game = Sixes(SixesConfig(num_players=PLAYERS, max_rounds=1))
    rng = random.Random(f"sixes-belief-accuracy:{seed}")
    uniform = weighted = 0.0
    positions = 0
    for deal in range(deals):
        bots = [SixesHeuristicBot(seed=rng.getrandbits(63)) for _ in range(PLAYERS)]
        state = game.initial_state(seed * 1_000_003 + deal)
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            actions = game.legal_actions(state)
            observation = game.observe(state, player)
            if len(actions) > 1:
                truth = state.hand_masks
                belief = BeliefSixes(game, candidates=candidates, eps=eps)
                uniform += (
                    sum(
                        placed(game.determinize(observation, rng), truth, player) for _ in range(20)
                    )
                    / 20
                )
                weighted += (
                    sum(
                        placed(belief.determinize(observation, rng), truth, player)
                        for _ in range(20)
                    )
                    / 20
                )
                positions += 1
            state = game.apply(state, bots[player].choose(observation, actions))
    return {
        "positions": positions,
        "uniform": uniform / positions,
        "weighted": weighted / positions,
    }


def compare(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean per-deal difference of two runs on the same deals, and its 95% half-width."""
    differences = [a - b for a, b in zip(first, second, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    variance = sum((value - mean) ** 2 for value in differences) / (count - 1)
    return mean, 1.96 * math.sqrt(variance / count)


def _options(texts: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for text in texts:
        key, _, value = text.partition("=")
        options[key] = float(value) if "." in value else int(value)
    return options


def main(argv: Sequence[str] | None = None) -> int:
    """Play a variant, measure the samples' accuracy, or compare two runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("ismcts", "belief", "cheat"), default="belief")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        help="key=value: an ISMCTS option, or "
        "candidates=N / eps=X for belief (defaults 300 and 0.1)",
    )
    parser.add_argument("--out", help="write the per-deal shares here (JSON)")
    parser.add_argument("--accuracy", action="store_true", help="only measure the samples")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="two --out files")
    args = parser.parse_args(argv)
    report: dict[str, Any]
    if args.compare:
        runs: list[list[float]] = []
        for path in args.compare:
            with open(path, encoding="utf-8") as stream:  # noqa: PTH123
                runs.append(json.load(stream))
        mean, half = compare(*runs)
        report = {"difference": mean, "half_width": half, "deals": len(runs[0])}
    elif args.accuracy:
        options = _options(args.option)
        report = accuracy(
            deals=args.deals,
            seed=args.seed,
            candidates=options.get("candidates", 300),
            eps=options.get("eps", 0.1),
        )
    else:
        shares, cpu = play(
            args.variant, deals=args.deals, seed=args.seed, options=_options(args.option)
        )
        mean = sum(shares) / len(shares)
        spread = math.sqrt(sum((x - mean) ** 2 for x in shares) / max(len(shares) - 1, 1))
        report = {
            "variant": args.variant,
            "deals": args.deals,
            "seed": args.seed,
            "win": mean,
            "se": spread / math.sqrt(len(shares)),
            "cpu": cpu,
        }
        if args.out:
            with open(args.out, "w", encoding="utf-8") as stream:  # noqa: PTH123
                json.dump(shares, stream)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
