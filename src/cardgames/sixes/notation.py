"""Sixes action notation, a state check for decoded documents, and the event stream.

Actions are written ``play 6d`` and ``pass``::

    >>> from cardgames.sixes.notation import format_action, parse_action
    >>> parse_action("play 6♦"), parse_action("PASS")
    (Play(card=Card.parse('6d')), Pass())
    >>> format_action(parse_action("6d"))
    'play 6d'
    >>> parse_action("play 10s")
    Traceback (most recent call last):
    ...
    cardgames.errors.ParseError: cannot parse 'play 10s' as a Sixes action: Ts is not in ...
"""

from __future__ import annotations

from typing import assert_never

from cardgames.cards import Card
from cardgames.errors import InvalidStateError, ParseError
from cardgames.events import Event
from cardgames.game import PlayerId
from cardgames.sixes.action import PASS, Pass, Play, SixesAction
from cardgames.sixes.deck import SIXES_DECK
from cardgames.sixes.game import Sixes
from cardgames.sixes.state import SixesState

__all__ = ["check_state", "describe", "format_action", "parse_action"]

_DECK = frozenset(SIXES_DECK)


def format_action(action: SixesAction) -> str:
    """The notation of ``action``: ``play 6d`` or ``pass``."""
    match action:
        case Play(card=card):
            return f"play {card}"
        case Pass():
            return "pass"
        case _:
            assert_never(action)


def parse_action(text: str) -> SixesAction:
    """Parse ``play <card>`` (or just the card) or ``pass``, in any letter case.

    Raises:
        ParseError: the text is not a Sixes action; the message quotes it.
    """
    if not isinstance(text, str):
        raise ParseError(f"cannot parse {text!r} as a Sixes action")
    words = text.lower().split()
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] == "play":
        words = words[1:]
    if len(words) != 1:
        raise ParseError(f"cannot parse {text!r} as a Sixes action: expected 'play 6d' or 'pass'")
    try:
        card = Card.parse(words[0])
    except ParseError:
        raise ParseError(f"cannot parse {text!r} as a Sixes action: unknown card") from None
    if card not in _DECK:
        raise ParseError(
            f"cannot parse {text!r} as a Sixes action: {card} is not in the 40-card Sixes deck (S2)"
        )
    return Play(card=card)


def check_state(game: Sixes, state: SixesState) -> None:
    """Raise InvalidStateError unless ``state`` fits ``game``'s config (for decoded documents).

    The state's own constructor already checks that the cards are partitioned and the columns
    are runs through their 6s (S6); this adds what depends on the config: the number of seats
    and the chip total (S3, S10), the round limit (S12), the 64-bit chance key, and that each
    seat's hand plus its plays this round make the cards it was dealt (S4).
    """
    config = game.config
    if state.num_players != config.num_players:
        raise InvalidStateError(f"{state.num_players} hands for {config.num_players} players (S1)")
    total = config.num_players * config.starting_chips
    if sum(state.stacks) + state.pot != total or sum(state.settled_stacks) != total:
        raise InvalidStateError(f"stacks and pot must add up to {total} chips (S3, S10)")
    if config.max_rounds is not None and state.round_number > config.max_rounds:
        raise InvalidStateError(
            f"round {state.round_number} is past max_rounds={config.max_rounds} (S12)"
        )
    if not 0 <= state.chance_key < 2**64:
        raise InvalidStateError("chance_key is a 64-bit key, from 0 to 2**64 - 1")
    played = [0] * state.num_players
    for turn in state.history:
        if isinstance(turn.action, Play):
            played[turn.player] += 1
    for seat, (mask, plays) in enumerate(zip(state.hand_masks, played, strict=True)):
        if mask.bit_count() + plays != config.cards_each:
            raise InvalidStateError(
                f"seat {seat} holds {mask.bit_count()} cards and played {plays} this round; "
                f"each seat is dealt {config.cards_each} (S4)"
            )


def describe(  # noqa: PLR0913, PLR0917 - the registry's event signature
    game: Sixes,
    state: SixesState,
    action: SixesAction,
    after: SixesState,
    viewer: PlayerId | None,
    reveal_all: bool,
) -> tuple[Event, ...]:
    """The events of one Sixes action as ``viewer`` sees them (see :mod:`cardgames.events`)."""
    player = state.to_play
    if player is None:
        return ()
    events: list[Event] = []
    paid = 0
    match action:
        case Play(card=card):
            text = f"player {player} played {card.unicode}"
            events.append(Event(kind="play", player=player, cards=(card,), text=text))
        case Pass():
            paid = int(state.stacks[player] > 0)
            text = f"player {player} passed and paid 1 chip" if paid else f"player {player} passed"
            events.append(Event(kind="pass", player=player, chips=paid, text=text))
        case _:
            assert_never(action)
    new_round = after.round_number != state.round_number
    if new_round or after.is_terminal:
        went_out = isinstance(action, Play) and state.hand_masks[player].bit_count() == 1
        before = list(state.stacks)
        before[player] -= paid
        events.extend(_settlement(state.round_number, before, after.stacks, player, went_out))
    if new_round and not after.is_terminal:
        events.append(_deal(after, viewer, reveal_all))
    if after.is_terminal:
        best = sorted(game.winners(after))
        names = " and ".join(f"player {seat}" for seat in best)
        events.append(Event(kind="game_over", text=f"game over: {names} won"))
    return tuple(events)


def _settlement(
    round_number: int,
    before: list[int],
    after: tuple[int, ...],
    player: PlayerId,
    went_out: bool,
) -> list[Event]:
    events = []
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        change, who = new - old, PlayerId(seat)
        if change < 0:
            text = f"player {seat} pays {-change} for cards left"
            events.append(Event(kind="paid", player=who, chips=-change, text=text))
        elif change > 0 and went_out and seat == player:
            text = f"round {round_number} won by player {seat}, {change} chips"
            events.append(Event(kind="round_won", player=who, chips=change, text=text))
        elif change > 0:
            text = f"round {round_number} ended: player {seat} takes {change} chips"
            events.append(Event(kind="pot_awarded", player=who, chips=change, text=text))
    return events


def _deal(after: SixesState, viewer: PlayerId | None, reveal_all: bool) -> Event:
    if reveal_all:
        cards = tuple(card for hand in after.hands for card in sorted(hand))
    elif viewer is not None:
        cards = tuple(sorted(after.hands[viewer]))
    else:
        cards = ()
    return Event(
        kind="deal",
        player=after.dealer,
        cards=cards,
        hidden=40 - len(cards),
        text=f"player {after.dealer} deals round {after.round_number}",
    )
