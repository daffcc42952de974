# Pico wiring and timing. Columns must be consecutive GPIOs (file a lowest): one register read gives a whole row.
ROWS = (0, 1, 2, 3, 4, 5, 6, 7, 8)  # rank 1..9, pulled low one at a time, released (input, pull-up) otherwise
COLUMNS = (9, 10, 11, 12, 13, 14, 15, 16, 17)  # file a..i, inputs with pull-ups
LED_PIN = 22  # WS2812 data through a 74AHCT125 to 5 V
LED_COUNT = 81
# Most of a column's capacitance is on the board (its wire passes nine switches, diodes and the other lines), not
# at the Pico's pin: its ~50 kOhm pull-up needs about 20 us to recover, as on the Pi.
SETTLE_US = 25
DEBOUNCE_SCANS = 8  # 8 ms at 1 kHz
FLAP_WINDOW_SCANS = 500  # fast flaps: FLAP_FLIPS raw flips within the latest 0.5 s
FLAP_FLIPS = 10
SLOW_GAP_SCANS = 1200  # slow flaps: SLOW_CHANGES debounced changes in a row, each within 1.2 s of the one before
SLOW_CHANGES = 17  # one more than hands make: 8 claims of one state, 16 changes (docs/flapping.md)
QUICK_CHANGES = 5  # quick flaps: 5 debounced changes within FLAP_WINDOW_SCANS (hands make at most 4 in 0.5 s)
QUIET_SCANS = 2000  # an untrusted square is trusted again after 2 s without a flip
BOOT_WINDOW_MS = 2000  # after power-up a Ctrl-C (before the host's first 0x00) still reaches the REPL this long
WATCHDOG_MS = 5000  # a loop that stalls this long resets the Pico (the RP2040's limit is 8388 ms)
