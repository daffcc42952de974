#!/usr/bin/env bash
# Agora on a Raspberry Pi: from a fresh Raspberry Pi OS (Bookworm, 32- or 64-bit; Pi 3B+, 4, 5, Zero 2 W) to a board
# that starts by itself, in one command from the checkout:
#
#   sudo ./firmware/pi/install.sh [--board gpio|pico] [--game GAME]      (or: make install-pi)
#   sudo ./firmware/pi/install.sh --uninstall
#
# It installs Debian's packages (python3-venv, python3-lgpio; compilers only if a wheel must be built), a virtual
# environment in /opt/agora/.venv with the `pi` extra (pip never touches the system Python: PEP 668), the service
# user `agora` (groups gpio, spi, dialout), the udev rule for the Pico, the systemd unit, and the boot settings for
# the model found. Run it again at any time: it changes only what differs and says what it changed.
#
# --root DIR installs under DIR instead of / and prints the package and system commands instead of running them
# (the tests use it); --model TEXT then stands for /proc/device-tree/model.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
ROOT=""
BOARD=""
GAME=""
MODEL=""
UNINSTALL=0
APP=/opt/agora
VENV=$APP/.venv
USER_NAME=agora
GROUPS_WANTED=(gpio spi dialout)
PACKAGES=(python3-venv python3-pip python3-lgpio git)
BUILD_PACKAGES=(python3-dev gcc swig liblgpio-dev)
BEGIN_MARK="# BEGIN agora (firmware/pi/install.sh; edit outside this block)"
END_MARK="# END agora"
CHANGES=0
REBOOT=0

usage() {
    sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

say() { printf '%s\n' "$*"; }
changed() { CHANGES=$((CHANGES + 1)); say "changed:   $*"; }
unchanged() { say "unchanged: $*"; }
die() { say "install.sh: $*" >&2; exit 1; }

# A package or system command: run it, or with --root only say it.
run() {
    if [ -n "$ROOT" ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        --board) BOARD=${2:-}; shift 2 ;;
        --game) GAME=${2:-}; shift 2 ;;
        --root) ROOT=${2:-}; shift 2 ;;
        --model) MODEL=${2:-}; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

case "$BOARD" in
    "" | gpio | pico) ;;
    *) die "--board is gpio (the Pi's own GPIO) or pico (the Pico co-processor), not '$BOARD'" ;;
esac
if [ -n "$ROOT" ]; then
    mkdir -p "$ROOT"
    ROOT=$(cd "$ROOT" && pwd)
elif [ "$(id -u)" -ne 0 ]; then
    die "run it as root: sudo $0 $*"
fi

# ---- what is this machine

if [ -z "$MODEL" ] && [ -r /proc/device-tree/model ]; then
    MODEL=$(tr -d '\0' </proc/device-tree/model)
fi

# The config.txt section of the model, and the core clock lines its SPI needs: on a Pi 3, Zero 2 W and 4 the SPI
# clock (the LED data) is derived from the core clock, which otherwise changes with load and garbles the colours.
# The Pi 5's SPI (on its RP1 chip) has its own clock and needs nothing.
boot_section() {
    case "$MODEL" in
        "Raspberry Pi 5"* | "Raspberry Pi Compute Module 5"*) say "pi5" ;; # the Pi 500 too
        "Raspberry Pi 4"* | "Raspberry Pi Compute Module 4"*) say "pi4" ;; # the Pi 400 too
        "Raspberry Pi 3"* | "Raspberry Pi Compute Module 3"*) say "pi3" ;;
        "Raspberry Pi Zero 2"*) say "pi02" ;;
        *) say "" ;;
    esac
}

core_clock_lines() {
    case "$1" in
        pi4) printf '%s\n' "core_freq=500" "core_freq_min=500" ;;
        pi3 | pi02) printf '%s\n' "core_freq=250" ;;
        *) ;;
    esac
}

detect_board() {
    if [ -e /dev/agora-pico ] || grep -qsx 2e8a /sys/bus/usb/devices/*/idVendor; then
        say pico
    else
        say gpio
    fi
}

# ---- files

# Install $2 (a file's content on stdin) at $1 under ROOT, saying whether it changed.
put_file() {
    local target="$ROOT$1" what="$2" mode="${3:-0644}" tmp
    tmp=$(mktemp)
    cat >"$tmp"
    if [ -f "$target" ] && cmp -s "$tmp" "$target"; then
        rm -f "$tmp"
        unchanged "$what ($1)"
        return 1
    fi
    mkdir -p "$(dirname "$target")"
    install -m "$mode" "$tmp" "$target"
    rm -f "$tmp"
    changed "$what ($1)"
    return 0
}

remove_file() {
    if [ -e "$ROOT$1" ]; then
        rm -f "$ROOT$1"
        changed "removed $2 ($1)"
        return 0
    fi
    unchanged "$2 was not installed ($1)"
    return 1
}

boot_config_path() {
    if [ -d "$ROOT/boot/firmware" ] || [ ! -e "$ROOT/boot/config.txt" ]; then
        say "/boot/firmware/config.txt"
    else
        say "/boot/config.txt" # Bullseye and older
    fi
}

# config.txt without our block.
strip_block() {
    awk -v begin="$BEGIN_MARK" -v end="$END_MARK" '
        $0 == begin { skip = 1; next }
        $0 == end { skip = 0; next }
        !skip { print }' "$1"
}

boot_block() {
    local section
    section=$(boot_section)
    say "$BEGIN_MARK"
    say "[all]"
    say "# SPI0 drives the LED data on GPIO10; spi0-0cs keeps the kernel off GPIO7 and GPIO8 (matrix columns e, d)."
    say "dtparam=spi=on"
    say "dtoverlay=spi0-0cs"
    say "# I2C stays off: GPIO2 and GPIO3 are the OK and back buttons."
    say "dtparam=i2c_arm=off"
    if [ -n "$(core_clock_lines "$section")" ]; then
        say "# A fixed core clock: this model's SPI clock is derived from it."
        say "[$section]"
        core_clock_lines "$section"
        say "[all]"
    fi
    say "$END_MARK"
}

install_boot_config() {
    local path current
    path=$(boot_config_path)
    current=$(mktemp)
    if [ -f "$ROOT$path" ]; then
        strip_block "$ROOT$path" >"$current"
    fi
    if [ -n "$(boot_section)" ]; then
        say "model:     $MODEL ([$(boot_section)] section)"
    else
        say "model:     ${MODEL:-unknown}: no core clock setting (not a known Raspberry Pi model)"
    fi
    if { cat "$current"; boot_block; } | put_file "$path" "boot settings for the GPIO board"; then
        REBOOT=1
    fi
    rm -f "$current"
}

uninstall_boot_config() {
    local path
    path=$(boot_config_path)
    if [ -f "$ROOT$path" ] && grep -qxF "$BEGIN_MARK" "$ROOT$path"; then
        strip_block "$ROOT$path" | put_file "$path" "boot settings without Agora's block" >/dev/null || true
        changed "removed Agora's block from $path"
        REBOOT=1
    else
        unchanged "no Agora block in $path"
    fi
}

# ---- packages, code, virtual environment

missing_packages() {
    local pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            printf '%s ' "$pkg"
        fi
    done
}

install_packages() {
    local missing
    if [ -n "$ROOT" ]; then
        missing="${PACKAGES[*]}" # as on a fresh system
    else
        missing=$(missing_packages "${PACKAGES[@]}")
    fi
    if [ -z "$missing" ]; then
        unchanged "Debian packages (${PACKAGES[*]})"
        return
    fi
    # shellcheck disable=SC2086 # a list of package names
    run apt-get install -y --no-install-recommends $missing
    [ -n "$ROOT" ] || changed "installed Debian packages: $missing"
}

# The checkout's tracked files (what git knows), so caches and a developer's .venv never reach /opt/agora.
copy_code() {
    local stage
    if [ "$SRC" = "$ROOT$APP" ]; then
        unchanged "the code is already at $APP"
        return
    fi
    stage=$(mktemp -d)
    if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$SRC" ls-files -z --cached --others --exclude-standard | (cd "$SRC" && tar --null -T - -cf -) |
            tar -C "$stage" -xf -
    else
        tar -C "$SRC" --exclude=.venv --exclude=.git --exclude='*cache*' --exclude='*.egg-info' -cf - . |
            tar -C "$stage" -xf -
    fi
    if [ -d "$ROOT$APP" ] && diff -rq --exclude=.venv --exclude='*.egg-info' --exclude=__pycache__ \
        "$stage" "$ROOT$APP" >/dev/null 2>&1; then
        unchanged "the code in $APP"
    else
        mkdir -p "$ROOT$APP"
        find "$ROOT$APP" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
        cp -a "$stage/." "$ROOT$APP/"
        changed "the code in $APP (from $SRC)"
    fi
    rm -rf "$stage"
}

install_venv() {
    local stamp="$ROOT$VENV/.agora-installed" want
    want=$(sha256sum <"$ROOT$APP/pyproject.toml" | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        unchanged "the virtual environment $VENV"
        return
    fi
    # --system-site-packages: Debian's python3-lgpio serves the `pi` extra, so nothing needs compiling.
    if [ ! -x "$ROOT$VENV/bin/python" ]; then
        run python3 -m venv --system-site-packages "$VENV"
    fi
    if [ -n "$ROOT" ]; then
        run "$VENV/bin/pip" install --prefer-binary -e "${APP}[pi]"
        say "would run, only if a wheel must compile: apt-get install -y ${BUILD_PACKAGES[*]} and the pip line again"
        mkdir -p "$(dirname "$stamp")"
    elif ! "$VENV/bin/pip" install --quiet --prefer-binary -e "${APP}[pi]"; then
        say "a package must be compiled: installing ${BUILD_PACKAGES[*]}"
        apt-get install -y --no-install-recommends "${BUILD_PACKAGES[@]}"
        "$VENV/bin/pip" install --quiet --prefer-binary -e "${APP}[pi]"
    fi
    say "$want" >"$stamp"
    changed "the virtual environment $VENV with the pi extra"
}

# The code compiled to bytecode and the pin map's cache (hardware/toml_cache.py) written now, as root: the service
# user cannot write to $APP, so otherwise every start of the board would compile every module again and load tomllib
# (seconds of a Pi Zero 2 W's CPU before the board is live). compileall only compiles what changed; the pin map's
# cache is written again only when the file's text changed.
compile_code() {
    run "$VENV/bin/python" -m compileall -q "$APP/controller" "$APP/hardware" "$APP/simulator"
    run env -C "$APP" "$VENV/bin/python" -c "from hardware.pinmap import load_pinmap; load_pinmap()"
}

# ---- the service user, udev, systemd

install_user() {
    local group
    if getent passwd "$USER_NAME" >/dev/null 2>&1 && [ -z "$ROOT" ]; then
        unchanged "the service user $USER_NAME"
    else
        run useradd --system --user-group --home-dir /var/lib/agora --no-create-home \
            --shell /usr/sbin/nologin "$USER_NAME"
        [ -n "$ROOT" ] || changed "the service user $USER_NAME"
    fi
    for group in "${GROUPS_WANTED[@]}"; do
        if ! getent group "$group" >/dev/null 2>&1; then
            say "note:      no group $group on this system (skipped)"
        elif [ -z "$ROOT" ] && id -nG "$USER_NAME" | tr ' ' '\n' | grep -qx "$group"; then
            unchanged "$USER_NAME is in $group"
        else
            run usermod -aG "$group" "$USER_NAME"
            [ -n "$ROOT" ] || changed "$USER_NAME added to $group"
        fi
    done
}

agora_args() {
    local board spec
    board=${BOARD:-$(detect_board)}
    if [ "$board" = pico ]; then spec="serial:/dev/agora-pico"; else spec=gpio; fi
    say "AGORA_ARGS=\"${GAME:-politrics} --board $spec --host 0.0.0.0\""
}

install_defaults() {
    local target="$ROOT/etc/default/agora"
    if [ -f "$target" ] && [ -z "$BOARD" ] && [ -z "$GAME" ]; then
        unchanged "/etc/default/agora (your settings are kept; --board or --game rewrite its AGORA_ARGS)"
        return
    fi
    if [ -f "$target" ]; then
        { grep -v '^AGORA_ARGS=' "$target"; agora_args; } | put_file /etc/default/agora "the service's arguments" || true
    else
        { grep -v '^AGORA_ARGS=' "$HERE/agora.default"; agora_args; } |
            put_file /etc/default/agora "the service's arguments" || true
    fi
}

install_service() {
    local units=0
    put_file /etc/udev/rules.d/99-agora-pico.rules "the Pico's udev rule" <"$HERE/99-agora-pico.rules" &&
        run udevadm control --reload && run udevadm trigger --subsystem-match=tty
    put_file /etc/systemd/system/agora.service "the systemd unit" <"$HERE/agora.service" && units=1
    install_defaults
    if [ "$units" = 1 ] || [ -n "$ROOT" ]; then
        run systemctl daemon-reload
    fi
    run systemctl enable agora.service
    if [ "$CHANGES" -gt 0 ]; then
        run systemctl restart agora.service
    fi
}

# ---- main

uninstall() {
    run systemctl disable --now agora.service
    remove_file /etc/systemd/system/agora.service "the systemd unit" && run systemctl daemon-reload
    remove_file /etc/udev/rules.d/99-agora-pico.rules "the Pico's udev rule" && run udevadm control --reload
    remove_file /etc/default/agora "the service's arguments" || true
    uninstall_boot_config
    if [ "$SRC" != "$ROOT$APP" ] && [ -d "$ROOT$APP" ]; then
        rm -rf "${ROOT:?}$APP"
        changed "removed $APP and its virtual environment"
    fi
    say "kept:      the games in /var/lib/agora, the user $USER_NAME and the Debian packages"
}

if [ "$UNINSTALL" = 1 ]; then
    uninstall
else
    install_packages
    copy_code
    install_venv
    compile_code
    install_user
    if [ "${BOARD:-$(detect_board)}" = gpio ]; then
        install_boot_config
    else
        unchanged "boot settings (the Pico build needs none)"
    fi
    install_service
fi

if [ "$CHANGES" -eq 0 ]; then
    say "Nothing to change: Agora is installed as it should be."
else
    say "$CHANGES change(s)."
fi
if [ "$REBOOT" = 1 ]; then
    say "Reboot to apply the boot settings: sudo reboot"
fi
if [ "$UNINSTALL" = 0 ]; then
    say "Logs: journalctl -u agora -f    Check the board: sudo systemctl stop agora; $VENV/bin/agora doctor"
fi
