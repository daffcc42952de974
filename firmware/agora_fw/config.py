# Pico wiring and timing. Columns must be consecutive GPIOs (file a lowest): one register read gives a whole row.
ROWS = (0, 1, 2, 3, 4, 5, 6, 7, 8)  # rank 1..9, driven low one at a time
COLUMNS = (9, 10, 11, 12, 13, 14, 15, 16, 17)  # file a..i, inputs with pull-ups
LED_PIN = 22  # WS2812 data through a 74AHCT125 to 5 V
LED_COUNT = 81
SETTLE_US = 5  # Pico rows see a few pF only; the Pi's longer cable needs 30 us
DEBOUNCE_SCANS = 8  # 8 ms at 1 kHz
FLAP_WINDOW_SCANS = 1000
FLAP_FLIPS = 10
QUIET_WINDOWS = 2
BOOT_WINDOW_MS = 2000  # after power-up, Ctrl-C still works this long, so mpremote can take over
