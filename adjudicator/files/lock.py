"""One writer at a time: an exclusive lock on the file or folder a command updates (issue 14).

``with locked(path): read, check, write`` makes concurrent runs on the same game file
(or log folder) take turns, so none works from a file another is about to replace.
The lock is ``flock`` on the file itself (links followed), so no lock file is left
behind and every name of the file shares one lock.  A game file is replaced by a rename,
so the lock is on the old file: whoever waited for it finds, once it has the lock, that
the path now holds another file, and locks that one instead.  A folder (a log folder)
is locked the same way; it is never replaced.

The lock is advisory: it keeps ``trajan`` runs apart, not an editor; that is why
``adjudicate`` also checks, just before writing, that the game file still holds the
bytes it read (:meth:`adjudicator.files.write.OutputSet.expect_unchanged`).
On a system without ``flock`` (Windows) there is no lock, only that check.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.errors import Malformed, problem

# How long a run waits for another to finish with the same file (an adjudication takes
# a fraction of a second; a run still holding the lock after this is stuck).
WAIT_SECONDS = 30.0
_POLL = 0.01


@contextmanager
def locked(path: str, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold an exclusive lock on the file or folder at ``path`` for the ``with`` block.

    A path that is missing or not a regular file or folder is not locked (reading it
    then reports what is wrong).  Raises :class:`Malformed` (``output.locked``) if another
    process holds the lock for longer than ``wait`` seconds.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this system: only the unchanged-bytes check remains
        yield
        return
    deadline = time.monotonic() + wait
    while True:
        fd = _open(path)
        if fd is None:
            yield
            return
        try:
            if _acquire(fcntl, fd, deadline) and _same(fd, path):
                yield
                return
            if time.monotonic() > deadline:
                raise Malformed([problem("output.locked", "$",
                                         f"Another trajan run has been updating this file for more than "
                                         f"{wait:g} seconds; nothing was written. Try again.").located(path)])
        finally:
            os.close(fd)  # closing the file releases the lock


def _open(path: str) -> int | None:
    try:
        if not stat.S_ISREG(mode := os.stat(path).st_mode) and not stat.S_ISDIR(mode):
            return None
        return os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError):
        return None


def _acquire(fcntl: object, fd: int, deadline: float) -> bool:
    flock, ex, nb = (getattr(fcntl, n) for n in ("flock", "LOCK_EX", "LOCK_NB"))
    while True:
        try:
            flock(fd, ex | nb)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(_POLL)
        except OSError:  # a file system without locks: go on unlocked
            return True


def _same(fd: int, path: str) -> bool:
    """Whether ``path`` still names the file locked through ``fd`` (not replaced meanwhile)."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return True  # gone: reading it reports that
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
