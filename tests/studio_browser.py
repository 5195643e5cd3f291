"""Debian's chromium under Playwright, and a studio served in a thread, for the studio's
browser test (tests/test_studio_browser.py) and for the README's picture of the studio:

    python -m tests.studio_browser -o docs/images/studio.png   # make pictures runs this
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]
# Playwright's own browser download is not available here: Debian's chromium, headless, with
# nothing that would reach the network.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
MISSING = "studio browser tests need chromium: apt-get install -y chromium"


@contextlib.contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def served(folder: Path, config: Path | None = None) -> Iterator[str]:
    """A studio of ``folder`` (and ``config`` in it, if given) on a free port: its address."""
    from bookmaker.studio.app import Studio
    from bookmaker.studio.server import studio_server

    studio = Studio(folder.resolve())
    if config is not None:
        studio.open(config)
    server, sock, url = studio_server(studio)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(10)


def picture(out: Path) -> None:
    """The studio on the activity-book sample, a maze chosen: the README's picture."""
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "activity-book.yaml"
        shutil.copy(ROOT / "configs" / "activity-book.yaml", config)
        with served(Path(folder), config) as url, chromium() as browser:
            page = browser.new_page(viewport={"width": 1400, "height": 860})
            page.goto(url)
            page.wait_for_selector("#thumbs figure")
            page.click('#thumbs figure[data-label="20"]')
            page.wait_for_function("() => document.querySelector('#large').complete")
            page.locator(".maze-box").first.click()
            page.wait_for_selector("#maze-info:not([hidden])")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A picture of bookmaker studio")
    parser.add_argument("-o", "--output", type=Path, required=True)
    picture(parser.parse_args().output)
