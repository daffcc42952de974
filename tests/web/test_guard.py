"""The board on a cafe's network: PIN guesses limited per client on virtual time, the Host header against DNS
rebinding, the address phones are given, and the board's mDNS name (built, never sent: tests stay on this machine)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.network import (
    LOOPBACK_NAMES,
    PIN_DIGITS,
    AddressError,
    Advert,
    board_name,
    check_public_url,
    choose_address,
    new_pin,
)
from controller.web.errors import ApiError
from controller.web.guard import PinGuard, host_allowed


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def guesses_in(guard: PinGuard, clock: Clock, client: str, seconds: float, step: float = 0.5) -> int:
    """How many guesses `client` gets looked at in `seconds`, guessing as fast as it is let (wrong every time)."""
    looked_at = 0
    end = clock.t + seconds
    while clock.t < end:
        try:
            guard.check("00000000" if guard.pin != "00000000" else "1", client)
        except ApiError as exc:
            if exc.status == 403:
                looked_at += 1
            else:
                assert exc.status == 429 and "try again in" in exc.message
        clock.t += step
    return looked_at


def test_a_client_gets_only_a_few_guesses_a_minute_and_fewer_after() -> None:
    clock = Clock()
    guard = PinGuard("12345678", clock=clock)
    assert guesses_in(guard, clock, "10.0.0.9", 60) <= 5
    assert guesses_in(guard, clock, "10.0.0.9", 600) <= 4  # the waits double
    # Another phone is not held up by the guesser, and the right PIN works there at once.
    guard.check("1234-5678", "10.0.0.7")
    # The guesser, once its wait is over, may still type the right PIN; that clears its record.
    clock.t += 900
    guard.check("12345678", "10.0.0.9")
    assert guesses_in(guard, clock, "10.0.0.9", 1) >= 1


@given(st.text(max_size=20))
def test_any_pin_text_is_refused_cleanly(text: str) -> None:
    guard = PinGuard("12345678", clock=Clock())
    if text.strip().replace(" ", "").replace("-", "") == "12345678":
        guard.check(text, "c")
        return
    with pytest.raises(ApiError) as caught:
        guard.check(text, "c")
    assert caught.value.status == 403


def test_pins_are_long_and_random() -> None:
    pins = {new_pin() for _ in range(200)}
    assert len(pins) > 190 and all(len(p) == PIN_DIGITS and p.isdigit() for p in pins)


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("192.168.1.23:8000", True),
        ("agora-cafe.local:8000", True),
        ("AGORA-CAFE.LOCAL.", True),
        ("attacker.example:8000", False),  # a name rebound to 127.0.0.1 by its owner's DNS
        ("127.0.0.1.nip.io", False),
        ("", False),
        (None, False),
    ],
)
def test_the_host_header_must_be_an_address_or_the_boards_own_name(host: str | None, ok: bool) -> None:
    assert host_allowed(host, LOOPBACK_NAMES | {"agora-cafe.local"}) is ok


def test_serving_every_interface_links_the_lan_address_never_loopback() -> None:
    lan = choose_address("0.0.0.0", 8000, routed=lambda: "192.168.1.23", interfaces=lambda: ["127.0.0.1"])
    assert lan.url == "http://192.168.1.23:8000" and lan.ip == "192.168.1.23" and lan.reachable
    # No route (an isolated network): an interface's own address, loopback and link-local passed over.
    found = choose_address(
        "0.0.0.0", 8000, routed=lambda: None, interfaces=lambda: ["127.0.0.1", "169.254.3.4", "10.1.2.3"]
    )
    assert found.url == "http://10.1.2.3:8000"
    nothing = choose_address("0.0.0.0", 8000, routed=lambda: "127.0.0.1", interfaces=lambda: ["127.0.0.1"])
    assert not nothing.reachable
    # A given address is kept as given; the host's own URL wins over everything.
    assert choose_address("127.0.0.2", 9000).url == "http://127.0.0.2:9000"
    assert choose_address("0.0.0.0", 8000, "https://board.example/").url == "https://board.example"
    with pytest.raises(AddressError):
        check_public_url("board.example")


def test_the_board_is_advertised_as_agora_name_dot_local() -> None:
    name = board_name("Café Bar 2")
    assert name == "agora-caf-bar-2"
    info = Advert(name, "192.168.1.23", 8000).service_info()
    assert info.server == "agora-caf-bar-2.local." and info.port == 8000
    assert info.parsed_addresses() == ["192.168.1.23"]
    with pytest.raises(AddressError):
        board_name("!!!")
