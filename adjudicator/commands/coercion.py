"""Typer's coercion of plain command-line values, without importing Pydantic.

Typer (0.2x) coerces every parameter value through a Pydantic ``TypeAdapter``, built
when the value is first seen; importing Pydantic takes longer than a whole
``trajan check`` (see ``trajan bench``).  The values of our commands are plain: strings,
paths, flags, whole numbers, lists of them.  :func:`install` gives those a coercion
that does what Typer's adapters do for them (a path through Typer's own
``coerce_cli_path``, a number within its ``min``/``max``), and leaves every other
annotation, and every value it would refuse, to Typer (so its messages are Typer's).
The arguments stay declared once, in the command signatures, and parsed by Typer: only
the conversion of a string already parsed changes.  With a Typer that has no such layer nothing is changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

PLAIN = (str, Path, bool, int)


def _plain_int(value: Any) -> int | None:
    """An ``int``, or a string of decimal digits with an optional sign, as an int."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = value.strip() if isinstance(value, str) else ""
    digits = text[1:] if text[:1] in "+-" else text
    return int(text) if digits.isascii() and digits.isdigit() else None


def _within(number: int, info: Any) -> bool:
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    return (low is None or number >= low) and (high is None or number <= high)


def install() -> None:
    """Route plain parameter types around Pydantic (idempotent; a no-op on other Typers)."""
    try:
        import typer.core as core
        from typer import _coercion
        from typer._param_types import coerce_cli_path
    except ImportError:  # pragma: no cover - a Typer without the Pydantic layer is fast already
        return
    found: Any = getattr(core, "build_runtime_param", None)
    if found is None or getattr(found, "plain_values", False):
        return
    original: Any = found

    class Plain(_coercion.RuntimeParam):
        """A string, path or flag (or a list of them), converted as Typer converts it."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation: Any = self.annotation
            if get_origin(annotation) is list and isinstance(value, (list, tuple)):
                return [self._one(get_args(annotation)[0], v, param, ctx) for v in value]
            return self._one(annotation, value, param, ctx)

        def _one(self, annotation: Any, value: Any, param: Any, ctx: Any) -> Any:
            if annotation is bool and isinstance(value, bool) or annotation is str and isinstance(value, str):
                return value
            if annotation is Path and isinstance(value, (str, Path)):
                return coerce_cli_path(Path(value), self.parameter_info, path_type=Path, param=param, ctx=ctx)
            number = _plain_int(value) if annotation is int and not self.parameter_info.clamp else None
            if number is not None and _within(number, self.parameter_info):
                return number
            # Anything else (a bad number, out of range...): Typer's own adapter and message.
            fallback = original(_coercion.TypeDescriptor(annotation, self.parameter_info, None))
            return fallback._coerce_value(value, param=param, ctx=ctx)

    def build(descriptor: Any) -> Any:
        annotation = descriptor.annotation
        item = get_args(annotation)[0] if get_origin(annotation) is list else annotation
        if descriptor.file_annotation is None and descriptor.parameter_info.parser is None and item in PLAIN:
            return Plain(parameter_info=descriptor.parameter_info, annotation=annotation)
        return original(descriptor)

    build.plain_values = True  # type: ignore[attr-defined]
    setattr(core, "build_runtime_param", build)  # noqa: B010 (not exported: a private layer)
