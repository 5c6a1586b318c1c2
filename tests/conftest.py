"""Test options: the test sizes (``tests/sizes.py``), listed by ``pytest --help``."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from tests import sizes


def _size(variable: str) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            return sizes.positive(text, variable)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return read


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("trajan test sizes", "how much each long test does (default: the "
                            "environment variable of the same name, e.g. TRAJAN_GAMES)")
    for variable, (_, what) in sizes.SIZES.items():
        try:
            default = sizes.default(variable)
        except ValueError as e:
            raise pytest.UsageError(f"{variable}: {e}") from None
        group.addoption(sizes.option(variable), type=_size(variable), default=default, metavar="N",
                        help=f"{what} (${variable}; default {default}).")


def pytest_configure(config: pytest.Config) -> None:
    sizes.choose({v: config.getoption(sizes.option(v)) for v in sizes.SIZES})


@pytest.fixture
def test_size() -> Callable[[str], int]:
    """The size of this run by variable name (``test_size("TRAJAN_GAMES")``), for a test body."""
    return sizes.size
