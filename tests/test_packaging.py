"""The distribution (issue 26): its name, its one version, and what the built files hold.

The sdist and the wheel are built from this checkout (``python -m build``, without build
isolation so that it needs no network: the test extra installs the build backend) and
checked with ``twine check --strict``. The wheel is installed into a fresh virtual
environment (its dependencies lent from this one), and the installed ``trajan`` is run
from another folder on the examples: it must find its schemas, data and page assets in
the installed package. ``.ci/run`` does the same with an isolated build and the
dependencies from the package index.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import adjudicator

ROOT = Path(__file__).resolve().parent.parent
NAME = "trajan-adjudicator"


def test_the_distribution_is_named_for_what_it_is_and_has_one_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["name"] == NAME == adjudicator.DISTRIBUTION
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "adjudicator.__version__"}
    assert project["project"]["scripts"] == {"trajan": "adjudicator.commands.main:entry"}
    # The sdist's files are those git tracks (setuptools-scm's file finder, in an isolated build too).
    assert any(r.startswith("setuptools-scm") for r in project["build-system"]["requires"])
    assert importlib.metadata.version(NAME) == adjudicator.__version__


def test_the_changelog_holds_the_file_format_history() -> None:
    text = (ROOT / "docs" / "manual" / "changelog.md").read_text(encoding="utf-8")
    assert f"## {adjudicator.__version__}" in text
    assert "## File formats across releases" in text
    history = text.split("## File formats across releases", 1)[1]
    for row in ("| game file, view, order file | 1 |", "| game file, view, order file | 2 |",
                "| game record (`*.trajan.jsonl`) | 1 |", "| pending fair start | 1 |"):
        assert row in history, row


def _tracked(prefix: str = "") -> set[str]:
    git = shutil.which("git")
    if not git or not (ROOT / ".git").exists():
        pytest.skip("LOUD SKIP: not a git checkout: the files the sdist must hold are those git tracks")
    listed = subprocess.run([git, "-C", str(ROOT), "ls-files", "-z", "--", prefix or "."],
                            capture_output=True, check=True)
    return {p for p in listed.stdout.decode().split("\0") if p and (ROOT / p).exists()}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for module, why in (("build", "python -m build"), ("setuptools_scm", "the sdist's file finder")):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"LOUD SKIP: {module} ({why}) is not installed: pip install '.[test]' installs it")
    out = tmp_path_factory.mktemp("dist")
    # A copy without build outputs: setuptools would take the sdist's file list from a *.egg-info.
    source = tmp_path_factory.mktemp("src") / "trajan"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"))
    built = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return out


def _one(dist: Path, pattern: str) -> Path:
    [found] = dist.glob(pattern)
    return found


def test_twine_passes_both_files_strictly(dist: Path) -> None:
    if importlib.util.find_spec("twine") is None:
        pytest.skip("LOUD SKIP: twine is not installed: pip install '.[test]' installs it")
    files = [str(_one(dist, "*.whl")), str(_one(dist, "*.tar.gz"))]
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files],
                             capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_wheel_holds_every_file_of_the_package(dist: Path) -> None:
    wheel = _one(dist, "trajan_adjudicator-*-py3-none-any.whl")
    assert wheel.name == f"trajan_adjudicator-{adjudicator.__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {p for p in _tracked("adjudicator") if "__pycache__" not in p}
    assert package - names == set()
    for needed in ("adjudicator/py.typed", "adjudicator/schemas/game.schema.json", "adjudicator/data/board.json",
                   "adjudicator/drawing/replay.js", "adjudicator/i18n/locale/pt_BR/LC_MESSAGES/trajan.mo",
                   "adjudicator/i18n/locale/de/LC_MESSAGES/trajan.mo", "adjudicator/i18n/locale/fr/LC_MESSAGES/trajan.mo",
                   "adjudicator/i18n/terms.json"):
        assert needed in names
    assert not [n for n in names if n.startswith(("tests/", "docs/", "fixtures/", "examples/"))]


def test_the_sdist_holds_what_the_tests_and_the_manual_need(dist: Path) -> None:
    sdist = _one(dist, "trajan_adjudicator-*.tar.gz")
    top = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = {p for p in _tracked() if not p.startswith("docs/incoming/")} - names
    assert missing == set(), sorted(missing)[:20]
    for needed in ("docs/manual/changelog.md", "docs/mkdocs.yml", "docs/hooks.py", "tests/test_api.py",
                   "fixtures", "examples/turn/game.json", "schemas/game.schema.json", "pyproject.toml"):
        assert needed in names or any(n.startswith(needed + "/") for n in names), needed
    assert top == f"trajan_adjudicator-{adjudicator.__version__}"


def _fresh_venv(where: Path, wheel: Path) -> Path:
    """A new environment with only the wheel installed in it; its dependencies (typer,
    msgspec, jsonschema, drawsvg) are lent from this environment's site-packages, which
    holds no ``adjudicator`` of its own (this checkout is installed as an editable finder)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=300)
    python = where / "bin" / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                                "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return where / "bin"


def test_the_installed_wheel_adjudicates_the_example_turn_from_anywhere(dist: Path, tmp_path: Path) -> None:
    binaries = _fresh_venv(tmp_path / "venv", _one(dist, "*.whl"))
    work = tmp_path / "work"
    shutil.copytree(ROOT / "examples", work / "examples")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def trajan(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(binaries / "trajan"), *args], capture_output=True, text=True, cwd=work,
                              env=env, timeout=300)

    where = subprocess.run([str(binaries / "python"), "-c", "import adjudicator; print(adjudicator.__file__)"],
                           capture_output=True, text=True, cwd=work, env=env, check=True).stdout
    assert where.startswith(str(tmp_path / "venv")), where
    assert trajan("--version").stdout.strip() == f"trajan {adjudicator.__version__} ({NAME})"
    turn = trajan("adjudicate", "examples/turn/game.json", "examples/turn/orders.json", "-o", "new-game.json")
    assert turn.returncode == 0, turn.stderr
    assert turn.stdout == (ROOT / "examples" / "turn" / "report.md").read_text(encoding="utf-8")
    bad = work / "bad.json"
    bad.write_text((ROOT / "examples" / "turn" / "orders.json").read_text().replace('"military"', '"kitchen"', 1))
    refused = trajan("check", "examples/turn/game.json", str(bad), "--json")  # explained by the shipped schema
    assert refused.returncode == 2 and '"schema.' in refused.stderr, refused.stderr
    assert trajan("verify", "examples/logs/2-players").returncode == 0
    page = trajan("replay", "examples/logs/2-players", "-o", "game.html")
    assert page.returncode == 0, page.stderr
    assert "<script" in (work / "game.html").read_text(encoding="utf-8")
    svg = trajan("show", "examples/turn/game.json", "--svg", "-o", "board.svg")
    assert svg.returncode == 0 and (work / "board.svg").read_text().startswith("<?xml")
