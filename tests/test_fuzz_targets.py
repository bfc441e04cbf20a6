"""The fuzz targets (fuzz/targets.py) over their seed corpus and mutations of it (issue 17).

The coverage-guided fuzzer runs them for millions of inputs (see docs/security.md); here they
run on every seed, which must be accepted (else regenerate: ``python fuzz/make_corpus.py``),
and on random mutations of the seeds, which may be refused only with the library's errors.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"


def _load_targets() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_targets", FUZZ / "targets.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


targets = _load_targets()
NAMES = sorted(targets.TARGETS)
SEEDS = {name: sorted((FUZZ / "corpus" / name).iterdir()) for name in NAMES}


def test_every_decoder_has_a_target_and_seeds() -> None:
    """One target per decoder and one for the replay command, each with committed seeds."""
    assert set(NAMES) == {
        "state",
        "observation",
        "action",
        "config",
        "record_json",
        "record_text",
        "record_file",
    }
    for name in NAMES:
        assert len(SEEDS[name]) >= 2, name
        assert {path.name.split("-")[0].split(".")[0] for path in SEEDS[name]} == {
            "sixes",
            "paiute",
        }


@pytest.mark.parametrize("name", NAMES)
def test_every_seed_is_accepted(name: str) -> None:
    """Each seed decodes and plays on: a stale corpus would start the fuzzer from nothing."""
    for path in SEEDS[name]:
        assert targets.accepts(name, path.read_bytes()), f"{path}: regenerate the corpus"


def _mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    for position, delete, insert in edits:
        at = position % (len(data) + 1)
        data = data[:at] + insert + data[at + delete :]
    return data


@pytest.mark.parametrize("name", NAMES)
@given(
    pick=st.integers(min_value=0),
    edits=st.lists(
        st.tuples(
            st.integers(min_value=0),
            st.integers(min_value=0, max_value=8),
            st.binary(max_size=6)
            | st.sampled_from([b"\xff", b"\\ud800", b"9" * 5000, b"[" * 100, b"\n", b"\x1b["]),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_seeds_fail_only_with_library_errors(
    name: str, pick: int, edits: list[tuple[int, int, bytes]]
) -> None:
    """A seed with bytes deleted and inserted is accepted or refused with CardgamesError."""
    seeds = SEEDS[name]
    targets.accepts(name, _mutate(seeds[pick % len(seeds)].read_bytes(), edits))


def test_a_crash_is_not_swallowed() -> None:
    """accepts() lets through every exception that is not the library's (the fuzzer's crash)."""
    original = targets.TARGETS["action"]

    def broken(data: bytes) -> None:
        raise KeyError(data)

    targets.TARGETS["action"] = broken
    try:
        with pytest.raises(KeyError):
            targets.accepts("action", b"{}")
    finally:
        targets.TARGETS["action"] = original
    assert not targets.accepts("action", b"{}")
