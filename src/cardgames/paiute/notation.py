"""Paiute action notation and the per-action event stream for front ends.

Actions are written ``draw stock``, ``draw discard``, ``discard 7h``, ``call 7h`` (discard the
7♥ and show five cards), ``call`` (show all six) and ``show six`` (a final turn, P13)::

    >>> from cardgames.paiute.notation import format_action, parse_action
    >>> parse_action("discard 10♥"), parse_action("CALL")
    (Discard(card=Card.parse('Th')), Call(discard=None))
    >>> format_action(parse_action("call 7h"))
    'call 7h'
    >>> parse_action("discard")
    Traceback (most recent call last):
    ...
    cardgames.errors.ParseError: cannot parse 'discard' as a Paiute action: ...

:func:`describe` turns one action into :class:`cardgames.events.Event` values for one viewer,
leaving out the cards that viewer may not see (a card drawn from the stock by someone else).
"""

from __future__ import annotations

from typing import Final, assert_never

from cardgames.cards import Card
from cardgames.errors import ParseError
from cardgames.events import Event
from cardgames.game import PlayerId
from cardgames.paiute.action import (
    ACTIONS,
    DRAW_DISCARD_ID,
    DRAW_STOCK_ID,
    SHOW_SIX_ID,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    PaiuteAction,
    ShowSix,
)
from cardgames.paiute.game import Paiute
from cardgames.paiute.history import Called, DealResult, DrewFromStock, RebuiltStock, ShowedSix
from cardgames.paiute.state import NO_EVENTS, PaiuteState

__all__ = ["describe", "format_action", "parse_action"]

_WORDS: Final[dict[str, PaiuteAction]] = {
    "draw stock": ACTIONS[DRAW_STOCK_ID],
    "stock": ACTIONS[DRAW_STOCK_ID],
    "draw discard": ACTIONS[DRAW_DISCARD_ID],
    "take discard": ACTIONS[DRAW_DISCARD_ID],
    "pile": ACTIONS[DRAW_DISCARD_ID],
    "call": Call(discard=None),
    "call six": Call(discard=None),
    "show six": ACTIONS[SHOW_SIX_ID],
    "show": ACTIONS[SHOW_SIX_ID],
}
_EXPECTED: Final = (
    "expected 'draw stock', 'draw discard', 'discard 7h', 'call 7h', 'call' or 'show six'"
)


def format_action(action: PaiuteAction) -> str:
    """The notation of ``action``, such as ``discard 7h``."""
    match action:
        case DrawStock():
            return "draw stock"
        case DrawDiscard():
            return "draw discard"
        case Discard(card=card):
            return f"discard {card}"
        case Call(discard=discard):
            return "call" if discard is None else f"call {discard}"
        case ShowSix():
            return "show six"
        case _:
            assert_never(action)


def parse_action(text: str) -> PaiuteAction:
    """Parse the notation of :func:`format_action` (any case; also ``stock``, ``pile``, ``show``).

    Raises:
        ParseError: the text is not a Paiute action; the message quotes it.
    """
    if not isinstance(text, str):
        raise ParseError(f"cannot parse {text!r} as a Paiute action: {_EXPECTED}")
    words = text.lower().split()
    fixed = _WORDS.get(" ".join(words))
    if fixed is not None:
        return fixed
    if len(words) == 2 and words[0] in {"discard", "call"}:
        try:
            card = Card.parse(words[1])
        except ParseError:
            raise ParseError(f"cannot parse {text!r} as a Paiute action: unknown card") from None
        return Discard(card=card) if words[0] == "discard" else Call(discard=card)
    raise ParseError(f"cannot parse {text!r} as a Paiute action: {_EXPECTED}")


def describe(  # noqa: PLR0913, PLR0917 - the registry's event signature
    game: Paiute,
    state: PaiuteState,
    action: PaiuteAction,
    after: PaiuteState,
    viewer: PlayerId | None,
    reveal_all: bool,
) -> tuple[Event, ...]:
    """The events of one Paiute action as ``viewer`` sees them (see :mod:`cardgames.events`)."""
    player = state.current_player
    if player is None:
        return ()
    events = _action_events(state, action, after, player, viewer, reveal_all)
    ended = after.is_over or after.deal_number != state.deal_number
    if ended:
        events.extend(_settlement(after.results[-1]))
    if ended and not after.is_over:
        events.append(_deal(game, after, viewer, reveal_all))
    if after.is_over:
        stacks = after.stacks
        best = max(stacks)
        names = " and ".join(f"player {seat}" for seat, chips in enumerate(stacks) if chips == best)
        events.append(Event(kind="game_over", text=f"session over: {names} won"))
    return tuple(events)


def _action_events(  # noqa: PLR0913, PLR0917 - the parts of one action
    state: PaiuteState,
    action: PaiuteAction,
    after: PaiuteState,
    player: PlayerId,
    viewer: PlayerId | None,
    reveal_all: bool,
) -> list[Event]:
    events: list[Event] = []
    match action:
        case DrawStock():
            history = after.history if after.deal_number == state.deal_number else NO_EVENTS
            for event in history[len(state.history) :]:
                if isinstance(event, RebuiltStock):
                    text = f"the stock is rebuilt from {len(event.cards)} discards"
                    events.append(Event(kind="stock_rebuilt", cards=event.cards, text=text))
            drawn = after.drawn_card
            public = isinstance(history[-1], DrewFromStock) and history[-1].card is not None
            seen = drawn is not None and (reveal_all or viewer == player or public)
            cards = (drawn,) if seen and drawn is not None else ()
            where = f" {drawn.unicode}" if cards and drawn is not None else " a card"
            events.append(
                Event(
                    kind="draw_stock",
                    player=player,
                    cards=cards,
                    hidden=1 - len(cards),
                    text=f"player {player} draws{where} from the stock",
                )
            )
        case DrawDiscard():
            taken = state.top_discard
            cards = () if taken is None else (taken,)
            text = (
                f"player {player} takes {' '.join(c.unicode for c in cards)} from the discard pile"
            )
            events.append(Event(kind="draw_discard", player=player, cards=cards, text=text))
        case Discard(card=card):
            text = f"player {player} discards {card.unicode}"
            events.append(Event(kind="discard", player=player, cards=(card,), text=text))
        case Call() | ShowSix():
            shown = _shown_event(state, after, player)
            kind = "call" if isinstance(action, Call) else "show_six"
            events.append(Event(kind=kind, player=player, cards=shown.shown, text=str(shown)))
        case _:
            assert_never(action)
    return events


def _shown_event(state: PaiuteState, after: PaiuteState, player: PlayerId) -> Called | ShowedSix:
    """The Called or ShowedSix event an action added (from the result if the deal ended)."""
    if after.deal_number == state.deal_number and not after.is_over:
        event = after.history[-1]
    else:
        event = _last_shown(state, after, player)
    if not isinstance(event, Called | ShowedSix):
        raise TypeError(f"expected the event of a call or a show, not {event!r}")
    return event


def _last_shown(state: PaiuteState, after: PaiuteState, player: PlayerId) -> Called | ShowedSix:
    """Rebuild the shown-cards event of a call or show that ended the deal."""
    result = after.results[-1]
    shown = result.shown[player]
    value = result.values[player]
    if value is None:
        raise ValueError("a call or a six-card show is always a combination (P14)")
    if state.caller is None:
        hand = state.hands[player]
        discard = next((card for card in hand if card not in shown), None)
        return Called(player=player, discard=discard, shown=shown, value=value)
    return ShowedSix(player=player, shown=shown, value=value)


def _settlement(result: DealResult) -> list[Event]:
    if result.caller is None:
        text = f"deal {result.deal} is void: the pot of {result.pot} carries over (P21)"
        return [Event(kind="deal_void", chips=result.pot, text=text)]
    events = []
    for seat, (cards, value) in enumerate(zip(result.shown, result.values, strict=True)):
        worth = str(value) if value is not None else "no combination"
        text = f"player {seat} shows {' '.join(card.unicode for card in cards)}: {worth}"
        events.append(Event(kind="showdown", player=PlayerId(seat), cards=cards, text=text))
    for seat in result.winners:
        chips = result.winnings[seat]
        text = f"player {seat} wins {chips} chips"
        events.append(Event(kind="pot_awarded", player=seat, chips=chips, text=text))
    return events


def _deal(game: Paiute, after: PaiuteState, viewer: PlayerId | None, reveal_all: bool) -> Event:
    if reveal_all:
        cards = tuple(card for hand in after.hands for card in hand)
    elif viewer is not None:
        cards = after.hands[viewer]
    else:
        cards = ()
    dealt = 5 * game.num_players
    return Event(
        kind="deal",
        player=after.dealer,
        cards=cards,
        hidden=dealt - len(cards),
        chips=game.config.ante * game.num_players,
        text=(
            f"deal {after.deal_number}: player {after.dealer} deals; "
            f"{after.wild_card.rank.label}s are wild"
        ),
    )
