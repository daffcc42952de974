"""One `agora play` per games file: an exclusive `flock` on a lock file beside it, naming the holder.

Two processes appending to one game would write the same plies twice and abandon each other's games. The lock is
the kernel's, so it goes with the process however that ends (kill -9 included) and a stale lock file never blocks.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from pathlib import Path

from controller.errors import StoreError


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


class StoreLock:
    """Held while the games file is played on; `StoreError` naming the holder if another process has it."""

    def __init__(self, db: Path) -> None:
        self.path = lock_path(db)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot open the lock file {self.path}: {exc.strerror}") from exc
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read(self._fd) or "another process"
            os.close(self._fd)
            raise StoreError(
                f"the games file {db} is in use by {holder}: stop that one first, or use another --db"
            ) from None
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, f"agora play (pid {os.getpid()} on {socket.gethostname()})\n".encode(), 0)

    def release(self) -> None:
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing drops the flock
            self._fd = -1

    def __enter__(self) -> StoreLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read(fd: int) -> str:
    try:
        return os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    except OSError:
        return ""
