"""Typer's coercion of plain command-line values, without importing Pydantic.

Typer (0.2x) coerces every parameter value through a Pydantic ``TypeAdapter``, built
when the value is first seen; importing Pydantic takes longer than a whole
``trajan check`` (see ``trajan bench``).  The values of our commands are plain: strings,
paths, flags, lists of them.  :func:`install` gives those a coercion that does what
Typer's adapters do for them (a path through Typer's own ``coerce_cli_path``) and leaves
every other annotation (numbers with bounds, ...) to Typer.  The arguments stay declared
once, in the command signatures, and parsed by Typer: only the conversion of a string
already parsed changes.  With a Typer that has no such layer nothing is changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

PLAIN = (str, Path, bool)


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
