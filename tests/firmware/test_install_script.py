"""firmware/pi/install.sh, run into a directory instead of / (its --root mode prints the package and system
commands instead of running them), and checked by shellcheck."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "firmware" / "pi" / "install.sh"
PI4 = "Raspberry Pi 4 Model B Rev 1.4"


def install(root: Path, *args: str, model: str = PI4) -> list[str]:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--root", str(root), "--model", model, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout.splitlines()


def sections(config: str) -> dict[str, list[str]]:
    """config.txt settings per conditional section (`[all]` unless a filter is open)."""
    out: dict[str, list[str]] = {}
    current = "all"
    for line in config.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
        elif line and not line.startswith("#"):
            out.setdefault(current, []).append(line)
    return out


def test_shellcheck_finds_nothing() -> None:
    shellcheck = shutil.which("shellcheck")
    assert shellcheck is not None, "make test installs shellcheck (Debian's package)"
    done = subprocess.run([shellcheck, str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_a_pi4_install_puts_every_file_in_place_and_says_what_it_would_run(tmp_path: Path) -> None:
    out = install(tmp_path, "--board", "gpio")
    text = "\n".join(out)
    assert "would run: apt-get install -y --no-install-recommends python3-venv python3-pip python3-lgpio git" in out
    assert "would run: python3 -m venv --system-site-packages /opt/agora/.venv" in out
    assert "would run: /opt/agora/.venv/bin/pip install --prefer-binary -e /opt/agora[pi]" in out
    # compiled as root, since the service user cannot write there: no start compiles or reads the pin map's TOML
    compile_all = "would run: /opt/agora/.venv/bin/python -m compileall -q /opt/agora/controller /opt/agora/hardware"
    assert compile_all + " /opt/agora/simulator" in out
    cache = "would run: env -C /opt/agora /opt/agora/.venv/bin/python -c from hardware.pinmap import load_pinmap;"
    assert cache + " load_pinmap()" in out
    assert out.index(compile_all + " /opt/agora/simulator") > out.index(next(x for x in out if "pip install" in x))
    # PEP 668: pip only ever runs inside the virtual environment.
    assert all("/opt/agora/.venv/bin/pip" in line for line in out if "pip install" in line and "would run:" in line)
    assert "would run: systemctl enable agora.service" in out and "udevadm control --reload" in text
    for name in ("agora.service", "99-agora-pico.rules"):
        installed = {"agora.service": "etc/systemd/system", "99-agora-pico.rules": "etc/udev/rules.d"}[name]
        assert (tmp_path / installed / name).read_text() == (REPO / "firmware" / "pi" / name).read_text()
    assert 'AGORA_ARGS="politrics --board gpio --host 0.0.0.0"' in (tmp_path / "etc/default/agora").read_text()
    assert (tmp_path / "opt/agora/hardware/pinmap.toml").is_file() and not (tmp_path / "opt/agora/.git").exists()
    config = sections((tmp_path / "boot/firmware/config.txt").read_text())
    assert {"dtparam=spi=on", "dtoverlay=spi0-0cs"} <= set(config["all"])
    assert config["pi4"] == ["core_freq=500", "core_freq_min=500"]
    assert not any(line.startswith("core_freq") for line in config["all"])
    assert "Reboot to apply the boot settings: sudo reboot" in out


def test_a_second_run_changes_nothing_and_keeps_the_makers_settings(tmp_path: Path) -> None:
    config = tmp_path / "boot/firmware/config.txt"
    config.parent.mkdir(parents=True)
    config.write_text("# the maker's own\n[all]\ndtparam=audio=on\n")
    install(tmp_path, "--board", "gpio", "--game", "djambi")
    defaults = tmp_path / "etc/default/agora"
    defaults.write_text(defaults.read_text().replace("--host 0.0.0.0", "--host 0.0.0.0 --port 80"))
    out = install(tmp_path)
    assert not [line for line in out if line.startswith("changed:")], out
    assert "Nothing to change: Agora is installed as it should be." in out
    assert not any("restart" in line for line in out)
    assert "--port 80" in defaults.read_text() and "djambi --board gpio" in defaults.read_text()
    text = config.read_text()
    assert text.startswith("# the maker's own\n[all]\ndtparam=audio=on\n")
    assert text.count("dtoverlay=spi0-0cs") == 1


@pytest.mark.parametrize(
    ("model", "section", "lines"),
    [
        ("Raspberry Pi 5 Model B Rev 1.0", None, []),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", "pi3", ["core_freq=250"]),
        ("Raspberry Pi Zero 2 W Rev 1.0", "pi02", ["core_freq=250"]),
    ],
)
def test_the_core_clock_is_set_only_in_the_section_of_a_model_that_needs_it(
    tmp_path: Path, model: str, section: str | None, lines: list[str]
) -> None:
    install(tmp_path, "--board", "gpio", model=model)
    config = sections((tmp_path / "boot/firmware/config.txt").read_text())
    assert not any("core_freq" in line for name, body in config.items() if name != section for line in body)
    if section is not None:
        assert config[section] == lines


def test_the_pico_build_needs_no_boot_settings_and_uses_the_serial_board(tmp_path: Path) -> None:
    out = install(tmp_path, "--board", "pico")
    assert not (tmp_path / "boot/firmware/config.txt").exists()
    assert "--board serial:/dev/agora-pico" in (tmp_path / "etc/default/agora").read_text()
    assert "unchanged: boot settings (the Pico build needs none)" in out


def test_uninstall_removes_what_it_installed_and_keeps_the_games(tmp_path: Path) -> None:
    config = tmp_path / "boot/firmware/config.txt"
    config.parent.mkdir(parents=True)
    config.write_text("dtparam=audio=on\n")
    install(tmp_path, "--board", "gpio")
    out = install(tmp_path, "--uninstall")
    assert "would run: systemctl disable --now agora.service" in out
    for gone in ("etc/systemd/system/agora.service", "etc/udev/rules.d/99-agora-pico.rules", "opt/agora"):
        assert not (tmp_path / gone).exists(), gone
    assert config.read_text() == "dtparam=audio=on\n"
    assert any("kept:" in line and "/var/lib/agora" in line for line in out)


def test_bad_arguments_are_refused_with_the_usage(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--root", str(tmp_path), "--board", "usb"], capture_output=True, text=True
    )
    assert done.returncode == 1 and "--board is gpio" in done.stderr
