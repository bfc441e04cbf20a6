"""Run every benchmark in this folder and print one table.

Each ``bench_*.py`` module beside this file exposes ``run(seconds) -> dict[str, float]``;
this script runs them one after another (never in parallel: the figures are per core) and
prints the machine they ran on. Usage: ``python benchmarks/run.py [seconds-per-benchmark]``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from machine import describe


def main(seconds: float) -> None:
    """Run each benchmark module for about ``seconds`` and print its figures."""
    print(f"machine: {describe()}")
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n{path.stem}")
        for name, value in module.run(seconds).items():
            print(f"  {name:<44} {value:>12,.0f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
