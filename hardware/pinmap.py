"""Loading and checking hardware/pinmap.toml. A wrong map is refused before any pin is touched, naming the line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from pathlib import Path
from typing import Any, Literal, cast

from controller.pixels import PixelSettings
from controller.ports import BoardTrouble
from controller.values import dataclass
from hardware.chain import CORNERS, ChainOrder
from hardware.debounce import DebounceConfig
from hardware.toml_cache import recall, remember

DEFAULT_PATH = Path(__file__).with_name("pinmap.toml")
SIZE = 9
FILES = "abcdefghi"
# GPIO0/1 carry the HAT ID EEPROM; the header's other GPIOs are 2..27 on every 40-pin Pi.
USABLE = range(2, 28)
SPI_PINS = {10: "SPI0 MOSI (LED data)", 11: "SPI0 SCLK (claimed by the SPI LED driver)", 9: "SPI0 MISO (claimed)"}
PWM_PINS = (12, 18)
FACTORIES = ("auto", "lgpio", "rpigpio", "native")
BUTTONS = ("ok", "back", "menu")

KEYS: dict[str, dict[str, str]] = {
    "matrix": {
        "rows": "9 BCM pins, rank 1 first",
        "columns": "9 BCM pins, file a first",
        "scan_hz": "scans per second",
        "still_scan_hz": "scans per second while nobody touches the board",
        "settle_us": "microseconds",
        "debounce_ms": "milliseconds",
        "flap_window_ms": "milliseconds",
        "flap_flips": "flips",
        "slow_flap_gap_ms": "milliseconds",
        "slow_flap_changes": "changes",
        "quick_flap_changes": "changes",
        "slow_flap_window_ms": "milliseconds (older maps: no longer read; slow flaps are changes in a row)",
        "quiet_ms": "milliseconds",
        "quiet_windows": "windows of flap_window_ms (the older way to say quiet_ms)",
        "pin_factory": "auto, lgpio, rpigpio or native",
    },
    "leds": {
        "driver": "spi or pwm",
        "pin": "BCM pin",
        "order": "GRB",
        "brightness": "0..1",
        "gamma": "about 2.2",
        "budget_ma": "milliamps",
        "start": "a1, i1, a9 or i9",
        "along": "ranks or files",
        "serpentine": "true or false",
    },
    "buttons": dict.fromkeys(BUTTONS, "BCM pin"),
    "serial": {"port": "device path", "heartbeat_timeout_ms": "milliseconds"},
    "board": {"pitch_mm": "millimetres from one square's centre to the next"},
}
REQUIRED = {"matrix": ("rows", "columns")}


class PinMapError(ValueError, BoardTrouble):
    """A pin map that cannot be right; the message starts with `path:line:`."""


@dataclass(frozen=True, slots=True)
class MatrixConfig:
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    scan_hz: float = 200.0
    settle_us: float = 30.0
    debounce: DebounceConfig = field(default_factory=DebounceConfig)
    pin_factory: str = "auto"
    still_hz: float = 50.0  # the scan rate once the board has been still for a moment (hardware.gpio_matrix)


@dataclass(frozen=True, slots=True)
class LedConfig:
    driver: Literal["spi", "pwm"] = "spi"
    pin: int = 10
    order: str = "GRB"
    settings: PixelSettings = field(default_factory=PixelSettings)
    chain: ChainOrder = field(default_factory=ChainOrder)


@dataclass(frozen=True, slots=True)
class SerialConfig:
    port: str = "/dev/agora-pico"
    heartbeat_timeout: float = 1.5


@dataclass(frozen=True, slots=True)
class PinMap:
    matrix: MatrixConfig
    leds: LedConfig
    buttons: tuple[tuple[str, int], ...]
    serial: SerialConfig
    source: str
    pitch_mm: float = 40.0


def load_pinmap(path: Path | str | None = None) -> PinMap:
    """The pin map at `path` (default: hardware/pinmap.toml next to this module). What tomllib reads of the file is
    kept beside it (hardware.toml_cache) for the next start; the map is checked every time all the same."""
    p = Path(path) if path is not None else DEFAULT_PATH
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PinMapError(f"{p}: cannot read the pin map: {exc.strerror or exc}") from exc
    data = recall(p, text)
    if data is not None:
        return _Checker(data, _Lines(text), str(p)).pinmap()
    data = _toml(text, str(p))
    pinmap = _Checker(data, _Lines(text), str(p)).pinmap()
    remember(p, text, data)
    return pinmap


def parse_pinmap(text: str, source: str = "pinmap.toml") -> PinMap:
    return _Checker(_toml(text, source), _Lines(text), source).pinmap()


def _toml(text: str, source: str) -> dict[str, Any]:
    import tomllib  # only when the cache beside the file does not hold this text (hardware.toml_cache)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinMapError(f"{source}: not valid TOML: {exc}") from exc


class _Lines:
    """Where each table and key is written, since tomllib keeps no positions."""

    _TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")

    def __init__(self, text: str) -> None:
        self.tables: dict[str, int] = {}
        self.keys: dict[tuple[str, str], int] = {}
        table = ""
        depth = 0  # inside a multi-line array, `x =` inside it is not a key
        for number, line in enumerate(text.splitlines(), start=1):
            code = line.split("#", 1)[0]
            if depth == 0:
                if m := self._TABLE.match(code):
                    table = m.group(1)
                    self.tables.setdefault(table, number)
                elif m := self._KEY.match(code):
                    self.keys.setdefault((table, m.group(1)), number)
            depth = max(0, depth + code.count("[") - code.count("]"))

    def of(self, table: str, key: str | None = None) -> int:
        if key is not None and (table, key) in self.keys:
            return self.keys[(table, key)]
        return self.tables.get(table, 1)


class _Checker:
    def __init__(self, data: dict[str, Any], lines: _Lines, source: str) -> None:
        self.data = data
        self.lines = lines
        self.source = source
        self.used: dict[int, tuple[str, int]] = {}

    def fail(self, table: str, key: str | None, message: str) -> PinMapError:
        return PinMapError(f"{self.source}:{self.lines.of(table, key)}: {message}")

    def pinmap(self) -> PinMap:
        for table, value in self.data.items():
            if table not in KEYS:
                hint = _hint(table, KEYS)
                raise self.fail(table, None, f"unknown section [{table}]{hint}")
            if not isinstance(value, dict):
                raise self.fail(table, None, f"{table} must be a section [{table}]")
            for key in value:
                if key not in KEYS[table]:
                    raise self.fail(table, key, f"unknown key `{key}` in [{table}]{_hint(key, KEYS[table])}")
        for table, keys in REQUIRED.items():
            for key in keys:
                if key not in self.data.get(table, {}):
                    raise self.fail(table, None, f"[{table}] has no `{key}` ({KEYS[table][key]})")
        leds = self.leds()
        matrix = self.matrix()
        buttons = self.buttons()
        serial = self.serial()
        pitch = self.number("board", "pitch_mm", 40, 15, 100)
        return PinMap(matrix=matrix, leds=leds, buttons=buttons, serial=serial, source=self.source, pitch_mm=pitch)

    def table(self, name: str) -> Mapping[str, Any]:
        return cast(Mapping[str, Any], self.data.get(name, {}))

    def claim(self, pin: int, role: str, table: str, key: str) -> None:
        line = self.lines.of(table, key)
        if pin in self.used:
            other, other_line = self.used[pin]
            raise PinMapError(
                f"{self.source}:{line}: GPIO{pin} is used twice: {other} (line {other_line}) and {role} (line {line})"
            )
        self.used[pin] = (role, line)

    def pin(self, value: Any, table: str, key: str, what: str) -> int:
        if type(value) is not int:
            raise self.fail(table, key, f"{what} must be a BCM GPIO number, not {value!r}")
        if value not in USABLE:
            raise self.fail(table, key, f"{what}: GPIO{value} is not a usable header GPIO (2..27)")
        return value

    def number(self, table: str, key: str, default: float, low: float, high: float) -> float:
        value = self.table(table).get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise self.fail(table, key, f"[{table}] {key} must be a number from {low:g} to {high:g}, not {value!r}")
        return float(value)

    def choice(self, table: str, key: str, default: str, allowed: tuple[str, ...]) -> str:
        value = self.table(table).get(key, default)
        if value not in allowed:
            raise self.fail(table, key, f"[{table}] {key} must be one of {', '.join(allowed)}, not {value!r}")
        return cast(str, value)

    def matrix(self) -> MatrixConfig:
        t = self.table("matrix")
        lines: dict[str, tuple[int, ...]] = {}
        for key, label in (("rows", "rank"), ("columns", "file")):
            value = t[key]
            if not isinstance(value, list):
                raise self.fail("matrix", key, f"[matrix] {key} must be a list of {SIZE} BCM pins")
            if len(value) != SIZE:
                raise self.fail(
                    "matrix",
                    key,
                    f"[matrix] {key} lists {len(value)} pins: a 9x9 board needs {SIZE}, one per {label} "
                    f"({KEYS['matrix'][key]})",
                )
            pins = []
            for i, v in enumerate(value):
                name = f"rank {i + 1}" if label == "rank" else f"file {FILES[i]}"
                pin = self.pin(v, "matrix", key, f"[matrix] {key}[{i}] ({name})")
                self.claim(pin, f"[matrix] {key}[{i}] ({name})", "matrix", key)
                pins.append(pin)
            lines[key] = tuple(pins)
        scan_hz = self.number("matrix", "scan_hz", 200, 20, 2000)
        flap_window_ms = self.number("matrix", "flap_window_ms", 500, 50, 60000)
        quiet_windows = self.number("matrix", "quiet_windows", 4, 1, 100)
        debounce = DebounceConfig.for_rate(
            scan_hz,
            debounce_ms=self.number("matrix", "debounce_ms", 20, 0, 500),
            flap_window_ms=flap_window_ms,
            flap_flips=int(self.number("matrix", "flap_flips", 10, 2, 255)),
            slow_gap_ms=self.number("matrix", "slow_flap_gap_ms", 1200, 100, 60000),
            slow_changes=int(self.number("matrix", "slow_flap_changes", 17, 3, 255)),
            quick_changes=int(self.number("matrix", "quick_flap_changes", 5, 3, 255)),
            quiet_ms=self.number("matrix", "quiet_ms", quiet_windows * flap_window_ms, 100, 60000),
        )
        return MatrixConfig(
            rows=lines["rows"],
            columns=lines["columns"],
            scan_hz=scan_hz,
            settle_us=self.number("matrix", "settle_us", 30, 0, 1000),
            debounce=debounce,
            pin_factory=self.choice("matrix", "pin_factory", "auto", FACTORIES),
            still_hz=self.number("matrix", "still_scan_hz", min(50, scan_hz), 1, scan_hz),
        )

    def leds(self) -> LedConfig:
        t = self.table("leds")
        driver = cast(Literal["spi", "pwm"], self.choice("leds", "driver", "spi", ("spi", "pwm")))
        pin = self.pin(t.get("pin", 10 if driver == "spi" else 18), "leds", "pin", "[leds] pin")
        if driver == "spi":
            if pin != 10:
                raise self.fail("leds", "pin", f'with driver = "spi" the LED data pin is GPIO10 (SPI0 MOSI), not {pin}')
            for spi_pin, role in SPI_PINS.items():
                self.claim(spi_pin, role, "leds", "pin" if spi_pin == 10 else "driver")
        else:
            if pin not in PWM_PINS:
                raise self.fail("leds", "pin", f'with driver = "pwm" the LED data pin is GPIO18 or GPIO12, not {pin}')
            self.claim(pin, "[leds] pin (PWM LED data)", "leds", "pin")
        order = t.get("order", "GRB")
        if not isinstance(order, str) or sorted(order.upper()) != ["B", "G", "R"]:
            raise self.fail("leds", "order", f"[leds] order must be a permutation of RGB such as GRB, not {order!r}")
        start = self.choice("leds", "start", "a1", CORNERS)
        along = self.choice("leds", "along", "ranks", ("ranks", "files"))
        serpentine = t.get("serpentine", True)
        if not isinstance(serpentine, bool):
            raise self.fail("leds", "serpentine", f"[leds] serpentine must be true or false, not {serpentine!r}")
        try:
            settings = PixelSettings(
                brightness=self.number("leds", "brightness", 0.4, 0, 1),
                gamma=self.number("leds", "gamma", 2.2, 0.2, 5),
                budget_ma=self.number("leds", "budget_ma", 2500, 100, 100000),
            )
        except ValueError as exc:
            raise self.fail("leds", "budget_ma", str(exc)) from exc
        chain = ChainOrder(start=cast(Any, start), along=cast(Any, along), serpentine=serpentine)
        return LedConfig(driver=driver, pin=pin, order=order.upper(), settings=settings, chain=chain)

    def buttons(self) -> tuple[tuple[str, int], ...]:
        out = []
        for name, value in self.table("buttons").items():
            pin = self.pin(value, "buttons", name, f"[buttons] {name}")
            self.claim(pin, f"[buttons] {name}", "buttons", name)
            out.append((name, pin))
        return tuple(out)

    def serial(self) -> SerialConfig:
        port = self.table("serial").get("port", "/dev/agora-pico")
        if not isinstance(port, str) or not port:
            raise self.fail("serial", "port", f"[serial] port must be a device path, not {port!r}")
        timeout = self.number("serial", "heartbeat_timeout_ms", 1500, 200, 60000) / 1000
        return SerialConfig(port=port, heartbeat_timeout=timeout)


def _hint(word: str, known: Mapping[str, object]) -> str:
    import difflib  # only a misspelt pin map needs it

    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean `{close[0]}`?)" if close else f" (known: {', '.join(known)})"
