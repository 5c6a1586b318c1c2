"""The base of every model: frozen, strict, keyword-only msgspec structs."""


import msgspec


class Model(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """An immutable value; unknown fields in a file are an error.

    Subclasses repeat ``frozen=True`` (``class Sown(Event, tag="sown", frozen=True)``).
    msgspec inherits the setting at run time anyway, but type checkers follow PEP 681
    (``dataclass_transform``), under which every subclass is a new dataclass that is
    not frozen unless it says so, and mypy rejects a non-frozen subclass of a frozen
    one (msgspec issue #657).

    ``gc=False``: models are not tracked by the garbage collector (the engine makes and
    drops many of them each step).  A frozen value holding only other values, strings,
    numbers and tuples cannot be part of a reference cycle, so nothing is ever leaked.
    """
