"""The pin map read from the cache beside it is always the pin map its text says (hardware.toml_cache): whatever edit
the file gets (same size, same time stamp), whatever the cache file holds, and with a folder that cannot be written."""

from __future__ import annotations

import marshal
import os
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware import toml_cache
from hardware.pinmap import DEFAULT_PATH, PinMapError, load_pinmap, parse_pinmap

TEXT = DEFAULT_PATH.read_text()


def _no_tomllib(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> None:
        raise AssertionError("tomllib read the file although the cache holds its text")

    monkeypatch.setattr(tomllib, "loads", refuse)


def test_the_next_start_reads_the_cache_and_gets_the_same_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text(TEXT)
    first = load_pinmap(path)
    assert first == parse_pinmap(TEXT, str(path)) and toml_cache.cache_path(path).is_file()
    _no_tomllib(monkeypatch)
    assert load_pinmap(path) == first


# Edits that keep the map valid: a rate, a brightness, the LED start corner, a button's pin, a comment.
_EDITS = st.one_of(
    st.integers(50, 2000).map(lambda hz: ("scan_hz = 200", f"scan_hz = {hz}")),
    st.integers(0, 100).map(lambda b: ("brightness = 0.4", f"brightness = {b / 100}")),
    st.sampled_from(["a1", "i1", "a9", "i9"]).map(lambda c: ('start = "a1"', f'start = "{c}"')),
    st.sampled_from([14, 15]).map(lambda pin: ("ok = 2\n", f"ok = {pin}\n")),  # the header's pins left free
    st.text("abcdefxyz ", max_size=8).map(lambda words: ("[matrix]", f"[matrix] # {words}")),
)


@settings(max_examples=25)
@given(edits=st.lists(_EDITS, max_size=3, unique_by=lambda edit: edit[0]), same_stamp=st.booleans())
def test_any_edit_is_read_afresh_never_from_an_older_cache(
    tmp_path_factory: pytest.TempPathFactory, edits: list[tuple[str, str]], same_stamp: bool
) -> None:
    path = tmp_path_factory.mktemp("map") / "pinmap.toml"
    path.write_text(TEXT)
    load_pinmap(path)  # the cache now holds the shipped text
    stamp = path.stat()
    text = TEXT
    for old, new in edits:
        assert old in TEXT
        text = text.replace(old, new, 1)
    path.write_text(text)
    if same_stamp:  # an edit that a time stamp (or a size) would not tell apart
        os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert load_pinmap(path) == parse_pinmap(text, str(path))
    assert load_pinmap(path) == parse_pinmap(text, str(path))  # and the cache written for the new text is right


@settings(max_examples=25)
@given(junk=st.one_of(st.binary(max_size=200), st.builds(marshal.dumps, st.recursive(st.none(), st.lists))))
def test_a_damaged_or_foreign_cache_is_never_believed(tmp_path_factory: pytest.TempPathFactory, junk: bytes) -> None:
    path = tmp_path_factory.mktemp("map") / "pinmap.toml"
    path.write_text(TEXT)
    cache = toml_cache.cache_path(path)
    cache.parent.mkdir()
    cache.write_bytes(junk)
    assert load_pinmap(path) == parse_pinmap(TEXT, str(path))


def test_a_cache_of_the_same_text_from_another_python_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text(TEXT)
    lying = tomllib.loads(TEXT)
    lying["matrix"]["scan_hz"] = 1000
    toml_cache.cache_path(path).parent.mkdir()
    other = sys.version + " (another build)"
    toml_cache.cache_path(path).write_bytes(marshal.dumps((toml_cache.FORMAT, other, TEXT, lying)))
    assert load_pinmap(path).matrix.scan_hz == 200


def test_a_folder_that_cannot_be_written_still_loads_and_a_bad_map_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "pinmap.toml"
    path.write_text(TEXT)
    (tmp_path / "__pycache__").write_text("a file where the cache folder would be")
    assert load_pinmap(path) == parse_pinmap(TEXT, str(path))
    bad = tmp_path / "bad" / "pinmap.toml"
    bad.parent.mkdir()
    bad.write_text(TEXT.replace("scan_hz = 200", "scan_hz = 5"))
    for _ in range(2):  # refused the first time and again from whatever the first time kept
        with pytest.raises(PinMapError, match="scan_hz must be a number from 20"):
            load_pinmap(bad)


def test_dates_which_marshal_cannot_keep_leave_no_cache(tmp_path: Path) -> None:
    path = tmp_path / "notes.toml"
    path.write_text("when = 2026-11-28T04:00:00Z\n")
    toml_cache.remember(path, path.read_text(), tomllib.loads(path.read_text()))
    assert not toml_cache.cache_path(path).exists()
