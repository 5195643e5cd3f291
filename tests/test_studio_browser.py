"""bookmaker studio in a real browser: Playwright for Python driving Debian's chromium
(Playwright's own browser download is not available here). One browser, one flow: open a
sample, change the title and the language, add a hex section, type a bad size and fix it,
upload a mask picture, build, and download the PDF, whose bytes must be a CLI build's of the
saved YAML. Each step leaves a screenshot in output/studio/. Then closing the tab that
builds, which must stop its build and leave nothing written.

Without chromium the test is skipped with one line saying how to enable it; .ci/run
installs chromium when it is missing.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from pathlib import Path

import pytest

from tests.command_line import in_process
from tests.studio_browser import CHROMIUM, MISSING, chromium, served

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "output" / "studio"
OWL = ROOT / "configs" / "art" / "owl.png"

# Every picture in view is drawn (thumbnails out of view load only when scrolled to).
DRAWN = """() => [...document.images].filter((image) => {
  const box = image.getBoundingClientRect();
  return box.width && box.right > 0 && box.left < innerWidth && box.bottom > 0 && box.top < innerHeight;
}).every((image) => image.complete)"""

# One worker runs them all, so they share one chromium (the session's browser fixture).
pytestmark = [pytest.mark.skipif(not CHROMIUM.exists(), reason=MISSING), pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="session")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture
def studio_url(tmp_path):
    """A studio with no config yet, serving ``tmp_path`` on a free port."""
    with served(tmp_path) as url:
        yield url


def test_the_scripted_flow(browser, studio_url, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    # Generous: on a machine busy with other work a step can take many times its usual second.
    page.set_default_timeout(120_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def shot(name: str) -> None:
        page.screenshot(path=str(SHOTS / f"{name}.png"))

    def large_source() -> str:
        return page.get_attribute("#large", "src") or ""

    def settled() -> None:
        """Wait until every edit is answered, the pages on screen are the newest text's, and
        every picture in view is drawn."""
        page.wait_for_function(
            "() => !state.typing.size && state.pending === 0 && state.shown === state.text"
        )
        page.wait_for_function(DRAWN)

    # 1. Open a sample: the start page offers them, and saves it where asked.
    page.goto(studio_url)
    page.check("input[value=default]")
    page.fill("input[name=path]", "book.yaml")
    page.click("button[type=submit]")
    page.wait_for_selector("#thumbs figure")
    settled()
    assert (tmp_path / "book.yaml").is_file()
    shot("1-sample")

    # 2. Change the title: the title page (the chosen one) is drawn anew.
    before = large_source()
    page.fill('[data-key="title"]', "Owls and Hexes")
    settled()
    assert large_source() != before
    assert "title: Owls and Hexes" in page.input_value("#yaml")
    # The language, chosen by its own name: bookmaker's words on the title page change.
    before = large_source()
    page.select_option('[data-key="language"]', label="Nederlands")
    settled()
    assert large_source() != before
    assert "\nlanguage: nl\n" in page.input_value("#yaml")
    shot("2-title")

    # 3. Add a hex section and see its pages.
    pages_before = page.locator("#thumbs figure").count()
    page.click("#add-section")
    page.wait_for_selector('[data-key="sections[3].shape"]')
    page.select_option('[data-key="sections[3].shape"]', "hex")
    settled()
    assert page.locator("#thumbs figure").count() > pages_before
    hex_page = page.evaluate(
        "() => { const last = Math.max(...state.pages.flatMap(p => p.mazes.map(m => m.number)));"
        " return state.pages.find(p => p.mazes.some(m => m.number === last)).label; }"
    )
    page.click(f'#thumbs figure[data-label="{hex_page}"]')
    settled()
    page.locator(".maze-box").first.click()
    page.wait_for_selector("#maze-info:not([hidden])")
    assert " hex " in page.inner_text("#maze-info")
    shot("3-hex-section")

    # 4. A bad size: the problem line, linked to its field, then fixed.
    page.fill('[data-key="sections[3].size"]', "0x10")
    problem = page.wait_for_selector("#problems .problem")
    assert re.search(r"book\.yaml:\d+: sections\[3\]\.size: ", problem.inner_text())
    page.wait_for_selector('[data-key="sections[3].size"].has-problem')
    shot("4-problem")
    page.fill('[data-key="sections[3].size"]', "16x16")
    page.wait_for_function("() => !document.querySelector('#problems .problem')")
    settled()

    # 5. Upload a mask picture for the hex section.
    page.set_input_files('.upload[data-index="3"]', str(OWL))
    page.wait_for_function("() => document.querySelector('#yaml').value.includes('image: masks/owl.png')")
    page.wait_for_selector("text=masks/owl.png")
    settled()
    assert not page.locator("#problems .problem").count(), page.inner_text("#problems")
    page.click(f'#thumbs figure[data-label="{hex_page}"]')
    settled()
    shot("5-mask")

    # 6. Build, download the PDF, and compare it with a CLI build of the saved YAML.
    page.click("#build")
    page.wait_for_selector("#build-result h3:has-text('Built')", timeout=240_000)
    assert "passes the home preflight" in page.inner_text("#build-result")
    shot("6-built")
    with page.expect_download() as download:
        page.click("text=Download book.pdf")
    studio_pdf = Path(download.value.path()).read_bytes()
    cli = in_process(
        "build", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "cli") + "/", cwd=Path(os.getcwd())
    )
    assert cli.returncode == 0, cli.stderr
    cli_pdf = (tmp_path / "cli" / "book.pdf").read_bytes()
    assert hashlib.sha256(studio_pdf).hexdigest() == hashlib.sha256(cli_pdf).hexdigest()
    assert errors == []
    page.close()


def test_closing_the_tab_that_builds_cancels_the_build_and_writes_nothing(browser, tmp_path):
    # The activity book with three times its mazes (300 mazes, about 340 pages) takes
    # seconds to build even on a fast machine: long enough to close its tab while it runs
    # (the sample itself, once issue 29 sped builds up, could finish before its tab closed);
    # the cancel stops it within a maze or a page.
    config = tmp_path / "activity-book.yaml"
    sample = (ROOT / "configs" / "activity-book.yaml").read_text(encoding="utf-8")
    bigger = re.sub(r"(?m)^(\s+count: )(\d+)", lambda m: f"{m[1]}{int(m[2]) * 3}", sample)
    assert bigger != sample
    config.write_text(bigger, encoding="utf-8")
    with served(tmp_path, config) as url:
        context = browser.new_context()
        context.set_default_timeout(60_000)

        def status() -> dict:
            return context.request.get(url.replace("/?", "/build?")).json()

        def ended() -> dict:
            for _ in range(600):
                if (now := status())["state"] != "running":
                    return now
                time.sleep(0.02)
            raise AssertionError("the build did not end")

        building, looking = context.new_page(), context.new_page()
        for page in (building, looking):
            page.goto(url)
        building.click("#build")
        building.wait_for_selector("#progress:not([hidden])")
        # A tab that only looks at the book leaves the build running when it closes.
        looking.close()
        time.sleep(0.3)  # its beacon, had it sent one, would have landed
        assert status()["state"] == "running"
        building.close()
        assert ended()["state"] == "cancelled"
        assert [path.name for path in tmp_path.rglob("*")] == ["activity-book.yaml"]
        # The studio is ready for the next build.
        started = context.request.post(url.replace("/?", "/build?"))
        assert started.ok and started.json()["state"] == "running"
        context.request.post(url.replace("/?", "/build/cancel?"))
        assert ended()["state"] == "cancelled"
        context.close()
