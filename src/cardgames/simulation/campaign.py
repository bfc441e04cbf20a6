"""Campaign files: one JSON line per game, written as games finish, that ``resume`` reads back.

A campaign file starts with a header line naming the game, its config, the bots, the master
seed and the options; then one line per game in the order the games finished, each with its
game index::

    {"format": "cardgames-campaign", "version": 1, "kind": "results", "game": "sixes", ...}
    {"index": 3, "seats": [0, 1], "returns": [5, -5], "length": 41, "finished": true}
    {"index": 0, "seats": [0, 1], "returns": [-2, 2], "length": 38, "finished": true}
    {"index": 7, "fault": {"kind": "bot-error", "seed": 812..., "seat": 1, ...}}

The ``records`` kind adds each game's full replayable record under ``"record"``; the
``results`` kind (the compact file) does not. A game lost with its worker is not written, so
that ``resume`` plays it again. Lines are written whole and flushed: if a write fails (a full
disk), the file is cut back to its last whole line, and a half line left by a killed process
is dropped when the file is resumed.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Protocol

from cardgames.errors import CardgamesError
from cardgames.simulation.driver import GameFault, Played

__all__ = ["CampaignFileError", "RecordsWriteError", "campaign_records"]

FORMAT = "cardgames-campaign"
VERSION = 1
KINDS = ("records", "results")


class CampaignFileError(CardgamesError, ValueError):
    """A campaign file that cannot be used: it exists (without ``force``), or does not match."""


class RecordsWriteError(CardgamesError, OSError):
    """Writing the campaign file failed (such as a full disk); the file holds whole lines only.

    Attributes:
        result: The summary of the games written before the failure.
    """

    result: Any = None


def header(  # noqa: PLR0913 - one field per option
    *,
    kind: str,
    game: str,
    config: object,
    bots: Sequence[str],
    seed: int,
    rotate: bool,
    max_actions: int | None,
) -> dict[str, Any]:
    """The header document of a campaign file."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "game": game,
        "config": repr(config),
        "bots": list(bots),
        "seed": seed,
        "rotate": rotate,
        "max_actions": max_actions,
    }


def played_line(played: Played, positions: Sequence[int], record: str | None) -> str:
    """The line of a finished game; ``positions[seat]`` is the bot position in that seat."""
    seats = [0] * len(positions)
    for seat, position in enumerate(positions):
        seats[position] = seat
    returns = [played.returns[seat] for seat in seats]
    text = (
        f'{{"index": {played.index}, "seats": {json.dumps(seats)}, '
        f'"returns": {json.dumps(returns)}, "length": {played.length}, '
        f'"finished": {json.dumps(played.finished)}'
    )
    return text + ("}" if record is None else f', "record": {record}}}') + "\n"


def fault_line(fault: GameFault) -> str:
    """The line of a game that a bot broke."""
    data = {
        "kind": fault.kind,
        "seed": fault.seed,
        "seat": fault.seat,
        "bot": fault.bot,
        "action": fault.action,
        "message": fault.message,
    }
    return json.dumps({"index": fault.index, "fault": data}, ensure_ascii=False) + "\n"


def campaign_records(text: str) -> list[str]:
    """The record documents (JSON text) in a campaign file's text, in file order.

    Lines that are not game records (the header, results-only lines, faults) are skipped; other
    text is returned as it is, line by line, so a plain JSON-lines file of records passes.
    """
    found: list[str] = []
    # JSON lines end at "\n" only: a JSON string may hold other line breaks, such as U+2028
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            found.append(line)
            continue
        if isinstance(data, dict) and ("index" in data or data.get("format") == FORMAT):
            if isinstance(data.get("record"), dict):
                found.append(json.dumps(data["record"], ensure_ascii=False))
            continue
        found.append(line)
    return found


class LineSink(Protocol):
    """Where campaign lines go."""

    def write_lines(self, lines: Sequence[str]) -> None:
        """Write whole lines and flush them, or raise :class:`RecordsWriteError`."""

    def close(self) -> None:
        """Close the file (if the sink opened it)."""


class StreamSink:
    """Whole lines to a text stream the caller owns, flushed after each batch."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write_lines(self, lines: Sequence[str]) -> None:
        """Write ``lines`` as one piece, then flush."""
        try:
            self._stream.write("".join(lines))
            self._stream.flush()
        except OSError as error:
            raise _write_error(error) from error

    def close(self) -> None:
        """Leave the stream to its owner."""


class FileSink:
    """Whole lines appended to a file this sink opened; a failed write is cut back."""

    def __init__(self, file: IO[bytes]) -> None:
        self._file = file
        self._good = file.seek(0, os.SEEK_END)

    def write_lines(self, lines: Sequence[str]) -> None:
        """Write ``lines``; on a short or failed write, truncate to the last whole line."""
        data = "".join(lines).encode("utf-8")
        try:
            written = 0
            while written < len(data):
                count = self._file.write(data[written:])
                if not count:  # a write that makes no progress: the disk is full
                    count = _no_space()
                written += count
            self._file.flush()
        except BaseException as error:  # a full disk, or Ctrl-C between two writes
            try:
                self._file.truncate(self._good)
                self._file.seek(self._good)
            except OSError:  # pragma: no cover - truncating frees space; it does not fail
                pass
            if isinstance(error, OSError):
                raise _write_error(error) from error
            raise
        self._good += len(data)

    def close(self) -> None:
        """Close the file."""
        self._file.close()


def _no_space() -> int:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _write_error(error: OSError) -> RecordsWriteError:
    reason = error.strerror or str(error)
    return RecordsWriteError(
        error.errno,
        f"writing the campaign file failed ({reason}): it holds the games written so far, "
        "whole lines only; free space and run again with --resume",
    )


Opener = Callable[[Path, str], IO[bytes]]


def open_binary(path: Path, mode: str) -> IO[bytes]:
    """``path`` opened unbuffered in binary ``mode`` (``"w"`` or ``"a"``)."""
    return path.open(mode + "b", buffering=0)


def create(
    path: Path, head: dict[str, Any], *, force: bool, opener: Opener = open_binary
) -> FileSink:
    """A new campaign file with its header; an existing file only with ``force``.

    Raises:
        CampaignFileError: the file exists and ``force`` is False.
        OSError: the file cannot be created.
    """
    if path.exists() and not force:
        raise CampaignFileError(
            f"{path} exists: use --resume to continue its campaign, or --force to overwrite it"
        )
    file = opener(path, "w")
    sink = FileSink(file)
    try:
        sink.write_lines([json.dumps(head) + "\n"])
    except RecordsWriteError:
        sink.close()
        raise
    return sink


def read(path: Path, head: dict[str, Any], games: int) -> Iterator[tuple[int, Played | GameFault]]:
    """The games already in campaign file ``path``, checking it is the same campaign.

    Yields (line number, game); a half-written last line is cut off the file first.

    Raises:
        CampaignFileError: no such file, another campaign's file, or a malformed line.
    """
    try:
        file = path.open("rb+")
    except OSError as error:
        raise CampaignFileError(f"cannot resume from {path}: {error.strerror}") from None
    with file:
        first = file.readline()
        if not first.strip():
            raise CampaignFileError(f"cannot resume from {path}: it has no campaign header")
        try:
            found = json.loads(first)
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise CampaignFileError(f"cannot resume from {path}: it is not a campaign file")
        for key, value in head.items():
            if found.get(key) != value:
                raise CampaignFileError(
                    f"cannot resume from {path}: its {key} is {found.get(key)!r}, not {value!r}"
                )
        offset, number = len(first), 1
        for raw in file:  # one line at a time: memory does not grow with the file
            number += 1
            if not raw.endswith(b"\n"):  # a half line from a killed writer: drop it
                file.truncate(offset)
                return
            try:
                yield number, _parse(raw.decode("utf-8"), head, games)
            except (ValueError, KeyError, TypeError) as error:
                raise CampaignFileError(f"{path}, line {number}: {error}") from None
            offset += len(raw)


def _parse(line: str, head: dict[str, Any], games: int) -> Played | GameFault:
    data = json.loads(line)
    index = data["index"]
    if not isinstance(index, int) or not 0 <= index < games:
        raise ValueError(f"game index {index!r} is not in 0 to {games - 1}")
    if "fault" in data:
        fault = data["fault"]
        return GameFault(
            index=index,
            seed=int(fault["seed"]),
            kind=str(fault["kind"]),
            seat=fault["seat"],
            bot=str(fault["bot"]),
            action=fault["action"],
            message=str(fault["message"]),
        )
    seats = [int(seat) for seat in data["seats"]]
    returns = [int(value) for value in data["returns"]]
    n = len(head["bots"])
    if sorted(seats) != list(range(n)) or len(returns) != n:
        raise ValueError(f"expected {n} seats and returns")
    lineup = [0] * n
    by_seat = [0] * n
    for position, seat in enumerate(seats):
        lineup[seat] = position
        by_seat[seat] = returns[position]
    return Played(
        index=index,
        seed=0,
        lineup=tuple(lineup),
        returns=tuple(by_seat),
        length=int(data["length"]),
        finished=bool(data["finished"]),
    )
