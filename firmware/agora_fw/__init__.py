# Agora co-processor firmware for a Raspberry Pi Pico (MicroPython). See ../PROTOCOL.md and ../README.md.
# Everything except app.main(), matrix.py and ws2812.py is plain Python that also runs under CPython: the tests and
# the simulator's virtual co-processor run this very code.

FIRMWARE_NAME = "agora-fw 5.0"
