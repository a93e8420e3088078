"""Worker processes that end with the process that started them.

A pool's workers wait for work from their parent.  If the parent is killed (a closed terminal, ``kill -9``, a
crashed window), nothing tells them to stop: a tournament's workers would play their games to the end and then
wait for ever, a window's AI worker and the expert's helpers likewise.  ``exit_with_parent``, run in each worker
as it starts (a pool's ``initializer``), watches the parent from a thread of its own and ends the worker at once
when the parent is gone.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading


def exit_with_parent() -> None:
    """Run in a worker at start: exit as soon as the process that started it is gone (no-op in a main process)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_wait_for_parent, args=(parent.sentinel,), daemon=True).start()


def _wait_for_parent(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)  # at once: the work it was doing has nobody to go to
