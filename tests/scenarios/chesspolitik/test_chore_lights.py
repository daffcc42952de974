"""What the LEDs show while the Spring turn of `spring_turn_carried_out_in_scrambled_order.jsonl` is carried out:
each move alternates orange between its squares, the dislodged King blinks vermillion (take it off) although the
winner then takes its square, the bounced units glow yellow (they stay), and the supporter and the contested square
stay dark."""

from __future__ import annotations

from controller.games import load
from controller.games.squares import parse
from controller.lights import SceneInput, render
from controller.lights.language import LANGUAGE, Meaning
from controller.ports import RGB
from controller.session.core import Session
from tests.scenarios.harness import ROOT, load_scenario, start_session

ORANGE = LANGUAGE[Meaning.CHORE_MOVE][0]
VERMILLION = LANGUAGE[Meaning.CHORE_REMOVE][0]
DARK: RGB = (0, 0, 0)
STAYS: RGB = tuple(int(c * LANGUAGE[Meaning.CHORE_STAYS][2]) for c in LANGUAGE[Meaning.CHORE_STAYS][0])  # type: ignore[assignment]
# Pattern phases: at a whole second a move's source is lit and blinks are on; 0.6 s later its destination.
SOURCES, DESTINATIONS = 20.0, 20.6


def lights(session: Session, t: float, *squares: str) -> list[RGB]:
    frame = render(SceneInput(guidance=session.recognizer.guidance(), region=session.region), t)
    return [frame[parse(s)] for s in squares]


def test_the_leds_show_moves_the_dislodged_unit_and_the_bounced_units() -> None:
    scenario = load_scenario(ROOT / "chesspolitik" / "spring_turn_carried_out_in_scrambled_order.jsonl")
    session = start_session(load("chesspolitik"), scenario.header)
    occupancy = session.state.occupancy()
    session.start(occupancy, 0.0)
    session.submit_orders(0, ["K b2 - b3", "K d3 - d4", "K e3 S K d3 - d4", "N b1 - c3"], 0.2)
    session.submit_orders(1, ["K a4 - b3", "K e5 - f5"], 0.5)

    assert lights(session, SOURCES, "b1", "d3", "e5") == [ORANGE] * 3
    assert lights(session, DESTINATIONS, "c3", "f5") == [ORANGE] * 2
    assert lights(session, SOURCES, "d4") == [VERMILLION]
    assert lights(session, DESTINATIONS, "d4") == [VERMILLION]  # not yet the winner's destination
    assert lights(session, SOURCES, "b2", "a4") == [STAYS] * 2  # both moves to b3 bounced: they stay
    assert lights(session, DESTINATIONS, "b2", "a4") == [STAYS] * 2
    assert lights(session, SOURCES, "b3", "e3") == [DARK] * 2
    assert lights(session, DESTINATIONS, "b3", "e3") == [DARK] * 2

    # The dislodged King is lifted: d4 becomes where the King from d3 goes.
    session.on_board(occupancy & ~(1 << parse("d4")), 1.0)
    assert lights(session, DESTINATIONS, "d4") == [ORANGE]
    assert lights(session, SOURCES, "d3") == [ORANGE]
