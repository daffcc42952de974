"""What tomllib reads of a file, kept beside it so the next start need not load tomllib at all.

Loading tomllib (with the datetime and regular-expression machinery it brings) and parsing the pin map costs some
8 ms of CPU on the development machine before the board is live, 80 ms on a Raspberry Pi Zero 2 W, for a file that
almost never changes. The cache is `__pycache__/NAME.<interpreter tag>.toml-cache` beside the file, as Python keeps
its bytecode: the file's whole text and what tomllib made of it, in `marshal`'s format (built into the
interpreter, so reading it loads nothing). It is used only when its text is exactly the file's text now and it was
written by this very interpreter version, so it can never give what tomllib would not: any edit, however small and
whatever the file's time stamp, reads the file afresh and writes the cache again. A folder that cannot be written (a
read-only install) just means no cache; a damaged cache file is read as none.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any

FORMAT = 1  # the layout of the cached record; a change makes every older cache a miss
_VERSION = sys.version  # tomllib's behaviour is the interpreter's: a cache from another build is not trusted


def cache_path(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.toml-cache"


def recall(path: Path, text: str) -> dict[str, Any] | None:
    """What tomllib read of `text` when it was last the text of `path`, or None when there is no such cache."""
    try:
        record = marshal.loads(cache_path(path).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not (isinstance(record, tuple) and len(record) == 4 and record[:3] == (FORMAT, _VERSION, text)):
        return None
    data = record[3]
    return data if isinstance(data, dict) else None


def remember(path: Path, text: str, data: dict[str, Any]) -> None:
    """Keep `data` (what tomllib read of `text`) for `recall`; quietly nothing when it cannot be kept: a folder that
    cannot be written, or values marshal cannot hold (dates and times)."""
    try:
        blob = marshal.dumps((FORMAT, _VERSION, text, data))
    except ValueError:
        return
    target = cache_path(path)
    part = target.with_name(f"{target.name}.{os.getpid()}.part")
    try:
        target.parent.mkdir(exist_ok=True)
        part.write_bytes(blob)
        os.replace(part, target)  # whole or not at all: another start reading it meanwhile sees the old one or this
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
