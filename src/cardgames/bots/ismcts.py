"""An information-set Monte Carlo tree search bot that plays any game of the protocol.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over the searching
player's information sets. Each iteration samples a full state consistent with the bot's
observation (:meth:`~cardgames.game.Game.determinize`), walks down the tree with UCT restricted
to the actions legal in that sample (each child counts how often it was available), adds one
node, plays random actions to the end of the current round (or of the game, or for at most
``rollout_limit`` actions), and backs up each seat's reward: its chip result scaled to [0, 1],
or its share of the win (``reward="outcome"``). The most visited action at the root is played.

With ``search="paired"`` the bot spends its iterations differently: each sampled state is played
on with *every* legal move, each followed by a rollout from the same state of the random
generator, so two moves are compared on the same hidden cards and the same rollout draws (common
random numbers) and the luck of the deal cancels out of their difference. That is flat Monte
Carlo with paired samples, one policy-improvement step over the rollout policy; it grows no tree.

By default a rollout stops as soon as the round (deal) being searched has been scored, for
games that say where rounds end (:func:`~cardgames.game.round_index`): playing the remaining
rounds at random costs far more time than it tells about the move at hand.

The bot only ever sees its observation: the sampled states are its own guesses::

    >>> from cardgames.bots import ISMCTSBot
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    >>> state = game.initial_state(seed=3)
    >>> for _ in range(4):  # a few opening moves
    ...     state = game.apply(state, game.legal_actions(state)[0])
    >>> player = game.current_player(state)
    >>> bot = ISMCTSBot(game, iterations=100, seed=1)
    >>> bot.choose(game.observe(state, player), game.legal_actions(state))
    Play(card=Card.parse(...))
"""

from __future__ import annotations

import concurrent.futures
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias, TypeVar

from cardgames.bots.random_bot import RandomBot
from cardgames.cards import make_rng
from cardgames.errors import CardgamesError, InvalidConfigError
from cardgames.game import Game, PlayerId, is_int, random_playout_returns, winners

__all__ = [
    "ISMCTSBot",
    "RolloutPolicy",
    "normalized_rewards",
    "outcome_rewards",
    "rollout_policy",
]

RolloutPolicy: TypeAlias = Callable[[Game[Any, Any, Any], random.Random], Any]
"""A function ``(game, rng) -> bot`` that builds the bot playing every seat in a rollout (a bot
has the :class:`~cardgames.bots.Bot` method ``choose``)."""

ROLLOUT_POLICIES: Final = ("heuristic", "random")
"""The rollout policies named by text."""

PRIORS: Final = ("policy", "none")
"""How a new node is picked: the rollout policy's own choice first, or at random."""


def rollout_policy(game: Game[Any, Any, Any], rng: random.Random, name: str = "heuristic") -> Any:  # noqa: ANN401 - any bot of the game
    """The bot that plays rollouts: the game's heuristic bot, or random play.

    This is the one place where search and the advisor (:mod:`cardgames.advisor`) look up a
    game's heuristic (:func:`~cardgames.bots.heuristic_bot`); a game without one gets random
    play. ``name`` is ``"heuristic"`` or ``"random"``.

    Example::

        >>> import random
        >>> from cardgames.sixes import Sixes
        >>> type(rollout_policy(Sixes(), random.Random(1))).__name__
        'SixesHeuristicBot'
    """
    if name == "heuristic":
        from cardgames.bots.heuristic import heuristic_bot

        try:
            return heuristic_bot(game, seed=rng)
        except CardgamesError:
            pass
    return RandomBot(seed=rng)


ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT")


DEFAULT_ITERATIONS: Final = 100
"""The default iteration count: the strong configuration within 0.2 CPU seconds a move."""

_CACHE_LIMIT: Final = 4096
"""The most returns tuples whose rewards a search keeps; it starts afresh beyond it."""

ROLLOUT_SCOPES: Final = ("round", "game")
"""Where a rollout may end: with the round being searched, or only with the game."""


SEARCHES: Final = ("tree", "paired")
"""How the iterations are spent: growing the ISMCTS tree, or paired rollouts of every move."""

REWARDS: Final = ("chips", "outcome")
"""What a rollout backs up: each seat's scaled chip result, or its share of the win."""


def normalized_rewards(returns: Sequence[int]) -> tuple[float, ...]:
    """Chip results scaled to [0, 1]: the best seat gets 1, the worst 0, all equal 0.5.

    Example::

        >>> normalized_rewards((3, -1, -2))
        (1.0, 0.2, 0.0)
    """
    low, high = min(returns), max(returns)
    if high == low:
        return (0.5,) * len(returns)
    span = high - low
    return tuple([(value - low) / span for value in returns])


def outcome_rewards(returns: Sequence[int]) -> tuple[float, ...]:
    """Each seat's share of the win: the seats with the best chip result split 1, the rest 0.

    This is how the simulator and the tournaments count a win (ties split), by
    :func:`~cardgames.game.winners`.

    Example::

        >>> outcome_rewards((3, -1, -2))
        (1.0, 0.0, 0.0)
        >>> outcome_rewards((2, 2, -4, 0))
        (0.5, 0.5, 0.0, 0.0)
    """
    best = winners(returns)
    share = 1.0 / len(best) if best else 0.0
    return tuple(share if seat in best else 0.0 for seat in range(len(returns)))


class _Node:
    """A node of the search tree: the information set reached by one more action."""

    __slots__ = (
        "availability",
        "children",
        "mean",
        "player",
        "row",
        "row_actions",
        "row_keys",
        "squares",
        "total",
        "visits",
    )

    def __init__(self, player: int) -> None:
        self.player = player
        """The seat that took the action leading here (whose reward this node sums)."""
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.availability = 0
        self.total = 0.0
        self.squares = 0.0
        self.mean = 0.0
        """``total / visits`` once visited (kept by the search for UCT; 0 before)."""
        self.row_actions: Sequence[object] | None = None
        """The legal actions of the latest visit (the very object the game returned)."""
        self.row_keys: tuple[int, ...] = ()
        """Their action ids (the tuple the ids cache gave)."""
        self.row: list[_Node | None] = []
        """The child of each of ``row_keys``, None for an action without one: the children
        of the latest visit in its order, so that a visit with the very same legal-action
        tuple (a game that hands out shared tuples) reads its ids and children without a
        look-up each."""


class ISMCTSBot:
    """Single-observer information-set MCTS with UCT, for any game of the protocol.

    The defaults are the strong configuration that ``BotSpec.parse("ismcts")`` builds and
    the strength table in the docs measures: rollouts played by the game's heuristic bot,
    new nodes expanded in the heuristic's order, a fixed iteration count (so seeded games are
    reproducible) and one process.

    Args:
        game: The game being played (the bot samples and simulates with it).
        iterations: Search iterations per decision, at least 1.
        time_limit: If set, also stop searching after this many seconds (results then depend
            on the machine's speed, so seeded runs are no longer reproducible).
        exploration: The UCT exploration constant (about 0.7 suits rewards in [0, 1]).
        rollout_limit: Stop a rollout after this many actions and score the chip results
            so far (:meth:`~cardgames.game.Game.returns`); None sets no limit.
        rollout_to: ``"round"`` (the default) ends a rollout once the round being searched is
            scored, in games with :func:`~cardgames.game.round_index` (others play to the end);
            ``"game"`` plays every rollout to the end of the game.
        rollout: Who plays the rollouts: ``"heuristic"`` (the game's heuristic bot, random
            play for a game without one; see :func:`rollout_policy`), ``"random"``, or a
            :data:`RolloutPolicy` of your own.
        prior: ``"policy"`` expands first the untried action that the rollout policy would
            choose (an action prior: good moves get visits early); ``"none"`` expands untried
            actions in random order, as does a policy that ignores observations (random play
            has no preference to add). ``None`` means ``"none"``: a bot spec's
            ``ismcts:prior=none`` reads the word as None.
        determinizations: If set, sample this many states from the observation once per
            decision and cycle through them (reusing each across iterations); None samples a
            fresh state every iteration.
        workers: Root parallelism: split the iterations over this many processes, each
            searching its own tree with its own seed, and add up the root's visit counts.
        confidence: With ``prior="policy"``, the bot plays the rollout policy's own move
            unless the search's choice has a higher mean reward by more than this many
            standard errors of the difference (a small budget cannot tell close moves apart,
            and then the heuristic's judgment is the better guess); 0 plays the search's
            choice whenever its mean reward is higher.
        reward: What a rollout backs up for each seat: ``"chips"``, its chip result scaled to
            [0, 1] (:func:`normalized_rewards`), or ``"outcome"``, its share of the win
            (:func:`outcome_rewards`: the seats with the best chip result split 1).
        seed: Seeds the bot's private generator (samples, expansion and rollouts); None draws
            one from the OS.

    Raises:
        InvalidConfigError: an option is out of range.
    """

    def __init__(  # noqa: C901, PLR0912, PLR0913 - one check per keyword-only option
        self,
        game: Game[Any, Any, Any],
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = None,
        rollout_to: str = "round",
        rollout: str | RolloutPolicy = "heuristic",
        prior: str | None = "policy",
        determinizations: int | None = None,
        workers: int = 1,
        confidence: float = 1.0,
        reward: str = "chips",
        search: str = "tree",
        seed: int | random.Random | None = None,
    ) -> None:
        if not is_int(iterations) or iterations < 1:
            raise InvalidConfigError(f"iterations must be an int of at least 1, not {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise InvalidConfigError(f"time_limit must be None or positive, not {time_limit!r}")
        if not exploration >= 0:
            raise InvalidConfigError(f"exploration must be at least 0, not {exploration!r}")
        if rollout_limit is not None and not is_int(rollout_limit):
            raise InvalidConfigError(f"rollout_limit must be None or an int, not {rollout_limit!r}")
        if rollout_limit is not None and rollout_limit < 0:
            raise InvalidConfigError(f"rollout_limit must be at least 0, not {rollout_limit!r}")
        if rollout_to not in ROLLOUT_SCOPES:
            raise InvalidConfigError(
                f"rollout_to must be one of {', '.join(ROLLOUT_SCOPES)}, not {rollout_to!r}"
            )
        if not callable(rollout) and rollout not in ROLLOUT_POLICIES:
            raise InvalidConfigError(
                f"rollout must be one of {', '.join(ROLLOUT_POLICIES)} or a policy, not {rollout!r}"
            )
        if prior is None:
            prior = "none"
        if prior not in PRIORS:
            raise InvalidConfigError(f"prior must be one of {', '.join(PRIORS)}, not {prior!r}")
        if determinizations is not None and not (
            is_int(determinizations) and determinizations >= 1
        ):
            raise InvalidConfigError(
                f"determinizations must be None or an int of at least 1, not {determinizations!r}"
            )
        if not is_int(workers) or workers < 1:
            raise InvalidConfigError(f"workers must be an int of at least 1, not {workers!r}")
        if not confidence >= 0:
            raise InvalidConfigError(f"confidence must be at least 0, not {confidence!r}")
        if reward not in REWARDS:
            raise InvalidConfigError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if search not in SEARCHES:
            raise InvalidConfigError(f"search must be one of {', '.join(SEARCHES)}, not {search!r}")
        self._game = game
        self._iterations = iterations
        self._time_limit = time_limit
        self._exploration = exploration
        self._rollout_limit = rollout_limit
        self._rollout_to = rollout_to
        self._rollout = rollout
        self._prior = prior
        self._determinizations = determinizations
        self._workers = workers
        self._confidence = confidence
        self._reward = reward
        self._search_kind = search
        self._rewards = outcome_rewards if reward == "outcome" else normalized_rewards
        self._rng = make_rng(seed)
        self._policy: Any = (
            rollout(game, self._rng)
            if callable(rollout)
            else rollout_policy(game, self._rng, rollout)
        )
        self._observing = getattr(self._policy, "needs_observation", True)
        self._use_prior = prior == "policy" and self._observing

    def __repr__(self) -> str:
        rollout = self._rollout if isinstance(self._rollout, str) else "custom"
        return (
            f"ISMCTSBot({self._game!r}, iterations={self._iterations}, "
            f"time_limit={self._time_limit}, exploration={self._exploration}, "
            f"rollout_limit={self._rollout_limit}, rollout_to={self._rollout_to!r}, "
            f"rollout={rollout!r}, prior={self._prior!r}, "
            f"determinizations={self._determinizations}, workers={self._workers}, "
            f"confidence={self._confidence}, reward={self._reward!r}, "
            f"search={self._search_kind!r})"
        )

    def choose(self, observation: object, legal_actions: Sequence[ActionT]) -> ActionT:
        """The most visited root action after the search, one of ``legal_actions``.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        if not legal_actions:
            raise ValueError("ISMCTSBot.choose needs at least one legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self._search_kind == "paired":
            return self._choose_paired(observation, legal_actions)
        stats = self.root_statistics(observation)
        by_id = {self._game.action_id(action): action for action in legal_actions}
        scored = [
            (visits, total, action_id)
            for action_id, (visits, total, _) in stats.items()
            if action_id in by_id
        ]
        if not scored:
            return legal_actions[0]
        chosen = max(scored)[2]
        if self._use_prior:
            own = self._policy.choose(observation, legal_actions)
            if self._keeps_policy_move(stats, self._game.action_id(own), chosen):
                return own  # type: ignore[no-any-return]
        return by_id[chosen]

    def _keeps_policy_move(
        self, stats: dict[int, tuple[int, float, float]], own: int, chosen: int
    ) -> bool:
        """Whether the search is not confident that ``chosen`` beats the policy's move ``own``.

        The search overrides the policy only when the chosen move's mean reward exceeds the
        policy move's by more than ``confidence`` standard errors of the difference.
        """
        if own == chosen:
            return True
        if own not in stats:
            return False
        difference, variance = 0.0, 0.0
        for key, sign in ((chosen, 1.0), (own, -1.0)):
            visits, total, squares = stats[key]
            if visits < 2:
                return sign < 0  # too few visits of the chosen move: keep the policy's
            mean = total / visits
            difference += sign * mean
            variance += max(squares / visits - mean * mean, 0.0) / (visits - 1)
        return difference <= self._confidence * math.sqrt(variance)

    def root_statistics(self, observation: object) -> dict[int, tuple[int, float, float]]:
        """Search from ``observation``: each root action id's visits, reward sum and squares."""
        if self._search_kind == "paired":
            return {
                key: (len(kept), sum(kept), sum(value * value for value in kept))
                for key, rewards in self.paired_rewards(observation).items()
                if (kept := [value for value in rewards if not math.isnan(value)])
            }
        if self._workers == 1:
            root = self._search(observation, self._iterations)
            return {
                key: (child.visits, child.total, child.squares)
                for key, child in root.children.items()
            }
        share = -(-self._iterations // self._workers)
        seeds = [self._rng.getrandbits(63) for _ in range(self._workers)]
        options = {
            "iterations": share,
            "time_limit": self._time_limit,
            "exploration": self._exploration,
            "rollout_limit": self._rollout_limit,
            "rollout_to": self._rollout_to,
            "rollout": self._rollout,
            "prior": self._prior,
            "determinizations": self._determinizations,
            "confidence": self._confidence,
            "reward": self._reward,
            "search": self._search_kind,
        }
        merged: dict[int, tuple[int, float, float]] = {}
        with concurrent.futures.ProcessPoolExecutor(max_workers=self._workers) as pool:
            futures = [
                pool.submit(_root_statistics, self._game, observation, options, seed, "tree")
                for seed in seeds
            ]
            for future in futures:
                for key, (visits, total, squares) in future.result().items():
                    old = merged.get(key, (0, 0.0, 0.0))
                    merged[key] = (old[0] + visits, old[1] + total, old[2] + squares)
        return merged

    def paired_rewards(self, observation: object) -> dict[int, list[float]]:
        """Paired rollouts from ``observation``: each root action id's reward in every sample.

        Every sampled state is played on with each action legal in it, then by the rollout
        policy, from the same state of the random generator (common random numbers), until
        ``iterations`` rollouts have been played. Entry ``j`` of each list is the reward that
        action got from sample ``j`` (NaN where it was not legal in that sample), so two
        actions compare sample by sample and the deal's luck cancels out of the difference.
        """
        if self._workers == 1:
            return self._paired(observation, self._iterations)
        share = -(-self._iterations // self._workers)
        seeds = [self._rng.getrandbits(63) for _ in range(self._workers)]
        options = {
            "iterations": share,
            "time_limit": self._time_limit,
            "rollout_limit": self._rollout_limit,
            "rollout_to": self._rollout_to,
            "rollout": self._rollout,
            "determinizations": self._determinizations,
            "reward": self._reward,
        }
        merged: dict[int, list[float]] = {}
        length = 0
        with concurrent.futures.ProcessPoolExecutor(max_workers=self._workers) as pool:
            futures = [
                pool.submit(_root_statistics, self._game, observation, options, seed, "paired")
                for seed in seeds
            ]
            for future in futures:
                part: dict[int, list[float]] = future.result()
                size = len(next(iter(part.values())))
                for key, rewards in part.items():
                    merged.setdefault(key, [math.nan] * length).extend(rewards)
                length += size
                for rewards in merged.values():
                    rewards.extend([math.nan] * (length - len(rewards)))
        return merged

    def _paired(self, observation: object, iterations: int) -> dict[int, list[float]]:
        """One process's paired rollouts (see :meth:`paired_rewards`)."""
        game, rng = self._game, self._rng
        legal_actions, apply = game.legal_actions, game.apply
        rewards_of, action_id = self._rewards, game.action_id
        rounds = getattr(game, "round_index", None) if self._rollout_to == "round" else None
        play_out = self._play_out_function(rounds)
        deadline = None if self._time_limit is None else time.monotonic() + self._time_limit
        sample = self._sampler(observation)
        samples: dict[int, list[float]] = {}
        played, index = 0, 0
        while played < iterations:
            if deadline is not None and index and time.monotonic() > deadline:
                break
            state = sample(index)
            player = game.current_player(state)
            assert player is not None  # noqa: S101 - an observation to choose from is live
            horizon = None if rounds is None else int(rounds(state))
            start = rng.getstate()
            for action in legal_actions(state):
                rng.setstate(start)
                reward = rewards_of(play_out(apply(state, action), horizon))[player]
                samples.setdefault(action_id(action), [math.nan] * index).append(reward)
                played += 1
            index += 1
            for rewards in samples.values():
                if len(rewards) < index:
                    rewards.append(math.nan)
        return samples

    def _choose_paired(self, observation: object, legal_actions: Sequence[ActionT]) -> ActionT:
        """The action with the best mean paired reward, subject to the ``confidence`` rule."""
        samples = self.paired_rewards(observation)
        by_id = {self._game.action_id(action): action for action in legal_actions}
        means = {
            key: sum(kept) / len(kept)
            for key, rewards in samples.items()
            if key in by_id and (kept := [value for value in rewards if not math.isnan(value)])
        }
        if not means:
            return legal_actions[0]
        own_action = self._policy.choose(observation, legal_actions) if self._use_prior else None
        own = None if own_action is None else self._game.action_id(own_action)
        chosen = max(means, key=lambda key: (means[key], key == own))
        if own is None or own == chosen or own not in means:
            return by_id[chosen]
        differences = [
            mine - theirs
            for mine, theirs in zip(samples[chosen], samples[own], strict=True)
            if not (math.isnan(mine) or math.isnan(theirs))
        ]
        count = len(differences)
        if count < 2:
            return own_action  # type: ignore[return-value]
        mean = sum(differences) / count
        variance = sum((value - mean) ** 2 for value in differences) / (count - 1)
        if mean <= self._confidence * math.sqrt(variance / count):
            return own_action  # type: ignore[return-value]
        return by_id[chosen]

    def _sampler(self, observation: object) -> Callable[[int], Any]:
        """The state for each iteration: fresh, or cycled from a reused set of samples."""
        game, rng = self._game, self._rng
        if self._determinizations is None:
            return lambda _iteration: game.determinize(observation, rng)
        pool = [game.determinize(observation, rng) for _ in range(self._determinizations)]
        return lambda iteration: pool[iteration % len(pool)]

    def _search(self, observation: object, iterations: int) -> _Node:  # noqa: C901, PLR0912, PLR0915 - the hot loop is kept in one frame on purpose
        """Run the search from ``observation`` and return the root of the tree.

        One frame does the whole tree walk: the game's methods are bound once, each state
        visited has its legal actions and their ids computed once (the ids of actions met
        before come from a cache), and UCT scores the children in the same pass that counts
        their availability. A node keeps its children in the order of the ids tuple of its
        latest visit (:attr:`_Node.row`), so a visit with the same tuple looks none of them
        up; the logarithms of availability counts come from a table grown one entry an
        iteration; and the sample and the game's own random rollout are called without a
        wrapper. The random draws and every float, and so the result for a seed, are those
        of the plainer two-pass walk it replaces.
        """
        game = self._game
        legal_actions, apply, current_player = game.legal_actions, game.apply, game.current_player
        rewards_of = self._rewards
        # The rewards of each returns tuple met (chip results repeat), computed once each.
        scaled: dict[tuple[int, ...], tuple[float, ...]] = {}
        ids_of = _ActionIds(game.action_id)
        known_ids = ids_of.known  # the cache's own look-up, without the call of ids_of
        expand, exploration, log, sqrt = self._expand, self._exploration, math.log, math.sqrt
        # logs[n] is log(n) for every availability count met so far: a child's availability
        # is at most the number of iterations begun, so one entry an iteration keeps up.
        logs = [0.0, 0.0]
        # Without the prior an untried action is drawn as _expand draws it: _randbelow(n) is
        # randrange(n) for n >= 1.
        prior, randbelow = self._use_prior, self._rng._randbelow  # type: ignore[attr-defined]  # noqa: SLF001 - see above
        rounds = getattr(game, "round_index", None) if self._rollout_to == "round" else None
        play_out = self._play_out_function(rounds)
        # The game's own random rollout, called as play_out would call it.
        fast = self._random_rollout()
        method, draws, most = (None, randbelow, None) if fast is None else fast
        root = _Node(player=-1)
        deadline = None if self._time_limit is None else time.monotonic() + self._time_limit
        sample = self._sampler(observation)
        determinize = game.determinize if self._determinizations is None else None
        rng = self._rng
        for iteration in range(iterations):
            if deadline is not None and iteration and time.monotonic() > deadline:
                break
            if len(logs) < iteration + 2:
                logs.append(log(iteration + 1))
            state = sample(iteration) if determinize is None else determinize(observation, rng)
            horizon = None if rounds is None else int(rounds(state))
            node, path = root, []
            while actions := legal_actions(state):
                if node.row_actions is actions:
                    keys, row = node.row_keys, node.row
                else:
                    known = known_ids(id(actions))
                    keys = (
                        known[1] if known is not None and known[0] is actions else ids_of(actions)
                    )
                    if node.row_keys is keys:
                        row = node.row
                    else:
                        row = node.row = list(map(node.children.get, keys))
                        node.row_keys = keys
                    node.row_actions = actions
                untried: list[int] | None = None
                best: _Node | None = None
                best_index, best_score = 0, -math.inf
                for index, child in enumerate(row):
                    if child is None:
                        if untried is None:
                            untried = [index]
                        else:
                            untried.append(index)
                        continue
                    availability = child.availability = child.availability + 1
                    if untried is None:  # UCT, needed only while every action has a child
                        score = child.mean + exploration * sqrt(logs[availability] / child.visits)
                        if score > best_score:
                            best, best_index, best_score = child, index, score
                if untried is not None:
                    player = current_player(state)
                    assert player is not None  # noqa: S101 - live states have a player to act
                    if prior and len(untried) > 1:
                        index = expand(state, player, actions, untried)
                    else:
                        index = untried[randbelow(len(untried))]
                    child = row[index] = node.children[keys[index]] = _Node(player)
                    path.append(child)
                    state = apply(state, actions[index])
                    break
                assert best is not None  # noqa: S101 - some child scores above -inf
                path.append(best)
                node = best
                state = apply(state, actions[best_index])
            if method is None:
                returns = play_out(state, horizon)
            else:
                returns = method(state, draws, horizon, most)
            rewards = scaled.get(returns)
            if rewards is None:
                if len(scaled) >= _CACHE_LIMIT:
                    scaled.clear()
                rewards = scaled[returns] = rewards_of(returns)
            for visited in path:
                visits = visited.visits = visited.visits + 1
                reward = rewards[visited.player]
                total = visited.total = visited.total + reward
                visited.mean = total / visits
                visited.squares += reward * reward
        return root

    def _expand(
        self, state: object, player: PlayerId, actions: Sequence[object], untried: list[int]
    ) -> int:
        """The index in ``actions`` of the untried action to add.

        That is the policy's choice if it is untried (the prior), else a random one of
        ``untried`` (indices into ``actions``).
        """
        if self._use_prior and len(untried) > 1:
            observation = self._game.observe(state, player)
            choice = self._policy.choose(observation, actions)
            for index in untried:
                if actions[index] == choice:
                    return index
        # randrange(n) is _randbelow(n) for n >= 1: the same draw, without randrange's checks
        return untried[self._rng._randbelow(len(untried))]  # type: ignore[attr-defined]  # noqa: SLF001 - see above

    def _random_rollout(self) -> _GameRollout | None:
        """The game's own ``random_playout_returns``, its draws and limit, if rollouts use it.

        They do for the built-in random policy in a game with that method:
        ``method(state, randbelow, horizon, limit)`` then gives a rollout's returns (see
        :meth:`_play_out_function`). None for any other rollout.
        """
        method = getattr(self._game, "random_playout_returns", None)
        if not (
            method is not None
            and isinstance(self._rollout, str)
            and type(self._policy) is RandomBot
        ):
            return None
        # randrange(n) is _randbelow(n) for n >= 1: the moves are exactly RandomBot.choose's
        return method, self._rng._randbelow, self._rollout_limit  # type: ignore[attr-defined]  # noqa: SLF001 - see above

    def _play_out_function(
        self, rounds: Callable[[Any], int] | None
    ) -> Callable[[Any, int | None], tuple[int, ...]]:
        """The rollout: ``(state, horizon) -> returns`` after the policy's actions.

        The rollout plays to the end of the game, or for at most ``rollout_limit`` actions,
        and with a ``horizon`` (the searched round, given ``rounds``, the game's
        ``round_index``) stops once the round is no longer that one. The built-in random
        policy is played by :func:`~cardgames.game.random_playout_returns` (the game's own
        fast method when it has one), with the very draws its ``choose`` would make; the
        search needs only the :meth:`~cardgames.game.Game.returns` of the rollout's end.
        """
        game, policy = self._game, self._policy
        legal_actions, apply, returns = game.legal_actions, game.apply, game.returns
        stop = -1 if self._rollout_limit is None else self._rollout_limit
        fast = self._random_rollout()
        if fast is not None:  # the game's own method, which random_playout_returns calls
            method, draws, most = fast
            return lambda state, horizon: method(state, draws, horizon, most)
        if isinstance(self._rollout, str) and type(policy) is RandomBot:
            # the built-in random policy draws from this bot's own generator; randrange(n)
            # is _randbelow(n) for n >= 1, so the moves are exactly RandomBot.choose's, and
            # random_playout_returns plays them
            randbelow = self._rng._randbelow  # type: ignore[attr-defined]  # noqa: SLF001 - see above
            limit = self._rollout_limit

            def random_play_out(state: object, horizon: int | None) -> tuple[int, ...]:
                return random_playout_returns(game, state, randbelow, horizon, limit)

            return random_play_out
        choose, observing = policy.choose, self._observing
        current_player, observe = game.current_player, game.observe

        def play_out(state: object, horizon: int | None) -> tuple[int, ...]:
            steps = 0
            while steps != stop and (actions := legal_actions(state)):
                if horizon is not None and rounds is not None and rounds(state) != horizon:
                    break
                if observing and len(actions) == 1:
                    action = actions[0]  # a forced move: no observation to build
                elif observing:
                    player = current_player(state)
                    assert player is not None  # noqa: S101 - a live state has a player to act
                    action = choose(observe(state, player), actions)
                else:
                    action = choose(None, actions)
                state = apply(state, action)
                steps += 1
            return returns(state)

        return play_out


_GameRollout: TypeAlias = tuple[
    Callable[[Any, Callable[[int], int], int | None, int | None], tuple[int, ...]],
    Callable[[int], int],
    int | None,
]
"""A game's ``random_playout_returns`` method, the draws it is given and the action limit."""


class _ActionIds:
    """The action ids of legal-action tuples, cached by object identity.

    Games usually hand out shared action objects (and often shared tuples of them), so the
    ids of actions met before cost a dictionary look-up instead of a call of
    :meth:`~cardgames.game.Game.action_id`. An entry keeps its object alive, so the object's
    ``id()`` cannot be reused by another while the entry is there; each cache is cleared when
    it reaches ``limit`` entries, so games that build new action objects every time cost a
    little more, never unbounded memory.
    """

    __slots__ = ("_action_id", "_actions", "_limit", "_tuples", "known")

    def __init__(self, action_id: Callable[[Any], int], limit: int = 4096) -> None:
        self._action_id = action_id
        self._limit = limit
        self._actions: dict[int, tuple[object, int]] = {}
        self._tuples: dict[int, tuple[Sequence[object], tuple[int, ...]]] = {}
        self.known = self._tuples.get
        """``known(id(actions))``: the entry ``(actions, ids)`` kept for that id, if any; its
        ids are those of ``actions`` only if its tuple ``is actions``."""

    def __call__(self, actions: Sequence[object]) -> tuple[int, ...]:
        """The id of each of ``actions``, in order."""
        tuples = self._tuples
        known = tuples.get(id(actions))
        if known is not None and known[0] is actions:
            return known[1]
        cache, action_id = self._actions, self._action_id
        ids = []
        for action in actions:
            entry = cache.get(id(action))
            if entry is None or entry[0] is not action:
                if len(cache) >= self._limit:
                    cache.clear()
                entry = cache[id(action)] = (action, action_id(action))
            ids.append(entry[1])
        result = tuple(ids)
        if len(tuples) >= self._limit:
            tuples.clear()
        tuples[id(actions)] = (actions, result)
        return result


def _root_statistics(
    game: Game[Any, Any, Any],
    observation: object,
    options: dict[str, Any],
    seed: int,
    kind: str,
) -> Any:  # noqa: ANN401 - the statistics of the search kind
    """One root-parallel worker's search (a top-level, picklable job).

    Its root statistics for the tree search, its paired rewards for ``kind="paired"``.
    """
    bot = ISMCTSBot(game, seed=seed, **(options | {"workers": 1}))
    if kind == "paired":
        return bot.paired_rewards(observation)
    return bot.root_statistics(observation)
