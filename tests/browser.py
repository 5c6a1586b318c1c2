"""Headless Chromium for the drawing tests: Debian's ``chromium`` driven by Playwright.

Playwright cannot download its own browsers here, so it is pointed at the system
binary.  Where no browser can be had the tests skip with a loud reason, unless
``TRAJAN_REQUIRE_BROWSER=1`` (set by ``.ci/run`` once it has installed chromium): then a
missing browser fails.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--font-render-hinting=none"]


def _unavailable(reason: str) -> None:
    if os.environ.get("TRAJAN_REQUIRE_BROWSER") == "1":
        pytest.fail(f"TRAJAN_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(f"BROWSER TESTS SKIPPED: {reason} (apt-get install -y chromium; pip install '.[test]')")


def browser_context(width: int = 1500, height: int = 1200) -> Iterator[Any]:
    """A fresh persistent Chromium context (new empty profile), closed afterwards."""
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(executable):
        _unavailable("no chromium binary is installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed")
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="trajan-chromium-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=executable, args=ARGS, headless=True,
            viewport={"width": width, "height": height}, device_scale_factor=1)
        try:
            yield context
        finally:
            context.close()


class Watched:
    """A page with every console message, page error, dialog and request recorded."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.console: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.console.append(f"dialog: {d.message}"), d.dismiss()))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def errors(self) -> list[str]:
        return [m for m in self.console if not m.startswith(("log:", "info:", "debug:"))]

    def close(self) -> None:
        self.page.close()
