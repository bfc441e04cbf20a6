"""The invariants of a Paiute state, for states that come from outside the engine.

States built by :class:`~cardgames.paiute.Paiute` always satisfy them; a state decoded from
JSON or assembled by hand may not. :func:`check_state` names the first broken rule, so a
decoder can turn a bad document into a clear error instead of a state that fails later::

    >>> from cardgames.paiute import Paiute, PaiuteConfig, check_state
    >>> game = Paiute(PaiuteConfig(num_players=3))
    >>> check_state(game, game.initial_state(seed=1)) is None
    True
"""

from __future__ import annotations

from cardgames.paiute.game import Paiute
from cardgames.paiute.history import (
    Called,
    DealResult,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    RebuiltStock,
    ShowedSix,
)
from cardgames.paiute.state import PILE_FLAG, PaiuteState, Table

__all__ = ["check_state"]

_EVENTS = (DrewFromStock, DrewFromDiscard, Discarded, Called, ShowedSix, RebuiltStock)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ints(name: str, values: object, low: int, high: int) -> None:
    if not isinstance(values, tuple) or not all(
        _is_int(value) and low <= value <= high for value in values
    ):
        raise ValueError(f"{name} must be a tuple of ints from {low} to {high}")


def _check_table(game: Paiute, table: object) -> None:
    config = game.config
    n = config.num_players
    if not isinstance(table, Table):
        raise ValueError("the table must be a Table")  # noqa: TRY004 - decoders expect ValueError
    _check_ints("the stacks", table.stacks, 0, 2**62)
    if len(table.stacks) != n:
        raise ValueError(f"there must be one stack per seat ({n}) (P19)")
    for name in ("pot", "dealer", "deal", "wild", "chance_key"):
        if not _is_int(getattr(table, name)) or getattr(table, name) < 0:
            raise ValueError(f"the table's {name} must be an int >= 0")
    if sum(table.stacks) + table.pot != config.starting_chips * n:
        raise ValueError("the stacks and the pot must add up to the chips of the session (P18)")
    if table.dealer >= n or table.wild >= PILE_FLAG or table.deal >= config.deals:
        raise ValueError("the dealer, the wild card or the deal number is out of range (P4, P20)")
    results: object = table.results
    if not isinstance(results, tuple) or not all(
        isinstance(result, DealResult) for result in results
    ):
        raise ValueError("the results must be a tuple of DealResult values")
    for result in results:
        _check_result(result, n)


def _check_result(result: DealResult, n: int) -> None:
    seats = range(n)
    if not (
        len(result.shown) == len(result.values) == len(result.winnings) == n
        and result.dealer in seats
        and (result.caller is None or result.caller in seats)
        and all(winner in seats for winner in result.winners)
    ):
        raise ValueError("a deal result must have one entry per seat and name only seats (P14)")


def _check_cards(game: Paiute, state: PaiuteState) -> None:
    n = game.config.num_players
    hands: object = state._hands  # noqa: SLF001 - the engine's own representation
    if not isinstance(hands, tuple) or len(hands) != n:
        raise ValueError(f"there must be one hand per seat ({n}) (P1)")
    for hand in hands:
        _check_ints("a hand", hand, 0, 51)
        if len(hand) not in {5, 6} or list(hand) != sorted(hand):
            raise ValueError("a hand holds 5 or 6 cards in card order (P5, P9)")
    _check_ints("the stock", state._stock, 0, 51)  # noqa: SLF001
    _check_ints("the discard pile", state._pile, 0, 51)  # noqa: SLF001
    _check_ints("the rebuilt cards", state._rebuilt, 0, 51)  # noqa: SLF001
    cards = [card for hand in hands for card in hand]
    cards += [*state._stock, *state._pile]  # noqa: SLF001
    if not game.config.wild_indicator_in_play:
        cards.append(state.table.wild)
    if sorted(cards) != list(range(52)):
        raise ValueError(
            "the hands, the stock, the discard pile and the turned wild card must hold each of "
            "the 52 cards exactly once (P2, P6)"
        )


def _check_final_turns(game: Paiute, state: PaiuteState) -> None:
    """After a call: who plays last follows ``final_turns``; the caller never plays (P12)."""
    caller, end = state._caller, state._end  # noqa: SLF001
    final_turns = game.config.final_turns
    last = (state.table.dealer if final_turns == "complete_round" else caller - 1) % len(
        state._hands  # noqa: SLF001
    )
    if end != last:
        raise ValueError(
            f"after player {caller}'s call the last seat to play is {last}, not {end} "
            f"(final_turns={final_turns!r}, P12)"
        )
    if state._player == caller:  # noqa: SLF001
        raise ValueError("the caller never plays again (P12)")


def _check_turn(game: Paiute, state: PaiuteState) -> None:
    n = game.config.num_players
    player, drawn = state._player, state._drawn  # noqa: SLF001
    caller, end, turns = state._caller, state._end, state._turns  # noqa: SLF001
    for name, value, low, high in (
        ("current player", player, -1, n - 1),
        ("drawn card", drawn, -1, 2 * PILE_FLAG - 1),
        ("caller", caller, -1, n - 1),
        ("last seat to play", end, -1, n - 1),
        ("turn count", turns, 0, 2**62),
    ):
        if not _is_int(value) or not low <= value <= high:
            raise ValueError(f"the {name} must be an int from {low} to {high}")
    if (caller < 0) != (end < 0):
        raise ValueError("a caller and the last seat to play go together (P12)")
    if caller >= 0:
        _check_final_turns(game, state)
    if drawn >= 0 and (player < 0 or drawn % PILE_FLAG not in state._hands[player]):  # noqa: SLF001
        raise ValueError("the drawn card must be in the current player's hand (P9)")
    if player >= 0 and len(state._hands[player]) != (6 if drawn >= 0 else 5):  # noqa: SLF001
        raise ValueError("the current player holds 5 cards before the draw and 6 after (P9)")
    max_turns = game.config.max_turns
    if player >= 0 and caller < 0 and max_turns is not None and turns >= max_turns:
        raise ValueError(f"a deal without a call ends after {max_turns} turns (P21)")


def _check_history(game: Paiute, state: PaiuteState) -> None:
    n = game.config.num_players
    history: object = state._history  # noqa: SLF001
    if not isinstance(history, tuple) or not all(isinstance(e, _EVENTS) for e in history):
        raise ValueError("the history must be a tuple of Paiute events")
    for event in history:
        if not isinstance(event, RebuiltStock) and event.player not in range(n):
            raise ValueError("every event of the history must name a seat (P1)")


def check_state(game: Paiute, state: object) -> None:
    """Check that ``state`` is a consistent Paiute state for ``game``.

    Raises:
        ValueError: an invariant is broken; the message names it (and its rule id).
    """
    if not isinstance(state, PaiuteState):
        raise ValueError(f"expected a PaiuteState, not {type(state).__name__}")  # noqa: TRY004 - decoders expect ValueError
    _check_table(game, state.table)
    _check_cards(game, state)
    _check_turn(game, state)
    _check_history(game, state)
