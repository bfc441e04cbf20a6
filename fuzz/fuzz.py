"""Coverage-guided fuzzing of the decoders and the record parser with atheris (libFuzzer).

Usage (from the repository root, with ``pip install -e '.[fuzz]'``)::

    python fuzz/fuzz.py TARGET [libFuzzer options] [CORPUS_DIR ...]
    python fuzz/fuzz.py state -runs=1000000 -artifact_prefix=crashes/ new-corpus/ fuzz/corpus/state

TARGET is one of: state, observation, action, config, record_json, record_text, record_file
(see ``fuzz/targets.py``). libFuzzer adds new inputs to the FIRST corpus directory, so give a
scratch directory first and the committed seeds second. Any exception other than the
library's own errors is a crash: libFuzzer stops and writes the input to a ``crash-*`` file.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

try:
    import atheris
except ImportError:  # pragma: no cover - reported to the user
    sys.exit("the fuzzer needs atheris: pip install 'cardgames-engine[fuzz]'")

sys.path.insert(0, str(Path(__file__).resolve().parent))

INSTRUMENTED = ("cardgames.serialization", "cardgames.sixes", "cardgames.paiute")
"""The packages whose code the targets reach (with cards, game, registry, events and cli)."""

with atheris.instrument_imports(include=["cardgames", "targets"]):
    for name in ("cardgames.cli", "cardgames.events"):
        importlib.import_module(name)
    for package in INSTRUMENTED:
        path = importlib.import_module(package).__path__
        for module in pkgutil.walk_packages(path, package + "."):
            importlib.import_module(module.name)
    import targets


def main() -> None:
    """Fuzz the target named by the first argument; the other arguments go to libFuzzer."""
    if len(sys.argv) < 2 or sys.argv[1] not in targets.TARGETS:
        sys.exit(f"usage: fuzz.py TARGET [libFuzzer options]; TARGET in {sorted(targets.TARGETS)}")
    target = targets.TARGETS[sys.argv[1]]

    def test_one_input(data: bytes) -> None:
        try:
            target(data)
        except targets.EXPECTED:
            return

    atheris.Setup([sys.argv[0], *sys.argv[2:]], test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
