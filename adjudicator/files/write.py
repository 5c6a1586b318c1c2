"""Writing outputs: whole or not at all, all of a set or none, never over an input (issue 14).

Every command writes through an :class:`OutputSet`: the outputs of one run (for
``adjudicate``: the reports and the new game file; for ``selfplay``: the files of one
decision) are checked, staged and put in place together.

* *Checked* before anything is written: an output goes only to a regular file or a new
  path, never over one of the run's inputs (the same file on the disk, however named:
  links are followed and ``st_dev``/``st_ino`` compared) unless it is the one input it
  may replace (``adjudicate -o GAME``), never twice in one run, never through a
  symbolic link that leads out of its folder (the ``--reports-dir`` folder, or the
  folder of a single output), and never over a folder, device, FIFO, socket or other
  special file.  Every problem is reported at once (exit 2).
* *Staged*: each file is written to a temporary file in its own folder
  (``.NAME.*.tmp``), flushed to the disk, and given the old file's permissions.
* *Committed*: the temporary files are renamed over their targets one by one, the
  game file last; a file that already existed is first kept as a hard link
  (``.NAME.*.old``).  If anything fails, every rename done is undone (the old files put
  back, new ones removed), the staged files and folders made for the set are removed,
  and nothing has changed.  Only a hard kill (SIGKILL, power loss) in the moment
  between the first and the last rename can leave some files of the set in place and
  others not, plus hidden ``.tmp``/``.old`` files; the game file, renamed last, is
  then still the old one, and every file is either its old or its new whole self.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import msgspec

from adjudicator.errors import Malformed, Problem, problem

Identity = tuple[int, int]


class _Output(msgspec.Struct):  # Structs, not dataclasses: a fast start
    path: str  # as given (for messages)
    option: str  # the option that named it (for messages)
    data: bytes
    folder: str  # links may not lead out of this folder
    last: bool
    target: str = ""  # the real path it will replace (links followed)
    tmp: str | None = None
    backup: str | None = None
    renamed: bool = False


class OutputSet(msgspec.Struct):
    """The outputs of one run: added, then written all at once by :meth:`commit`.

    ``inputs`` maps an option name (``GAME``) to an input path; an output may not be any
    of them, except the ones named in its ``replaces``.
    """

    inputs: dict[str, str] = msgspec.field(default_factory=dict)
    _outputs: list[_Output] = msgspec.field(default_factory=list)
    _replaceable: dict[str, set[str]] = msgspec.field(default_factory=dict)
    _unchanged: list[tuple[str, bytes]] = msgspec.field(default_factory=list)
    _made: list[str] = msgspec.field(default_factory=list)

    def add(self, path: str, data: bytes, *, option: str = "-o", replaces: str | None = None,
            folder: str | None = None, last: bool = False) -> None:
        """Write ``data`` to ``path`` (may replace the input named ``replaces``); the game file ``last``."""
        bound = folder if folder is not None else os.path.dirname(path) or "."
        self._outputs.append(_Output(path, option, data, bound, last))
        if replaces is not None:
            self._replaceable.setdefault(path, set()).add(replaces)

    def folder(self, path: str) -> None:
        """Make the folder ``path`` (and its parents) if missing; removed again if the set fails."""
        missing: list[str] = []
        here = os.path.abspath(path)
        while not os.path.lexists(here) and os.path.dirname(here) != here:
            missing.append(here)
            here = os.path.dirname(here)
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as e:
            reason = _reason(e)
            raise _failed(path, f"The folder cannot be made ({reason}); nothing was written.") from None
        self._made += reversed(missing)

    def expect_unchanged(self, path: str, data: bytes) -> None:
        """Refuse to commit unless the file at ``path`` still holds ``data`` (what was read)."""
        self._unchanged.append((path, data))

    def commit(self) -> None:
        """Check every output, stage them all, rename them all; raises :class:`Malformed`."""
        try:
            self._check()
            for out in self._outputs:
                _stage(out)
            self._check_unchanged()
            for out in sorted(self._outputs, key=lambda o: o.last):
                _rename(out, keep=len(self._outputs) > 1)
        except BaseException:
            self._undo()
            raise
        for out in self._outputs:
            _remove(out.backup)
        for folder in {os.path.dirname(o.target) for o in self._outputs}:
            _sync_folder(folder)

    # --- Checking ---------------------------------------------------------------------

    def _check(self) -> None:
        inputs: dict[Identity, str] = {}
        for name, path in self.inputs.items():
            ident = identity(path)
            if ident is not None:
                inputs.setdefault(ident, name)
        problems: list[Problem] = []
        seen: dict[str, _Output] = {}
        for out in self._outputs:
            out.target = os.path.realpath(out.path)
            problems += _target_problems(out)
            ident = identity(out.target)
            name = inputs.get(ident, "") if ident is not None else ""
            if name and name not in self._replaceable.get(out.path, set()):
                problems.append(problem("args.overwrites_input", out.option,
                                        f"{out.path} is the input {name} of this command; it would be "
                                        "overwritten, so nothing was written."))
            other = seen.get(out.target)
            if other is not None:
                problems.append(problem("args.overwrites_input", out.option,
                                        f"{out.path} is also the output of {other.option}; one would "
                                        "overwrite the other, so nothing was written."))
            seen[out.target] = out
        if problems:
            raise Malformed(problems)

    def _check_unchanged(self) -> None:
        from adjudicator.files.io import read_bytes

        for path, data in self._unchanged:
            if read_bytes(path) != data:
                raise Malformed([problem("game.changed", "$",
                                         "This file changed after it was read (another program wrote it "
                                         "meanwhile); nothing was written. Run the command again against "
                                         "the new file.").located(path)])

    # --- Undoing ----------------------------------------------------------------------

    def _undo(self) -> None:
        for out in reversed(self._outputs):
            try:
                if out.renamed:
                    if out.backup is not None:
                        os.replace(out.backup, out.target)
                        out.backup = None
                    else:
                        os.unlink(out.target)
            except OSError:
                pass
            _remove(out.tmp)
            _remove(out.backup)
        for folder in reversed(self._made):
            try:
                os.rmdir(folder)
            except OSError:
                pass


def identity(path: str) -> Identity | None:
    """The file on the disk at ``path`` (links followed), or None if there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def _target_problems(out: _Output) -> list[Problem]:
    bound = os.path.realpath(out.folder)
    if os.path.commonpath([bound, out.target]) != bound:
        return [_problem(out, "output.link_outside",
                         f"This path is a symbolic link to {out.target}, outside the folder {out.folder}; "
                         "nothing is written through it.")]
    try:
        st = os.stat(out.target)
    except OSError:
        return []  # a new file (a missing folder is reported when staging)
    if stat.S_ISDIR(st.st_mode):
        return [_problem(out, "output.write_failed", "This path is a folder; nothing was written.")]
    if not stat.S_ISREG(st.st_mode):
        return [_problem(out, "output.special_file",
                         "This path is a device, FIFO, socket or other special file, not a regular file; "
                         "nothing is written to it (use - for standard output).")]
    return []


def _problem(out: _Output, code: str, message: str) -> Problem:
    return problem(code, "$", message).located(out.path)


# --- Staging and renaming ---------------------------------------------------------------

def _stage(out: _Output) -> None:
    target = Path(out.target)
    try:
        import tempfile  # here: its import costs a start more than the write

        fd, out.tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(out.data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(out.tmp, _file_mode(target))
    except OSError as e:
        raise _failed(out.path, _write_failure(target, e)) from None


def _rename(out: _Output, keep: bool) -> None:
    assert out.tmp is not None
    try:
        if keep and os.path.lexists(out.target):
            out.backup = _backup(out.target)
        os.replace(out.tmp, out.target)
    except OSError as e:
        raise _failed(out.path, _write_failure(Path(out.target), e)) from None
    out.tmp, out.renamed = None, True


def _backup(target: str) -> str:
    """A hard link to ``target`` under a new hidden name beside it (to put it back)."""
    folder, name = os.path.split(target)
    for _ in range(100):
        backup = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.old")
        try:
            os.link(target, backup)
            return backup
        except FileExistsError:
            continue
    raise FileExistsError(target)


def _remove(path: str | None) -> None:
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def write_atomic(path: str, data: bytes, inputs: dict[str, str] | None = None, option: str = "-o") -> None:
    """Write one file whole or not at all, over none of ``inputs``; raises :class:`Malformed`."""
    outputs = OutputSet(inputs=dict(inputs or {}))
    outputs.add(path, data, option=option)
    outputs.commit()


def make_folder(path: str) -> None:
    """Make the folder ``path`` (and its parents) if missing; raises :class:`Malformed`."""
    OutputSet().folder(path)


def is_stdout(path: object) -> bool:
    """Whether an output path is ``-``, standard output."""
    return str(path) == "-"


def _write_failure(target: Path, error: OSError) -> str:
    if not target.parent.is_dir():
        return f"The folder {str(target.parent)!r} does not exist; nothing was written."
    if target.is_dir():
        return "This path is a folder; nothing was written."
    return f"The file cannot be written ({error.strerror or error}); nothing was changed."


def _reason(error: OSError) -> str:
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        return "a file, not a folder, is in the way"
    return str(error.strerror or error)


def _sync_folder(folder: str) -> None:
    """Flush the renames to the disk (best effort: not every system can open a folder)."""
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


def _file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _failed(file: str, message: str) -> Malformed:
    return Malformed([problem("output.write_failed", "$", message).located(file)])
