"""Write your own bot and pit it against the built-in bots with the simulator.

A bot is any object with ``choose(observation, legal_actions) -> action``. To run in the
simulator's worker processes it is built by a top-level factory ``(game, seed) -> bot``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.cards import Rank
from cardgames.game import Game
from cardgames.simulation import simulate
from cardgames.sixes import Pass, Play, Sixes, SixesAction, SixesConfig, SixesObservation
from cardgames.sixes.deck import SIXES_ORDER


class EdgesFirstBot:
    """Plays the card furthest from the 6 (aces and kings first): they open nothing new."""

    def choose(
        self, observation: SixesObservation, legal_actions: Sequence[SixesAction]
    ) -> SixesAction:
        """The play whose rank is furthest from the 6, else the pass."""
        del observation
        six = SIXES_ORDER.position(Rank.SIX)
        plays = [action for action in legal_actions if isinstance(action, Play)]
        if not plays:
            return Pass()
        return max(plays, key=lambda play: abs(SIXES_ORDER.position(play.card.rank) - six))


def edges_first(game: Game[object, object, object], seed: int) -> EdgesFirstBot:
    """The factory the simulator calls in each worker (a top-level function pickles)."""
    del game, seed
    return EdgesFirstBot()


def main() -> None:
    """Play 300 two-player rounds against each built-in bot, changing seats every game."""
    game = Sixes(SixesConfig(num_players=2, max_rounds=1))
    for opponent in ("random", "heuristic"):
        result = simulate(game, [edges_first, opponent], games=300, seed=7, rotate=True)
        print(result.table(), end="\n\n")


if __name__ == "__main__":
    main()
