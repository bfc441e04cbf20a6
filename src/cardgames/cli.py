"""The ``cardgames`` command: play in the terminal, simulate bots, replay records, read rules.

Run ``cardgames --help`` (or ``python -m cardgames --help``) for the subcommands:

- ``cardgames play sixes`` plays against bots in the terminal;
- ``cardgames simulate sixes --games 1000 --bots heuristic,random`` prints a results table;
- ``cardgames tournament sixes --bots random,heuristic,ismcts`` ranks bots on duplicate deals;
- ``cardgames replay games.jsonl`` steps through a recorded game;
- ``cardgames serve`` runs a web table: play in the browser against bots and people;
- ``cardgames rules paiute`` prints a summary of the rules.

Every subcommand is a function of its arguments and the standard streams, so tests drive
:func:`main` in-process. Exit codes: 0 on success, 1 on an error (a message on stderr) or a
game of ``play`` left unfinished (``q`` or the end of the input), 2 on a bad command line, 130
when interrupted with Ctrl-C (``simulate`` and ``tournament``: 143 on SIGTERM).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import secrets
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from cardgames.bots.bot import AnyGame, Bot, BotSpec, bot_names, build_bot
from cardgames.cards import Card
from cardgames.errors import CardgamesError, ParseError
from cardgames.game import PlayerId, seats, winners
from cardgames.registry import game_info, game_names
from cardgames.spec import AnyGameSpec as GameInfo

__all__ = ["build_parser", "main", "printable"]

EXIT_OK: Final = 0
EXIT_ERROR: Final = 1
EXIT_ABANDONED: Final = 1
"""``play`` left before the game ended (``q``, or the end of the input): not a finished game."""
EXIT_INTERRUPTED: Final = 130

HELP_LINE: Final = (
    "Type a move's number, or the move as listed (any case; cards as 10♥, 10h, Th or 6d), or "
    "just its card when only one move uses it; 'h' shows this help, 't' the table again, "
    "'q' quits."
)
REPLAY_PROMPT: Final = "[Enter: next, b: back, q: quit] "


class UsageError(CardgamesError, ValueError):
    """A command line that parses but asks for something impossible (reported, exit 1)."""


# --- games and options ---------------------------------------------------------------------


def _parse_value(text: str) -> object:
    """A config value from the command line: JSON when it parses, else the text itself."""
    if text.strip().lower() in {"none", "null"}:
        return None
    if text.strip().lower() in {"true", "false"}:
        return text.strip().lower() == "true"
    try:
        value: object = json.loads(text)
    except ValueError:
        return text
    return value


def _options(assignments: Sequence[str]) -> dict[str, object]:
    """``key=value`` strings as a dict.

    Raises:
        UsageError: an item is not ``key=value``.
    """
    options: dict[str, object] = {}
    for item in assignments:
        key, equals, value = item.partition("=")
        if not equals or not key.strip().isidentifier():
            raise UsageError(f"bad option {item!r}: expected key=value, such as max_rounds=3")
        options[key.strip()] = _parse_value(value.strip())
    return options


def make_game(
    name: str,
    *,
    players: int | None = None,
    options: dict[str, object] | None = None,
    defaults: Mapping[str, object] | None = None,
) -> AnyGame:
    """The game called ``name``, with ``players`` seats and config ``options``.

    Raises:
        UsageError: no game has that name, or an option is not one of its config's fields.
        InvalidConfigError: an option value breaks the rules' constraints.
    """
    if name not in game_names():
        raise UsageError(f"unknown game {name!r}: expected one of {', '.join(game_names())}")
    info = game_info(name)
    settings = {**(defaults or {}), **(options or {})}
    if players is not None:
        settings["num_players"] = players
    if info.config_class is None:
        if settings:
            raise UsageError(f"{name} has no options")
        return info.make_game(None)
    fields = {field.name for field in attrs.fields(info.config_class)}
    unknown = sorted(set(settings) - fields)
    if unknown:
        raise UsageError(
            f"{name} has no option {unknown[0]!r}: its options are {', '.join(sorted(fields))}"
        )
    return info.make_game(info.config_class(**settings))


# --- showing things ------------------------------------------------------------------------


def _words(name: str) -> str:
    """``DrawStock`` → ``draw stock``."""
    return "".join(" " + c.lower() if c.isupper() else c for c in name).strip()


def action_label(info: GameInfo, action: object, *, unicode: bool = False) -> str:
    """A short name for an action: the game's notation, else its class and cards.

    With ``unicode`` the action's cards show as the table shows them, with suit symbols, so
    that a hand and the moves use one notation.

    Example::

        >>> from cardgames.registry import game_info
        >>> from cardgames.sixes import Pass, Play
        >>> from cardgames.cards import Card
        >>> action_label(game_info("sixes"), Pass())
        'pass'
        >>> action_label(game_info("sixes"), Play(Card.parse("Tc")), unicode=True)
        'play 10♣'
    """
    if info.format_action is not None:
        text = info.format_action(action)
        return _with_symbols(text, _cards_of(action)) if unicode else text
    cls = type(action)
    parts = [_words(cls.__name__)]
    if attrs.has(cls):
        values = (getattr(action, field.name) for field in attrs.fields(cls))
        parts.extend(
            value.unicode if unicode and isinstance(value, Card) else str(value)
            for value in values
            if value is not None
        )
    return " ".join(parts)


def _with_symbols(text: str, cards: Sequence[Card]) -> str:
    """``text`` with each word that names one of ``cards`` (``Tc``) in its symbol form (``10♣``)."""
    names = {str(card).lower(): card.unicode for card in cards}
    return " ".join(names.get(word.lower(), word) for word in text.split(" "))


def _display_value(value: object) -> str:
    if isinstance(value, Card):
        return value.unicode
    if isinstance(value, (tuple, frozenset)) and all(isinstance(v, Card) for v in value):
        cards = sorted(value) if isinstance(value, frozenset) else list(value)
        return " ".join(card.unicode for card in cards) or "-"
    return str(value)


def show(value: object) -> str:
    """A readable text of a state or an observation: its own ``str`` if it has one.

    Otherwise one ``field: value`` line per attrs field, cards with suit symbols.
    """
    cls = type(value)
    text = str(value)
    if not attrs.has(cls) or not text.startswith(cls.__name__ + "("):
        return text
    return "\n".join(
        f"  {field.name.replace('_', ' ')}: {_display_value(getattr(value, field.name))}"
        for field in attrs.fields(cls)
        if field.name != "history"
    )


def _event_lines(
    game: AnyGame, state: object, action: object, after: object, viewer: int
) -> list[str]:
    """What ``viewer`` sees happen, via :mod:`cardgames.events` when the game has events."""
    from cardgames.events import describe

    try:
        return [
            _with_symbols(event.text, event.cards)
            for event in describe(game, state, action, viewer=viewer, next_state=after)
        ]
    except TypeError:
        player = game.current_player(state)
        return [f"player {player}: {action_label(game_info(game.name), action, unicode=True)}"]


# --- choosing a move from typed text ----------------------------------------------------------


def _normalize(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())


def match_action(  # noqa: C901 - one branch per way of naming a move
    info: GameInfo,
    text: str,
    legal: Sequence[Any],
    *,
    why: Callable[[Any], str | None] | None = None,
) -> Any:  # noqa: ANN401 - an action of any game
    """The legal action that ``text`` names.

    ``text`` may be a move number (from 1), the move's label (any case; cards as ``6d``,
    ``10h`` or ``6♦``), or just a card when exactly one legal move uses it.

    Args:
        info: The game's registry entry (its notation).
        text: What the person typed.
        legal: The legal actions, numbered from 1 as shown.
        why: Says why an action is not legal now (a game's ``why_illegal`` for the current
            state), for the message; None gives a generic one.

    Raises:
        ParseError: no legal move (or more than one) matches; the message says which and why.
    """
    text = text.strip()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise ParseError(f"there is no move {number}: choose 1 to {len(legal)}")
    if info.parse_action is not None:
        try:
            action = info.parse_action(text)
        except (ParseError, ValueError):
            pass
        else:
            if action in legal:
                return action
            reason = None if why is None else why(action)
            raise ParseError(
                f"{text!r} is not a legal move now: "
                + (reason or f"type a number from 1 to {len(legal)}")
            )
    wanted = _normalize(text)
    words = wanted.split()
    try:
        cards = [Card.parse(word) for word in words[-1:]]
        wanted_cards = " ".join([*words[:-1], str(cards[0]).lower()])
    except ParseError:
        cards, wanted_cards = [], wanted
    for action in legal:
        if _normalize(action_label(info, action)) in {wanted, wanted_cards}:
            return action
    if len(words) == 1 and cards:
        using = [a for a in legal if cards[0] in _cards_of(a)]
        if len(using) == 1:
            return using[0]
        if using:
            names = ", ".join(action_label(info, a) for a in using)
            raise ParseError(f"{text!r} could be any of: {names}; type the whole move")
    raise ParseError(f"{text!r} is not a legal move now: type a number from 1 to {len(legal)}")


def _cards_of(action: object) -> tuple[Card, ...]:
    cls = type(action)
    if not attrs.has(cls):
        return ()
    return tuple(
        value
        for field in attrs.fields(cls)
        if isinstance(value := getattr(action, field.name), Card)
    )


# --- play ----------------------------------------------------------------------------------


def _bot_list(text: str, count: int) -> list[BotSpec]:
    """``count`` bot specs from ``a,b,...``: one spec is repeated for every seat.

    When a spec is an import string (``mybots:blocker``), the current directory joins the
    import path, as ``uvicorn`` and ``python -m`` do, so a module beside you is found.
    """
    specs = [BotSpec.parse(part) for part in text.split(",") if part.strip()]
    here = str(Path.cwd())
    if any(spec.is_import_string for spec in specs) and here not in sys.path:
        sys.path.insert(0, here)
    if len(specs) == 1:
        return specs * count
    if len(specs) != count:
        raise UsageError(f"give 1 or {count} bots (comma-separated), not {len(specs)}")
    return specs


class _Quit(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The player asked to leave (or the input ended)."""


def _ask(out: IO[str], source: IO[str], prompt: str) -> str:
    out.write(prompt)
    out.flush()
    line = source.readline()
    if not line:
        raise _Quit("input ended")
    return line


@attrs.frozen
class _Table:
    """A human's seat at a game, and the streams to talk to them."""

    game: AnyGame
    info: GameInfo
    seat: PlayerId
    out: IO[str]
    source: IO[str]
    hints: int = 0
    """Samples per move for the advisor's hints (``--hints``); 0 shows none."""

    def why_illegal(self, state: object) -> Callable[[Any], str | None]:
        """Why an action is not legal in ``state``, from the game's ``why_illegal``."""
        return lambda action: self.game.why_illegal(state, action)


def _human_turn(table: _Table, state: object, legal: Sequence[Any]) -> object:
    """Show the table and the numbered moves to the human in ``seat``, and read a legal move."""
    game, info, seat, out, source = table.game, table.info, table.seat, table.out, table.source
    out.write("\n" + show(game.observe(state, seat)) + "\n\nYour moves:\n")
    for number, action in enumerate(legal, 1):
        out.write(f"  {number:>2}. {action_label(info, action, unicode=True)}\n")
    if table.hints:
        from cardgames.advisor import advise, format_advice

        advice = advise(game, game.observe(state, seat), table.hints, seed=len(legal))
        out.write("Hints (win chance and chips to the end of the round, 95% intervals):\n")
        out.write(format_advice(advice, lambda move: action_label(info, move, unicode=True)) + "\n")
    while True:
        answer = _ask(out, source, f"Your move [1-{len(legal)}, h for help]: ").strip()
        command = answer.lower()
        if not command:
            continue
        if command in {"h", "help", "?"}:
            out.write(HELP_LINE + "\n")
            continue
        if command in {"q", "quit", "exit"}:
            raise _Quit("you left the game")
        if command in {"t", "table"}:
            out.write(show(game.observe(state, seat)) + "\n")
            continue
        try:
            return match_action(info, answer, legal, why=table.why_illegal(state))
        except ParseError as error:
            out.write(f"{error}\n")


def _bot_turn(table: _Table, bot: Bot[Any, Any], player: PlayerId, state: object) -> object:
    """The bot's move; on a terminal a "thinking…" line shows while it decides."""
    out = table.out
    waiting = out.isatty()
    if waiting:
        out.write(f"  player {player} is thinking…")
        out.flush()
    action = bot.choose(table.game.observe(state, player), table.game.legal_actions(state))
    if waiting:
        out.write("\r\x1b[K")  # back to the line's start, and clear it
    return action


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that an interruption leaves the old file or the new one.

    Raises:
        OSError: the file cannot be written (the old one, if any, is left as it was).
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _save_record(  # noqa: PLR0913 - what a record holds, by keyword
    path: Path,
    game: AnyGame,
    actions: Sequence[object],
    *,
    seed: int,
    players: Sequence[str],
    out: IO[str],
) -> None:
    """Write the game so far as a JSON record that ``cardgames replay`` reads."""
    from cardgames.serialization import dumps_record, record_game

    record = record_game(game, actions, seed=seed, players=players)
    write_atomically(path, dumps_record(record, indent=2) + "\n")
    out.write(f"record: {len(actions)} actions written to {path}\n")


def _play(args: argparse.Namespace, out: IO[str], source: IO[str]) -> int:
    from cardgames.simulation import bot_seed

    game = make_game(args.game, players=args.players, options=_options(args.set))
    info = game_info(args.game)
    if not 0 <= args.seat < game.num_players:
        raise UsageError(f"--seat must be from 0 to {game.num_players - 1}, not {args.seat}")
    human = PlayerId(args.seat)
    specs = _bot_list(args.bots, game.num_players - 1)
    others = [seat for seat in seats(game.num_players) if seat != human]
    seed = secrets.randbits(32) if args.seed is None else args.seed
    bots: dict[PlayerId, Bot[Any, Any]] = {
        seat: build_bot(spec, game, bot_seed(seed, 0, seat))
        for seat, spec in zip(others, specs, strict=True)
    }
    names = [
        "you" if seat == human else str(specs[others.index(seat)])
        for seat in seats(game.num_players)
    ]
    out.write(
        f"{args.game}: you are player {human}; "
        + ", ".join(f"player {seat} is {spec}" for seat, spec in zip(others, specs, strict=True))
        + f".\nSeed {seed}: play this deal again with --seed {seed}.\n{HELP_LINE}\n"
    )
    table = _Table(game, info, human, out, source, args.hints)
    state = game.initial_state(seed)
    actions: list[object] = []
    try:
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None  # noqa: S101 - live states have a player to act
            if player != human:
                action = _bot_turn(table, bots[player], player, state)
            else:
                legal = game.legal_actions(state)
                if len(legal) == 1 and not args.ask_every_move:
                    action = legal[0]
                    label = action_label(info, action, unicode=True)
                    out.write(f"  (your only move, played for you: {label})\n")
                else:
                    action = _human_turn(table, state, legal)
            after = game.apply(state, action)
            actions.append(action)
            for line in _event_lines(game, state, action, after, human):
                out.write(f"  {line}\n")
            state = after
    except _Quit as reason:
        out.write(f"\n{reason}: game abandoned. Goodbye.\n")
        return EXIT_ABANDONED
    finally:
        if args.record is not None:
            _save_record(Path(args.record), game, actions, seed=seed, players=names, out=out)
    returns = game.returns(state)
    out.write("\nGame over.\n" + show(game.observe(state, human)) + "\n")
    out.write(
        "Chips won or lost: "
        + ", ".join(f"player {s}: {r:+d}" for s, r in enumerate(returns))
        + "\n"
    )
    best = sorted(winners(returns))
    verdict = (
        "You win!" if best == [human] else ("You share the win." if human in best else "You lose.")
    )
    out.write(f"Winner{'s' if len(best) > 1 else ''}: {', '.join(map(str, best))}. {verdict}\n")
    return EXIT_OK


# --- simulate ------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace, out: IO[str]) -> int:
    from cardgames.simulation.command import run

    return run(args, out)


def _tournament(args: argparse.Namespace, out: IO[str]) -> int:
    from cardgames.simulation.command import run_tournament

    return run_tournament(args, out)


# --- replay --------------------------------------------------------------------------------


DEFAULT_MAX_BYTES: Final = 8 * 2**20
"""The largest record ``replay`` reads unless ``--max-bytes`` says otherwise (8 MiB)."""
_BOM: Final = b"\xef\xbb\xbf"


def printable(text: str) -> str:
    r"""``text`` with every control or unprintable character escaped, safe to print.

    Record files come from strangers: a player name must not clear the screen or forge lines.

    Example::

        >>> printable("ann\x1b[2J\nbob")
        'ann\\x1b[2J\\nbob'
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _utf8(data: bytes, path: Path, first_line: int) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + data.count(b"\n", 0, error.start)
        raise UsageError(
            f"{path} is not a record: line {line} is not UTF-8 text "
            f"(byte 0x{data[error.start]:02x})"
        ) from None


def _too_large(path: Path, max_bytes: int) -> UsageError:
    return UsageError(
        f"{path}: a record larger than {max_bytes} bytes; --max-bytes raises the limit"
    )


def _next_line(stream: IO[bytes], path: Path, max_bytes: int) -> tuple[bytes, int] | None:
    """The next non-blank line (and how many lines it skipped), each at most ``max_bytes``."""
    skipped, blank = 0, 0
    while True:
        line = stream.readline(max_bytes + 1)
        if not line:
            return None
        if len(line.rstrip(b"\r\n")) > max_bytes or blank > max_bytes:
            raise _too_large(path, max_bytes)
        if line.strip():
            return line, skipped
        skipped, blank = skipped + 1, blank + len(line)


def _read_record_text(path: Path, index: int, max_bytes: int) -> str:
    """The text of record ``index``: a line of a JSON-lines file, else the whole file.

    Reads at most ``max_bytes`` per record, so ``/dev/zero`` or a huge file is refused.
    """
    with path.open("rb") as stream:
        found = _next_line(stream, path, max_bytes)
        if found is None:
            raise UsageError(f"{path} holds no record")
        first, skipped = found
        first = first.removeprefix(_BOM)
        line_number = skipped + 1
        head = first.strip()
        if head.startswith(b"{") and head.endswith(b"}"):  # JSON lines: one record a line
            from cardgames.simulation.campaign import campaign_records

            count = 0
            while True:
                # a simulate campaign file also holds a header and results or fault lines, and
                # wraps each record with its game index: count and return the records only
                records = campaign_records(_utf8(first, path, line_number))
                if records and count == index:
                    return records[0]
                count += len(records)
                found = _next_line(stream, path, max_bytes)
                if found is None:
                    break
                first, skipped = found
                line_number += skipped + 1
            if count == 0:
                raise UsageError(f"{path} holds no record")
            if count == 1:
                raise UsageError(f"{path} holds 1 record: --index must be 0")
            raise UsageError(f"{path} holds {count} records: --index must be 0 to {count - 1}")
        rest = stream.read(max_bytes - len(first) + 1)
        if len(first) + len(rest) > max_bytes:
            raise _too_large(path, max_bytes)
        if index != 0:
            raise UsageError(f"{path} holds 1 record: --index must be 0")
        return _utf8(first + rest, path, line_number)


def _load_record(path: Path, index: int, max_bytes: int = DEFAULT_MAX_BYTES) -> Any:  # noqa: ANN401 - a GameRecord
    """Record ``index`` of a JSON-lines file, or the record of a JSON or text record file.

    Raises:
        UsageError: the file cannot be read, is not UTF-8 text, holds a record larger than
            ``max_bytes``, or has no record ``index``.
        DecodeError: the record is malformed.
    """
    from cardgames.serialization import loads_record

    if max_bytes < 1:
        raise UsageError(f"--max-bytes must be at least 1, not {max_bytes}")
    try:
        text = _read_record_text(path, index, max_bytes)
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    if text.lstrip().startswith("{"):
        return loads_record(text)
    from cardgames.serialization.text import parse_record

    return parse_record(text)


def _replay(args: argparse.Namespace, out: IO[str], source: IO[str]) -> int:
    from cardgames.serialization import replay

    record = _load_record(Path(args.file), args.index, args.max_bytes)
    states = replay(record)
    game = record.make_game()
    info = game_info(record.game)
    players = f" ({', '.join(map(printable, record.players))})" if record.players else ""
    out.write(f"{record.game}, seed {record.seed}, {len(record.actions)} actions{players}\n\n")

    def step(number: int) -> None:
        """Show the table after action ``number`` (0: the deal)."""
        if number:
            player = game.current_player(states[number - 1])
            label = action_label(info, record.actions[number - 1], unicode=True)
            out.write(f"\n{number}. player {player}: {label}\n")
        out.write(show(states[number]) + "\n")

    step(0)
    if not args.all and source.isatty():
        try:
            _browse(out, source, len(record.actions), step)
        except _Quit:
            return EXIT_OK
    else:
        for number in range(1, len(states)):
            step(number)
    out.write("\nResult: " + " ".join(f"{r:+d}" for r in game.returns(states[-1])) + "\n")
    return EXIT_OK


def _browse(out: IO[str], source: IO[str], last: int, step: Callable[[int], None]) -> None:
    """Step through actions 1 to ``last`` as the person asks: next, back, or quit.

    Raises:
        _Quit: the person typed ``q`` or the input ended.
    """
    position = 0
    while True:
        answer = _ask(out, source, REPLAY_PROMPT).strip().lower()
        if answer in {"q", "quit"}:
            raise _Quit("you left the replay")
        if answer in {"b", "back", "p", "previous"}:
            if position == 0:
                out.write("(this is the deal: there is nothing before it)\n")
                continue
            position -= 1
            out.write(f"\n(back to {'the deal' if position == 0 else f'after move {position}'})")
            step(position)
            continue
        if answer not in {"", "n", "next"}:
            out.write("Enter or n: the next move; b: back one move; q: quit\n")
            continue
        if position == last:
            return
        position += 1
        step(position)


# --- rules ---------------------------------------------------------------------------------


def rules_text(name: str) -> str:
    """The plain-text rules summary of game ``name`` (its spec's ``rules``).

    Raises:
        UsageError: there is no summary for that game.
    """
    rules = game_info(name).rules
    if not rules:
        raise UsageError(f"no rules for {name!r}: try {', '.join(game_names())}")
    return rules


def _rules(args: argparse.Namespace, out: IO[str]) -> int:
    out.write(rules_text(args.game))
    return EXIT_OK


# --- the parser and main -------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardgames`` command."""
    names = list(game_names())
    parser = argparse.ArgumentParser(
        prog="cardgames",
        description="Play, simulate and replay the card games of the cardgames library.",
    )
    from cardgames._version import __version__

    parser.add_argument("--version", action="version", version=f"cardgames {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    bots_help = (
        f"bot names: {', '.join(bot_names())}, or the import string of your own factory, "
        "module:factory; options as name:key=value:key=value"
    )

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play against bots. Type a move's number or name; h for help, q to quit. "
        "Exit code 0 when the game ends, 1 when you leave it (q or end of input), 130 on Ctrl-C.",
    )
    play.add_argument("game", choices=names, help="the game to play")
    play.add_argument("--players", type=int, help="number of seats (default: the game's)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        default="heuristic",
        help=f"the other players, one spec or one per other seat, comma-separated ({bots_help}); "
        "default heuristic",
    )
    play.add_argument(
        "--seed",
        type=int,
        help="deal and bot seed (default: drawn from the OS, and printed so that the game can "
        "be played again)",
    )
    play.add_argument(
        "--ask-every-move",
        action="store_true",
        help="ask even when only one move is legal (by default it is played for you)",
    )
    play.add_argument(
        "--hints",
        nargs="?",
        type=int,
        const=100,
        default=0,
        metavar="SAMPLES",
        help="before each of your moves, show every move's win chance and expected chips "
        "estimated by the advisor (SAMPLES per move, default 100)",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the game (when it ends or you leave) as a JSON record for cardgames replay",
    )
    play.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )

    from cardgames.simulation import command

    command.add_parser(commands, names, bots_help)
    command.add_tournament_parser(commands, names, bots_help)

    rep = commands.add_parser(
        "replay",
        help="step through a recorded game",
        description="Show a game record move by move. On a terminal it waits after each move: "
        "Enter for the next one, b to go back one, q to quit; otherwise (or with --all) it "
        "prints the whole game.",
    )
    rep.add_argument("file", help="a record file (JSON, or JSON lines as written by simulate)")
    rep.add_argument(
        "--index", type=int, default=0, help="which record of a JSON-lines file (from 0)"
    )
    rep.add_argument("--all", action="store_true", help="print every move without pausing")
    rep.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help=f"refuse a record larger than N bytes (default {DEFAULT_MAX_BYTES}, 8 MiB)",
    )

    from cardgames.web import serve

    serve.add_parser(commands)

    rules = commands.add_parser("rules", help="print a summary of a game's rules")
    rules.add_argument("game", choices=names, help="the game")
    return parser


def _dispatch(args: argparse.Namespace, out: IO[str], source: IO[str]) -> int:
    """Run the subcommand ``args.command``."""
    if args.command == "play":
        return _play(args, out, source)
    if args.command == "replay":
        return _replay(args, out, source)
    if args.command == "tournament":
        return _tournament(args, out)
    if args.command == "serve":
        from cardgames.web import serve

        return serve.run(args, out)
    return _simulate(args, out) if args.command == "simulate" else _rules(args, out)


@functools.lru_cache(maxsize=4)
def _parser(games: tuple[str, ...], bots: tuple[str, ...]) -> argparse.ArgumentParser:
    """The parser for these games and bots, built once: parsing never changes a parser.

    Building it costs about 4 ms (more than replaying a short record), and programs and tests
    call :func:`main` many times in one process; a new game or bot gives a new parser.
    """
    del games, bots  # the cache key: build_parser reads the same names from the registry
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardgames`` command with ``argv`` (default: the process's arguments).

    Returns:
        The exit code: 0 on success, 1 on an error, 2 on a bad command line, 130 on Ctrl-C.
    """
    parser = _parser(game_names(), bot_names())
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    out, source = sys.stdout, sys.stdin
    try:
        return _dispatch(args, out, source)
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            out.flush()
        sys.stderr.write("\ninterrupted: goodbye\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``cardgames replay f | head``): stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR
    except (CardgamesError, OSError) as error:
        sys.stderr.write(f"cardgames {args.command}: error: {printable(str(error))}\n")
        return EXIT_ERROR
