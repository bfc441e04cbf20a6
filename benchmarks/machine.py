"""Describe the machine a benchmark ran on, so published figures can be compared."""

from __future__ import annotations

import os
import platform
import sys


def describe() -> str:
    """One line: processor, core count, OS and Python version."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:  # noqa: PTH123
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {sys.version.split()[0]}"
    )
