"""A wrong pin map is refused at start, naming the offending line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.pinmap import DEFAULT_PATH, PinMapError, load_pinmap, parse_pinmap

TEXT = DEFAULT_PATH.read_text()


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def refused(text: str) -> str:
    with pytest.raises(PinMapError) as info:
        parse_pinmap(text, "pinmap.toml")
    return str(info.value)


def test_the_shipped_pin_map_loads() -> None:
    pm = load_pinmap()
    assert len(pm.matrix.rows) == len(pm.matrix.columns) == 9
    assert pm.leds.driver == "spi" and pm.leds.pin == 10
    assert pm.matrix.debounce.depth == 4  # 20 ms at 200 Hz
    assert dict(pm.buttons) == {"ok": 2, "back": 3, "menu": 18}


def test_the_flap_times_become_scans_and_an_older_maps_quiet_windows_still_read() -> None:
    d = parse_pinmap(TEXT, "pinmap.toml").matrix.debounce
    assert (d.flap_window, d.flap_flips, d.slow_gap, d.slow_changes, d.quiet) == (100, 10, 240, 17, 400)
    older = TEXT.replace("quiet_ms = 2000", "quiet_windows = 3").replace(
        "flap_window_ms = 500", "flap_window_ms = 1000"
    )
    assert parse_pinmap(older, "pinmap.toml").matrix.debounce.quiet == 600  # 3 windows of 1 s at 200 Hz
    assert "slow_flap_changes must be a number from 3" in refused(
        TEXT.replace("slow_flap_changes = 17", "slow_flap_changes = 2")
    )


def test_a_pin_used_twice_names_both_lines() -> None:
    text = TEXT.replace("columns = [23, 24,", "columns = [23, 17,")
    message = refused(text)
    rows, columns = line_of(text, "rows = ["), line_of(text, "columns = [")
    assert message.startswith(f"pinmap.toml:{columns}: GPIO17 is used twice")
    assert f"rank 2) (line {rows})" in message and "file b" in message


def test_a_missing_row_is_refused_on_its_line() -> None:
    text = TEXT.replace("rows = [4, 17, 27, 22, 5, 6, 13, 19, 26]", "rows = [4, 17, 27, 22, 5, 6, 13, 19]")
    assert refused(text).startswith(f"pinmap.toml:{line_of(text, 'rows = [')}: [matrix] rows lists 8 pins")


def test_a_missing_key_names_its_section() -> None:
    text = TEXT.replace("columns = [", "# columns = [")
    message = refused(text)
    assert message.startswith(f"pinmap.toml:{line_of(text, '[matrix]')}: [matrix] has no `columns`")


def test_a_misspelt_key_gets_a_suggestion() -> None:
    assert "did you mean `columns`" in refused(TEXT.replace("columns = [", "colums = ["))


def test_the_spi_pins_are_taken_by_the_leds() -> None:
    message = refused(TEXT.replace("menu = 18", "menu = 11"))
    assert "GPIO11 is used twice: SPI0 SCLK" in message


def test_switching_the_leds_to_pwm_collides_with_the_menu_button_on_gpio18() -> None:
    text = TEXT.replace('driver = "spi"', 'driver = "pwm"').replace("pin = 10", "pin = 18")
    message = refused(text)
    assert message.startswith(f"pinmap.toml:{line_of(text, 'menu = 18')}: GPIO18 is used twice")


def test_spi_needs_gpio10() -> None:
    assert "GPIO10" in refused(TEXT.replace("pin = 10", "pin = 11"))


def test_pins_outside_the_header_and_bad_values_are_refused() -> None:
    assert "GPIO1 is not a usable" in refused(TEXT.replace("ok = 2", "ok = 1"))
    assert "must be a number from" in refused(TEXT.replace("scan_hz = 200", "scan_hz = 5"))
    assert "permutation of RGB" in refused(TEXT.replace('order = "GRB"', 'order = "GRX"'))
    assert "unknown section [lights]" in refused(TEXT + "\n[lights]\nx = 1\n")


def test_broken_toml_and_missing_files_are_reported() -> None:
    assert "not valid TOML" in refused("[matrix\n")
    with pytest.raises(PinMapError, match="cannot read"):
        load_pinmap(Path("/nonexistent/pinmap.toml"))
