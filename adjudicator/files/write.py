"""Writing output files whole or not at all: a temporary file in the same folder,
flushed to the disk and renamed into place; on failure the old file is left as it was."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from adjudicator.errors import Malformed, problem
from adjudicator.model.vocab import PlayerColour


def write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` all at once; raises :class:`Malformed` (old file kept).

    The bytes go to a temporary file in the same folder, are flushed to the disk, and the
    temporary file is renamed over ``path`` (a symbolic link is followed: the file it
    points to is replaced).  On any failure the temporary file is removed and the old
    file, if any, is left exactly as it was.
    """
    target = Path(os.path.realpath(path))
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _file_mode(target))
        os.replace(tmp, target)
        tmp = None
        _sync_folder(target.parent)
    except OSError as e:
        raise _malformed(path, "output.write_failed", "$", _write_failure(target, e)) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _write_failure(target: Path, error: OSError) -> str:
    if not target.parent.is_dir():
        return f"The folder {str(target.parent)!r} does not exist; nothing was written."
    if target.is_dir():
        return "This path is a folder; nothing was written."
    return f"The file cannot be written ({error.strerror or error}); nothing was changed."


def _sync_folder(folder: Path) -> None:
    """Flush the rename to the disk (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_reports(directory: str, public: str, private: Mapping[PlayerColour, str]) -> list[str]:
    """``public.md`` and one ``PLAYER.md`` per player into ``directory`` (made if missing)."""
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise _malformed(directory, "output.write_failed", "$",
                         f"The folder cannot be made ({e.strerror or e}); nothing was changed.") from None
    files: dict[str, str] = {"public": public, **{str(c): text for c, text in private.items()}}
    paths = [os.path.join(directory, f"{name}.md") for name in files]
    for path, text in zip(paths, files.values(), strict=True):
        write_atomic(path, text.encode())
    return paths


def _file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _malformed(file: str, code: str, path: str, message: str) -> Malformed:
    return Malformed([problem(code, path, message).located(file)])
