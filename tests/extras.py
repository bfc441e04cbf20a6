"""Skip a test cleanly when an optional extra is missing, except in the all-extras CI run.

Usage, at the top of a test module that needs an extra::

    np = require("numpy", extra="numpy")

Without the extra installed the module is skipped with a message naming the extra. When the
environment variable ``CARDGAMES_REQUIRE_EXTRAS`` is ``1`` (the second CI environment, which
installs every extra), a missing module is an error instead, so nothing there skips for want of
an extra.
"""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType

import pytest

__all__ = ["require", "require_program", "requiring_extras"]


def requiring_extras() -> bool:
    """Whether this run must have every extra (the all-extras CI environment)."""
    return os.environ.get("CARDGAMES_REQUIRE_EXTRAS") == "1"


def require(module: str, *, extra: str) -> ModuleType:
    """Import ``module``, or skip (fail, in the all-extras run) naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        message = f"needs the {extra!r} extra (pip install 'cardgames-engine[{extra}]'): {error}"
        if requiring_extras():
            pytest.fail(message, pytrace=False)
        pytest.skip(message, allow_module_level=True)


def require_program(name: str, *, why: str) -> str:
    """The path of an external program such as ``chromium``, or skip (fail) saying why."""
    path = shutil.which(name)
    if path is None:
        message = f"needs the program {name!r} ({why})"
        if requiring_extras():
            pytest.fail(message, pytrace=False)
        pytest.skip(message, allow_module_level=True)
    return path
