"""controller.values.dataclass makes the same classes as the standard library's decorator: drawn class shapes and
drawn field values, the same behaviour side by side (construction, defaults and factories, repr, equality and hash,
frozen guards, replace, asdict, pickling, pattern matching, missing arguments)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller import values

NAMES = ["a", "b", "kind", "owner", "hash", "value", "x1"]
VALUES = st.one_of(
    st.integers(),
    st.text(max_size=4),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.tuples(st.integers(), st.text(max_size=2)),
    st.frozensets(st.integers(0, 80), max_size=3),
)


@st.composite
def shapes(draw: st.DrawFn) -> dict[str, Any]:
    """A class: its field names, which have a default (plain or a factory, all after the required ones), options."""
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=6))
    required = draw(st.integers(0, len(names)))
    defaults = {n: draw(st.sampled_from(["plain", "factory"])) for n in names[required:]}
    return {
        "names": names,
        "defaults": defaults,
        "frozen": draw(st.booleans()),
        "slots": draw(st.booleans()),
        "eq": draw(st.booleans()),
        "post_init": draw(st.booleans()),
    }


def make(decorator: Any, shape: dict[str, Any]) -> type:
    body: dict[str, Any] = {"__module__": __name__, "__annotations__": dict.fromkeys(shape["names"], "Any")}
    for name, kind in shape["defaults"].items():
        body[name] = dataclasses.field(default_factory=lambda: (7, "f")) if kind == "factory" else ("d", name)
    if shape["post_init"]:

        def __post_init__(self: Any) -> None:
            object.__setattr__(self, "seen", True) if not shape["slots"] else None

        body["__post_init__"] = __post_init__
    cls = type("Value", (), body)
    options = {k: shape[k] for k in ("frozen", "slots", "eq")}
    made: type = decorator(**options)(cls)
    return made


def outcome(f: Any) -> tuple[str, Any]:
    """What calling `f` gives: ("ok", its result's repr) or ("error", the exception's type and message)."""
    try:
        return "ok", repr(f())
    except Exception as exc:  # the point is to compare what both raise
        return "error", (type(exc).__name__, str(exc))


def behaviour(cls: type, shape: dict[str, Any], args: list[Any], other: list[Any]) -> list[Any]:
    names = shape["names"]
    v = cls(*args)
    w = cls(*other)
    twin = cls(*args)
    seen: list[Any] = [
        repr(v),
        v == twin,
        v == w,
        v != w,
        v == object(),
        [f.name for f in dataclasses.fields(v)],
        [(f.default, f.default_factory is dataclasses.MISSING) for f in dataclasses.fields(cls)],
        dataclasses.asdict(v),
        dataclasses.astuple(v),
        getattr(cls, "__match_args__", None),
        getattr(cls, "__slots__", None),
        dataclasses.is_dataclass(cls),
        repr(cls.__dataclass_params__),  # type: ignore[attr-defined]
        cls.__hash__ is None,
        outcome(lambda: hash(v)) if shape["eq"] and shape["frozen"] else outcome(lambda: hash(v) == hash(twin)),
        getattr(v, "seen", None),
        outcome(cls),
        outcome(lambda: cls(*args, 1)),
        outcome(lambda: dataclasses.replace(v, **dict(zip(names, other, strict=True)))),
        outcome(lambda: pickle.loads(pickle.dumps(v)) == v),
        [outcome(lambda n=n: setattr(v, n, 1)) for n in names[:2]],
        outcome(lambda: delattr(v, names[0])) if names else None,
        outcome(lambda: cls(**dict(zip(names, args, strict=True)))),
    ]
    return seen


@settings(max_examples=100, deadline=None)
@given(shape=shapes(), data=st.data())
def test_a_value_class_behaves_as_the_standard_dataclass(shape: dict[str, Any], data: st.DataObject) -> None:
    required = len(shape["names"]) - len(shape["defaults"])
    given_count = data.draw(st.integers(required, len(shape["names"])))
    args = data.draw(st.lists(VALUES, min_size=given_count, max_size=given_count))
    other = data.draw(st.lists(VALUES, min_size=len(shape["names"]), max_size=len(shape["names"])))
    fast = make(values.dataclass, shape)
    standard = make(dataclasses.dataclass, shape)
    mine, theirs = behaviour(fast, shape, args, other), behaviour(standard, shape, args, other)
    assert mine == theirs


def test_the_value_classes_of_the_product_take_the_cheap_path() -> None:
    """The product's plain frozen value classes are not made by the standard decorator (a change to the standard
    library's Field would silently send them all there, and the board would start a third slower)."""
    from controller.games.physical import Effect, Piece, Step

    for cls in (Piece, Step, Effect):
        assert isinstance(vars(cls)["__dataclass_params__"], values._Params), cls


@pytest.mark.parametrize(
    "options",
    [{"order": True}, {"kw_only": True}, {"unsafe_hash": True}, {"frozen": True, "weakref_slot": True, "slots": True}],
)
def test_options_it_does_not_cover_go_to_the_standard_decorator(options: dict[str, bool]) -> None:
    cls: Any = values.dataclass(**options)(type("Value", (), {"__module__": __name__, "__annotations__": {"a": "int"}}))
    assert not isinstance(vars(cls)["__dataclass_params__"], values._Params)
    assert cls(a=1) == cls(a=1)
