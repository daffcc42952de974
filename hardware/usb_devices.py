"""Is a Raspberry Pi Pico on USB? Read from sysfs, so `--board auto` can tell a late Pico from no Pico at all."""

from __future__ import annotations

from pathlib import Path

USB_DEVICES = Path("/sys/bus/usb/devices")
PICO_VENDOR = "2e8a"
"""Raspberry Pi's USB vendor id: every Pico and Pico 2, whatever it runs (MicroPython: product 0005)."""


def picos_on_usb(devices: Path = USB_DEVICES) -> list[str]:
    """`2e8a:0005 MicroPython Board in FS mode` for each Raspberry Pi USB device plugged in."""
    found = []
    for vendor_file in sorted(devices.glob("*/idVendor")):
        try:
            if vendor_file.read_text().strip() != PICO_VENDOR:
                continue
            product = (vendor_file.parent / "idProduct").read_text().strip()
            name = (vendor_file.parent / "product").read_text().strip()
        except OSError:
            continue
        found.append(f"{PICO_VENDOR}:{product} {name}")
    return found
