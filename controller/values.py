"""`dataclass`: the standard library's decorator, made cheap to apply.

The project's value classes are created at start-up, before the board is live. The standard decorator writes the
source text of five or six methods for each class and compiles it: about a millisecond of CPU per class on the
development machine (ten on a Raspberry Pi Zero 2 W), some 40% of the board's start-up.

This one takes the same arguments and makes the same classes: real dataclasses (`dataclasses.fields`, `replace`,
`asdict`, `is_dataclass` and pickling work on them) with the same `__init__`, `__eq__` and `__hash__` bytecode, the
same `__repr__`, frozen `__setattr__`/`__delattr__`, `__slots__` and `__match_args__`. The methods that run for every
value (`__init__`, `__eq__`, `__hash__`) are compiled once per shape (number of fields, which are made by a factory)
and given each class's field names by `CodeType.replace`, so they run exactly as fast as the standard ones. Whatever
this path does not cover (ordering, keyword-only or non-comparing fields, class variables, inheritance between
dataclasses, metaclasses, a class that writes `__init__` or `__setattr__` itself) goes to the standard decorator
unchanged: a class never behaves differently for being declared here. Type checkers see the standard decorator.
"""

from __future__ import annotations

import builtins
import dataclasses
import reprlib
from dataclasses import MISSING, Field, FrozenInstanceError
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, ClassVar

__all__ = ["dataclass"]

_SPECIAL = ("ClassVar", "InitVar", "KW_ONLY")  # annotations the standard decorator treats as no (plain) field
_OWN = ("__init__", "__setattr__", "__delattr__", "__slots__")  # what a class may write that we would clash with


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


_HAS_FACTORY = _Factory()  # the default of a field made by a factory, as the standard decorator shows it


def _probe(annotations: dict[str, str], **options: bool) -> Any:
    """A class the standard decorator makes, to learn what it writes without relying on its private names."""
    body = {"__annotations__": annotations, "__module__": __name__, "__doc__": "A probe."}
    return dataclasses.dataclass(type("_Probe", (), body), **options)


def _field_kind() -> Any:
    """What marks a plain field in `__dataclass_fields__` (`dataclasses.fields` keeps only those); None if Field
    has changed, and then every class goes to the standard decorator. The probe compiles nothing (no methods)."""
    made = _probe({"x": "int"}, init=False, repr=False, eq=False, match_args=False).__dataclass_fields__["x"]
    return getattr(made, "_field_type", None)


_PLAIN = _field_kind()


class _Params:
    """`__dataclass_params__` (which other dataclasses and libraries read), made by the standard decorator for the
    same options the first time something reads it: nothing on the board's way to live does."""

    made: ClassVar[dict[tuple[bool, bool, bool], Any]] = {}

    def __init__(self, eq: bool, frozen: bool, slots: bool) -> None:
        self.options = (eq, frozen, slots)

    def __get__(self, value: object, owner: type) -> Any:
        if self.options not in self.made:
            eq, frozen, slots = self.options
            self.made[self.options] = _probe({}, eq=eq, frozen=frozen, slots=slots).__dataclass_params__
        return self.made[self.options]


# ---- the compiled methods: one template per shape, renamed for each class ------------------------------------------
_templates: dict[tuple[Any, ...], tuple[CodeType, ...]] = {}


def _placeholder(i: int) -> str:
    return f"_field{i}_"


def _template_text(kind: str, count: int, frozen: bool, factories: tuple[int, ...], post_init: bool) -> str:
    """The source the standard decorator writes for a class of this shape, with placeholder field names. Which
    fields are required is no part of it: a function's `__defaults__` says so, not its code."""
    names = [_placeholder(i) for i in range(count)]
    if kind == "init":
        values = [f"__f{i}() if {n} is __factory else {n}" if i in factories else n for i, n in enumerate(names)]
        body = [f"__set(self, {n!r}, {v})" if frozen else f"self.{n} = {v}" for n, v in zip(names, values, strict=True)]
        body += ["self.__post_init__()"] if post_init else []
        return f"def __init__({', '.join(['self', *names])}):\n " + "\n ".join(body or ["pass"])
    mine = "".join(f"self.{n}," for n in names)
    theirs = "".join(f"other.{n}," for n in names)
    return (
        f"def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return ({mine}) == ({theirs})\n"
        f" return NotImplemented\ndef __hash__(self):\n return hash(({mine}))"
    )


def _compiled(
    kind: str,
    cls: type,
    names: tuple[str, ...],
    env: dict[str, Any],
    frozen: bool = True,
    factories: tuple[int, ...] = (),
    post_init: bool = False,
) -> dict[str, Any]:
    """The methods `kind` ("init", or "compare": `__eq__` and `__hash__`) of `cls`: its shape's template with the
    class's field names, bound to `env`."""
    key = (kind, len(names), frozen, factories, post_init)
    if key not in _templates:
        text = _template_text(kind, len(names), frozen, factories, post_init)
        module = compile(text, f"<dataclass {kind} of {len(names)} fields>", "exec")
        _templates[key] = tuple(c for c in module.co_consts if isinstance(c, CodeType))
    real = dict(zip(map(_placeholder, range(len(names))), names, strict=True))

    def rename(words: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(map(real.get, words, words))  # every word, a placeholder replaced by its field's name

    scope = {"__builtins__": builtins, **env}
    made = {}
    for template in _templates[key]:
        code = template.replace(
            co_varnames=rename(template.co_varnames),
            co_names=rename(template.co_names),
            co_consts=rename(template.co_consts),
            co_qualname=f"{cls.__qualname__}.{template.co_name}",
        )
        made[template.co_name] = FunctionType(code, scope, template.co_name)
    return made


def _init(cls: type, fields: dict[str, Field[Any]], frozen: bool) -> Any:
    """`__init__` as the standard decorator writes it: one assignment per field, then `__post_init__`."""
    made = tuple(i for i, f in enumerate(fields.values()) if f.default_factory is not MISSING)
    env = {"__set": object.__setattr__, "__factory": _HAS_FACTORY}
    env |= {f"__f{i}": f.default_factory for i, f in enumerate(fields.values()) if i in made}
    post_init = hasattr(cls, "__post_init__")
    init = _compiled("init", cls, tuple(fields), env, frozen, made, post_init)["__init__"]
    defaults = [_HAS_FACTORY if f.default_factory is not MISSING else f.default for f in fields.values()]
    init.__defaults__ = tuple(d for d in defaults if d is not MISSING) or None
    return init


# ---- the rest ----------------------------------------------------------------------------------------------------
def _fields(cls: type) -> dict[str, Field[Any]] | None:
    """The class's own fields in order, as `dataclasses.field` objects; None when the fast path does not apply."""
    own = cls.__dict__
    out: dict[str, Field[Any]] = {}
    for name, annotation in own.get("__annotations__", {}).items():
        if not isinstance(annotation, str) or any(word in annotation for word in _SPECIAL):
            return None
        if name == "self" or name.startswith("__"):
            return None  # names the standard decorator renames or mangles
        default = own.get(name, MISSING)
        if isinstance(default, Field):
            f = default
            plain = f.init and f.repr and f.compare and f.hash is None and f.kw_only is MISSING
            if not plain or (f.default is not MISSING and f.default_factory is not MISSING):
                return None
        else:
            f = dataclasses.field(default=default)
        if f.default is not MISSING and f.default.__class__.__hash__ is None:
            return None  # a mutable default: the standard decorator refuses it with its own message
        f.name = name
        f.type = annotation
        f._field_type = _PLAIN  # type: ignore[attr-defined]
        f.kw_only = False
        out[name] = f
    defaults = [f.default is not MISSING or f.default_factory is not MISSING for f in out.values()]
    if defaults != sorted(defaults):
        return None  # a field without a default after one with: the standard decorator says which
    return out


def _with_slots(cls: type, names: tuple[str, ...]) -> type:
    """The class made again with its fields as slots (a class cannot gain slots once made), as the standard one."""
    body = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
    body["__slots__"] = names
    made = type(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _with_defaults(cls: type, fields: dict[str, Field[Any]]) -> type:
    """Without slots the class keeps plain defaults as attributes (and no Field objects), as the standard one."""
    for name, f in fields.items():
        if f.default is not MISSING:
            setattr(cls, name, f.default)
        elif name in cls.__dict__:
            delattr(cls, name)
    return cls


def _shared(cls: type, names: tuple[str, ...], frozen: bool, slots: bool) -> dict[str, Any]:
    """`__repr__` and a frozen class's guards: the same function for every class, over its field names."""
    owner: Any = cls
    fields = frozenset(names)

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join([f'{n}={getattr(self, n)!r}' for n in names])})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is owner or name in fields:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(owner, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is owner or name in fields:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(owner, self).__delattr__(name)

    def __getstate__(self: Any) -> list[Any]:  # pickling a frozen value with slots, as the standard one does
        return [getattr(self, n) for n in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for n, value in zip(names, state, strict=False):
            object.__setattr__(self, n, value)

    made: dict[str, Any] = {} if "__repr__" in cls.__dict__ else {"__repr__": __repr__}
    if frozen:
        made |= {"__setattr__": __setattr__, "__delattr__": __delattr__}
    if frozen and slots:
        pickling = {"__getstate__": __getstate__, "__setstate__": __setstate__}
        made |= {k: m for k, m in pickling.items() if k not in cls.__dict__}
    return made


def _comparisons(cls: type, names: tuple[str, ...], frozen: bool) -> dict[str, Any]:
    own = cls.__dict__
    compare = _compiled("compare", cls, names, {})
    made = {} if "__eq__" in own else {"__eq__": compare["__eq__"]}
    # As the standard decorator: a class that writes __eq__ alone has __hash__ None in its body, which is not its own.
    explicit = own.get("__hash__", MISSING)
    if explicit is MISSING or (explicit is None and "__eq__" in own):
        made["__hash__"] = compare["__hash__"] if frozen else None
    return made


def _make(cls: type, eq: bool, frozen: bool, slots: bool) -> type | None:
    """The dataclass made on the fast path, or None when the standard decorator must make it."""
    if type(cls) is not type or any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        return None
    if any(name in cls.__dict__ for name in _OWN):
        return None
    fields = _fields(cls)
    if fields is None:
        return None
    names = tuple(fields)
    made = _with_slots(cls, names) if slots else _with_defaults(cls, fields)
    methods = {"__init__": _init(made, fields, frozen)} | _shared(made, names, frozen, slots)
    if eq:
        methods |= _comparisons(made, names, frozen)
    for attribute, method in methods.items():
        if method is not None:
            method.__qualname__ = f"{made.__qualname__}.{attribute}"
        setattr(made, attribute, method)
    made.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    made.__dataclass_params__ = _Params(eq, frozen, slots)  # type: ignore[attr-defined]
    made.__match_args__ = names  # type: ignore[attr-defined,misc]
    if made.__doc__ is None:
        made.__doc__ = f"{made.__name__}({', '.join(names)})"
    return made


def _dataclass(
    cls: type | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    unsafe_hash: bool = False,
    frozen: bool = False,
    match_args: bool = True,
    kw_only: bool = False,
    slots: bool = False,
    weakref_slot: bool = False,
) -> Any:
    standard = {"init": init, "repr": repr, "eq": eq, "order": order, "unsafe_hash": unsafe_hash, "frozen": frozen}
    standard |= {"match_args": match_args, "kw_only": kw_only, "slots": slots, "weakref_slot": weakref_slot}
    fast = _PLAIN is not None and init and repr and match_args and not (order or unsafe_hash or kw_only or weakref_slot)

    def wrap(c: type) -> type:
        made = _make(c, eq, frozen, slots) if fast else None
        return made if made is not None else dataclasses.dataclass(c, **standard)

    return wrap if cls is None else wrap(cls)


if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    dataclass = _dataclass
