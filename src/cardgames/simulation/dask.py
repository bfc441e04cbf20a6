"""Dask distributed as an executor: a scheduler's address, or a local cluster (extra ``dask``).

:func:`dask_executor` is a context manager that yields a :class:`concurrent.futures.Executor`
backed by a Dask cluster, and the number of worker threads it offers, for
:func:`~cardgames.simulation.simulate`::

    with dask_executor(workers=2) as (executor, slots):
        result = simulate(game, bots, games=10_000, executor=executor, workers=slots)

``scheduler="tcp://host:8786"`` connects to a running cluster instead (start one with
``dask scheduler`` and ``dask worker tcp://host:8786`` on each machine; every worker needs
cardgames installed). Tasks are submitted as impure, so a chunk played again after a worker
died runs again rather than reusing the failure.

A chunk lost with its worker is played again once, game by game, by the simulator (as on the
local process pool). A local cluster's scheduler is told not to retry it by itself first
(``distributed.scheduler.allowed-failures`` 0), so that a game is tried at most twice, and a
game that kills its worker every time is listed as lost after its second try. A running
scheduler keeps its own setting (Dask's default, 3, retries a task on other workers before the
simulator sees the loss).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from cardgames.errors import MissingExtraError

__all__ = ["dask_executor"]


def _distributed() -> Any:  # noqa: ANN401 - the distributed module
    try:  # through importlib: the same types whether or not the extra is installed
        distributed = importlib.import_module("distributed")
    except ImportError as error:
        raise MissingExtraError(
            "running on Dask needs the 'dask' extra: pip install 'cardgames-engine[dask]' "
            f"({error})"
        ) from None
    return distributed


@contextlib.contextmanager
def dask_executor(
    *, scheduler: str | None = None, workers: int | None = None, processes: bool = True
) -> Iterator[tuple[concurrent.futures.Executor, int]]:
    """A Dask executor and its number of worker threads; the cluster closes on exit.

    Args:
        scheduler: The address of a running scheduler (``tcp://host:8786``); None starts a
            local cluster.
        workers: The local cluster's workers, one thread each (default: one per core).
        processes: Local workers as processes (True) or threads of this process.

    Raises:
        MissingExtraError: the ``dask`` extra is not installed.
    """
    distributed = _distributed()
    import dask  # distributed's own dependency

    with contextlib.ExitStack() as stack:
        if scheduler is None:
            network = {"host": "127.0.0.1"} if processes else {}  # loopback only
            # The simulator retries a lost chunk once itself; the scheduler must not first.
            stack.enter_context(dask.config.set({"distributed.scheduler.allowed-failures": 0}))
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=processes,
                    dashboard_address=None,
                    **network,
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
        else:
            client = stack.enter_context(distributed.Client(scheduler))
        slots = sum(info.get("nthreads", 1) for info in client.scheduler_info()["workers"].values())
        try:
            yield client.get_executor(pure=False), max(1, slots)
        except BaseException:
            if scheduler is None:  # stop our own workers now, even mid-move (Ctrl-C)
                _kill_local_workers(cluster)
            raise


def _kill_local_workers(cluster: Any) -> None:  # noqa: ANN401 - a LocalCluster
    """End a local cluster's worker processes within a second (its nannies would wait 4 s)."""
    for nanny in list(getattr(cluster, "workers", {}).values()):
        with contextlib.suppress(Exception):
            cluster.sync(nanny.kill, timeout=0.5)
