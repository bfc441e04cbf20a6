"""Play one game of Sixes through the Game protocol: deal, ask bots, apply, read the result."""

from __future__ import annotations

from cardgames.bots import Bot, RandomBot
from cardgames.game import winners
from cardgames.sixes import Sixes, SixesAction, SixesConfig, SixesHeuristicBot, SixesObservation


def main(seed: int = 2026) -> None:
    """Seat a heuristic bot against three random bots for one round of Sixes."""
    game = Sixes(SixesConfig(num_players=4, max_rounds=1))
    bots: list[Bot[SixesObservation, SixesAction]] = [
        SixesHeuristicBot(seed=seed),
        *(RandomBot(seed=seed + i) for i in (1, 2, 3)),
    ]
    state = game.initial_state(seed)
    moves = 0
    while not game.is_terminal(state):
        player = game.current_player(state)
        assert player is not None
        # A bot sees only its own observation, never the state.
        action = bots[player].choose(game.observe(state, player), game.legal_actions(state))
        state = game.apply(state, action)  # returns a new state; the old one is unchanged
        moves += 1
    print(state)
    print(f"{moves} moves; chips won or lost: {game.returns(state)}")
    print(f"winners: {sorted(winners(game.returns(state)))}")


if __name__ == "__main__":
    main()
