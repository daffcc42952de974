"""The LED language: unique (colour, pattern) pairs, distinct patterns for meanings lit together, Okabe-Ito only,
and scenes that are pure functions of their input and time."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from controller.games import Piece, Step
from controller.games.squares import bit, parse
from controller.lights import LANGUAGE, OKABE_ITO, Meaning, Pattern, SceneInput, draw, intensity, render
from controller.lights.language import TOGETHER
from controller.lights.scene import _scale
from controller.recognizer.machine import Guidance, Mode

OFF = (0, 0, 0)


def lit(meaning: Meaning, t: float) -> tuple[int, int, int]:
    colour, pattern, peak = LANGUAGE[meaning]
    return _scale(colour, peak * intensity(pattern, t))


def test_every_meaning_has_its_own_colour_and_pattern() -> None:
    pairs = [(c, p) for c, p, _ in LANGUAGE.values()]
    assert len(set(pairs)) == len(pairs)
    assert set(LANGUAGE) == set(Meaning)


def test_only_okabe_ito_colours() -> None:
    assert {c for c, _, _ in LANGUAGE.values()} <= set(OKABE_ITO.values())


def test_meanings_lit_together_never_share_a_pattern() -> None:
    for group in TOGETHER:
        patterns = [LANGUAGE[m][1] for m in group]
        assert len(set(patterns)) == len(patterns), group


def test_patterns_differ_over_time() -> None:
    times = [i / 50 for i in range(100)]
    curves = {p: tuple(round(intensity(p, t, since=0.0), 3) for t in times) for p in Pattern}
    for a, b in itertools.combinations(Pattern, 2):
        assert curves[a] != curves[b], (a, b)
    assert all(v == 1.0 for v in curves[Pattern.STEADY])
    assert intensity(Pattern.ONCE, 5.0, since=0.0) == 0.0


def g(**kw: object) -> Guidance:
    base: dict[str, object] = {"mode": Mode.TURN, "expected": 0, "occupancy": 0}
    base.update(kw)
    return Guidance(**base)  # type: ignore[arg-type]


A1, B2, C3, D4 = (bit(parse(s)) for s in ("a1", "b2", "c3", "d4"))
REGION = (1 << 81) - 1


def test_lifted_piece_origin_destinations_and_captures() -> None:
    scene = SceneInput(g(expected=A1 | C3, occupancy=C3, lifted=A1, destinations=B2, captures=C3), REGION)
    t = 0.8  # mid-pulse, first flash of the double flash window is over: pick times where each is lit
    frame = render(scene, 0.05)
    assert frame[parse("b2")] == lit(Meaning.DESTINATION, 0.05)
    assert frame[parse("c3")] == lit(Meaning.CAPTURE, 0.05) != OFF
    assert frame[parse("a1")] == lit(Meaning.ORIGIN, 0.05)
    assert render(scene, t)[parse("d4")] == OFF


def test_chores_alternate_between_source_and_destination_and_removals_blink() -> None:
    step = Step(Piece("D", 0), parse("a1"), parse("b2"))
    scene = SceneInput(
        g(mode=Mode.CHORES, expected=B2, occupancy=A1 | C3, chore_moves=(step,), chore_removals=C3), REGION
    )
    early, late = render(scene, 0.1), render(scene, 0.6)
    assert early[parse("a1")] != OFF and early[parse("b2")] == OFF
    assert late[parse("a1")] == OFF and late[parse("b2")] != OFF
    assert early[parse("c3")] == lit(Meaning.CHORE_REMOVE, 0.1) != OFF
    assert render(scene, 0.2)[parse("c3")] == OFF  # the fast blink's dark half


def test_mismatch_and_why_and_prompt() -> None:
    scene = SceneInput(g(expected=A1, occupancy=B2, mismatch_fill=A1, mismatch_empty=B2, why=C3), REGION)
    frame = render(scene, 0.05)
    assert frame[parse("a1")] == lit(Meaning.MISMATCH_FILL, 0.05)
    assert frame[parse("b2")] == lit(Meaning.MISMATCH_EMPTY, 0.05) != OFF
    assert frame[parse("c3")] == lit(Meaning.WHY, 0.05) != OFF
    prompt = render(SceneInput(g(mode=Mode.PROMPT, prompt=D4), REGION), 0.05)
    assert prompt[parse("d4")] == lit(Meaning.PROMPT, 0.05) != OFF


def test_confirmed_flash_fades_and_squares_outside_the_region_stay_dark() -> None:
    i9 = bit(parse("i9"))
    scene = SceneInput(
        g(expected=A1, occupancy=A1, movable=A1 | i9), REGION & ~i9, confirmed=A1 | D4, confirmed_at=10.0
    )
    assert render(scene, 10.1)[parse("d4")] == lit(Meaning.CONFIRMED, 0.0)
    assert render(scene, 11.0)[parse("d4")] == OFF
    assert render(scene, 11.0)[parse("a1")] == lit(Meaning.TO_MOVE, 11.0)
    assert render(scene, 11.0)[parse("i9")] == OFF


def test_paused_and_game_over_take_over_the_board() -> None:
    paused = render(SceneInput(g(), bit(parse("a1")) | bit(parse("a2")), paused=True), 0.05)
    assert paused[parse("a1")] == lit(Meaning.PAUSED, 0.05) != OFF and paused[parse("a3")] == OFF
    over = render(SceneInput(g(occupancy=A1 | B2), REGION, winners=A1), 0.8)
    assert over[parse("a1")] == lit(Meaning.WINNER, 0.8) and over[parse("b2")] == OFF


@given(st.integers(0, (1 << 81) - 1), st.integers(0, (1 << 81) - 1), st.floats(0, 1000))
def test_scenes_are_pure_functions(occ: int, lifted: int, t: float) -> None:
    scene = SceneInput(g(expected=occ | lifted, occupancy=occ, lifted=lifted, destinations=occ >> 3), REGION)
    a, b = render(scene, t), render(scene, t)
    assert a == b and len(a) == 81
    assert all(0 <= c <= 255 for rgb in a for c in rgb)


def test_the_players_table_lists_every_meaning() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "led-language.md").read_text()
    for meaning in Meaning:
        assert f"| {meaning.value} |" in doc, meaning


def test_signs_are_drawn_dim_in_their_own_colour_under_every_meaning() -> None:
    scene = SceneInput(g(expected=A1, occupancy=A1, movable=A1), REGION, signs={parse("i9"): "#f0e442", 0: "#0072b2"})
    frame = render(scene, 0.3)
    assert frame[parse("i9")] == (72, 68, 19)  # 30 % of yellow
    assert frame[0] == lit(Meaning.TO_MOVE, 0.3)  # a meaning lights over a sign


def test_a_bounced_piece_stays_lit_while_the_chores_are_done() -> None:
    scene = SceneInput(g(mode=Mode.CHORES, expected=A1 | B2, occupancy=A1 | B2, chore_stays=A1), REGION)
    assert render(scene, 0.3)[parse("a1")] == lit(Meaning.CHORE_STAYS, 0.3) != OFF
    assert render(scene, 0.3)[parse("b2")] == OFF


def test_a_piece_to_turn_over_gets_the_carry_light_on_its_own_square() -> None:
    scene = SceneInput(g(mode=Mode.CHORES, expected=A1, occupancy=A1, chore_touches=A1), REGION)
    assert render(scene, 0.1)[parse("a1")] == lit(Meaning.CHORE_MOVE, 0.1) != OFF


_masks = st.integers(0, (1 << 81) - 1)
_steps = st.lists(
    st.builds(lambda a, b: Step(Piece("P"), a, b), st.integers(0, 80), st.integers(0, 80)), max_size=3
).map(tuple)


@st.composite
def scenes(draw: st.DrawFn) -> SceneInput:
    """Any guidance in any mode, with any of the scene's own lights (a flash, thinking, paused, the game over)."""
    guidance = g(
        mode=draw(st.sampled_from(Mode)),
        occupancy=draw(_masks),
        lifted=draw(_masks),
        destinations=draw(_masks),
        captures=draw(_masks),
        movable=draw(_masks),
        prompt=draw(_masks),
        mismatch_fill=draw(_masks),
        mismatch_empty=draw(_masks),
        why=draw(_masks),
        chore_moves=draw(_steps),
        chore_removals=draw(_masks),
        chore_stays=draw(_masks),
        chore_touches=draw(_masks),
    )
    # Most scenes light only some meanings: each mask above is kept or emptied at random.
    keep = draw(st.integers(0, (1 << 13) - 1))
    fields = [
        "lifted", "destinations", "captures", "movable", "prompt", "mismatch_fill", "mismatch_empty", "why",
        "chore_removals", "chore_stays", "chore_touches", "occupancy",
    ]  # fmt: skip
    emptied: dict[str, Any] = {f: 0 for i, f in enumerate(fields) if not keep >> i & 1}
    if not keep >> 12 & 1:
        emptied["chore_moves"] = ()
    guidance = replace(guidance, **emptied)
    over = draw(st.sampled_from(["no", "won", "drawn"]))
    return SceneInput(
        guidance,
        draw(_masks) | draw(_masks),
        confirmed=draw(_masks),
        confirmed_at=draw(st.floats(0, 100)),
        thinking=draw(st.booleans()),
        paused=draw(st.booleans()) and draw(st.booleans()),
        winners=draw(_masks) if over == "won" else None,
        drawn=over == "drawn",
    )


@given(scenes(), st.floats(0, 100), st.lists(st.floats(0, 10), min_size=1, max_size=8))
def test_a_frame_drawn_as_still_stays_the_same_as_time_passes(scene: SceneInput, t: float, later: list[float]) -> None:
    """The render loop waits for the scene to change instead of drawing a still frame again: it must be still."""
    drawn = draw(scene, t)
    assert drawn.frame == render(scene, t)
    if not drawn.moving:
        for dt in later:
            assert render(scene, t + dt) == drawn.frame, dt


def test_patterns_that_change_with_time_are_drawn_as_moving() -> None:
    lifted = SceneInput(g(occupancy=B2, lifted=A1, expected=A1 | B2), REGION)
    assert draw(lifted, 0.3).moving  # the origin pulses
    waiting = SceneInput(g(occupancy=A1, movable=A1, expected=A1), REGION)
    assert not draw(waiting, 0.3).moving  # the pieces to move are steady
    flash = SceneInput(g(occupancy=A1, movable=A1, expected=A1), REGION, confirmed=B2, confirmed_at=10.0)
    assert draw(flash, 10.1).moving and not draw(flash, 10.7).moving  # the confirmation flash, then still
    carry = SceneInput(
        g(mode=Mode.CHORES, occupancy=A1, chore_moves=(Step(Piece("P"), parse("a1"), parse("b2")),)), REGION
    )
    assert draw(carry, 0.3).moving  # a piece to carry: its two squares take turns
