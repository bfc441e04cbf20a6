"""Run the examples in the docs, the README and the docstrings as tests (Sybil)."""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

_FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

pytest_collect_file = (
    Sybil(
        parsers=[
            PythonCodeBlockParser(doctest_optionflags=_FLAGS),
            DocTestDirectiveParser(optionflags=_FLAGS),
            SkipParser(),
        ],
        patterns=["*.md"],
        excludes=["CHANGELOG.md"],
    )
    + Sybil(parsers=[DocTestParser(optionflags=_FLAGS)], patterns=["*.py"], path="src")
).pytest()
