"""Drawings of games as SVG text, for web pages and notebooks (like ``chess.svg``).

A drawing is made from an *observation*, so it can never show a card its viewer may not see::

    >>> from cardgames.render import draw_observation
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4))
    >>> svg = draw_observation(game, game.observe(game.initial_state(7), 0))
    >>> svg.startswith("<svg") and svg.count('data-target="hand"') == 10
    True

States draw as a reveal-all view (every hand face up, for replays) with :func:`draw_state`. In
Jupyter, observations and states show as their drawings on their own.

The generic pieces (a card, a card back, a hand, chips, the felt) are in
:mod:`cardgames.render.svg` and :mod:`cardgames.render.layout`; what one game draws lives in
that game's package, in a ``drawing`` module with ``draw_observation(game, observation)`` and
``draw_state(game, state)``.
"""

from cardgames.render.drawing import draw_observation, draw_state, game_drawing

__all__ = ["draw_observation", "draw_state", "game_drawing"]
