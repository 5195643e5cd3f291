"""bookmaker studio over HTTP (Starlette's TestClient): every route, the token, Host and
Origin checks, uploads, saving, the YAML round trip, and a build byte-identical to the
CLI's. The browser's own flow is tests/test_studio_browser.py."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image
from starlette.testclient import TestClient

from bookmaker.studio import config_text
from bookmaker.studio.app import Studio, make_app
from bookmaker.studio.guard import COOKIE
from tests.command_line import in_process

TOKEN = "test-token"
PORT = 8765
HOME = f"http://127.0.0.1:{PORT}"

BOOK = """\
# A small book for the studio's tests.
title: Studio Test   # said on the title page
author: Tester
seed: 3
profile: kdp
page:
  size: 6x9

sections:
  # squares first
  - title: Squares
    id: squares
    size: 8x8
    count: 4
    per_page: 2
  - title: Hexes      # a hex grid
    id: hexes
    shape: hex
    size: 6x6
    count: 2

cover:
  paper: white
"""


@pytest.fixture
def book(tmp_path) -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(BOOK, encoding="utf-8")
    return path


def client_for(studio: Studio) -> TestClient:
    client = TestClient(make_app(studio, TOKEN, "127.0.0.1", PORT), base_url=HOME)
    client.get(f"/?token={TOKEN}")  # the first load sets the cookie
    return client


@pytest.fixture
def client(book) -> TestClient:
    studio = Studio(book.parent)
    studio.open(book)
    return client_for(studio)


def png(width: int = 40, height: int = 30, kind: str = "PNG") -> bytes:
    image = Image.new("L", (width, height), 255)
    image.paste(0, (5, 5, width - 5, height - 5))
    out = io.BytesIO()
    image.save(out, kind)
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` x ``height``, with no pixels to decode: a picture
    too large is refused from its header."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b""))
        + chunk(b"IEND", b"")
    )


def preview(client: TestClient, text: str) -> dict:
    response = client.post("/preview", json={"text": text})
    assert response.status_code == 200, response.text
    return response.json()


# ---- the token, Host and Origin ----------------------------------------------------------


def test_the_token_from_the_url_becomes_a_cookie_and_nothing_works_without_it(book):
    studio = Studio(book.parent)
    studio.open(book)
    bare = TestClient(make_app(studio, TOKEN, "127.0.0.1", PORT), base_url=HOME)
    assert bare.get("/").status_code == 403
    assert bare.get("/?token=wrong").status_code == 403
    assert bare.post("/preview", json={"text": BOOK}).status_code == 403
    first = bare.get(f"/?token={TOKEN}")
    assert first.status_code == 200
    assert f"{COOKIE}={TOKEN}" in first.headers["set-cookie"]
    assert "SameSite=Strict" in first.headers["set-cookie"] and "HttpOnly" in first.headers["set-cookie"]
    assert bare.get("/").status_code == 200  # the cookie now
    assert bare.get("/static/studio.js").status_code == 200


def test_another_host_or_origin_gets_403(client):
    # DNS rebinding: a page of another name pointed at 127.0.0.1 sends its own Host.
    assert client.get("/", headers={"host": f"evil.example:{PORT}"}).status_code == 403
    assert client.get("/", headers={"host": "127.0.0.1:1"}).status_code == 403
    # A cross-site request carries its site's Origin.
    refused = client.post("/preview", json={"text": BOOK}, headers={"origin": "http://evil.example"})
    assert refused.status_code == 403
    assert "other sites" in refused.text
    allowed = client.post("/preview", json={"text": BOOK}, headers={"origin": HOME})
    assert allowed.status_code == 200
    assert client.get("/", headers={"host": f"localhost:{PORT}"}).status_code == 200
    # The Origin must be the address the request went to.
    assert client.get("/", headers={"host": f"localhost:{PORT}", "origin": HOME}).status_code == 403


def test_on_every_address_it_takes_numbers_and_never_a_name():
    from bookmaker.studio.guard import own_host

    assert own_host("192.168.1.20:8000", "0.0.0.0", 8000)
    assert own_host("[fe80::1]:8000", "::", 8000)
    assert not own_host("rebound.example:8000", "0.0.0.0", 8000)
    assert not own_host("192.168.1.20:8001", "0.0.0.0", 8000)
    assert not own_host("192.168.1.20:8000", "127.0.0.1", 8000)
    assert own_host("[::1]:8000", "127.0.0.1", 8000)


# ---- the page, the pages and the problems ------------------------------------------------


def test_the_page_holds_the_form_and_the_yaml(client):
    page = client.get("/").text
    assert 'data-key="title" data-type="str" value="Studio Test"' in page
    assert 'data-key="sections[1].shape"' in page
    assert "# squares first" in page  # the YAML tab shows the file itself
    form = client.post("/form", json={"text": BOOK.replace("Studio Test", "Other")}).text
    assert 'value="Other"' in form
    assert "does not parse" in client.post("/form", json={"text": "title: [\n"}).text


def test_preview_gives_every_page_its_pictures_the_cover_and_the_mazes(client):
    result = preview(client, BOOK)
    assert result["problems"] == [] and result["cover"]
    pages = result["pages"]
    assert len(pages) >= 24  # KDP's least page count
    for size in ("thumb", "large"):
        picture = client.get(f"/page/{pages[0]['version']}/{size}")
        assert picture.headers["content-type"] == "image/png"
        assert Image.open(io.BytesIO(picture.content)).width > (100 if size == "large" else 20)
    cover = client.get(f"/cover/{result['generation']}")
    assert Image.open(io.BytesIO(cover.content)).width > Image.open(io.BytesIO(cover.content)).height
    boxes = [maze for page in pages for maze in page["mazes"]]
    assert {maze["number"] for maze in boxes} == {1, 2, 3, 4, 5, 6}
    assert all(0 <= value <= 1 for maze in boxes for value in maze["box"])
    maze = client.get(f"/maze/{result['generation']}/5").json()
    assert maze["recipe"].startswith("recursive-backtracker hex 6x6 seed ")
    assert maze["answer_svg"].startswith("<svg") or maze["answer_svg"].startswith("<?xml")
    assert client.get(f"/maze/{result['generation']}/99").status_code == 404
    assert client.get("/page/999999/thumb").status_code == 404
    assert client.get(f"/page/{pages[0]['version']}/huge").status_code == 404


def test_problems_are_validate_lines_with_their_key_and_line_and_the_last_pages_stay(client, book):
    good = preview(client, BOOK)
    bad = preview(client, BOOK.replace("size: 8x8", "size: 0x8"))
    assert bad["pages"] is None
    (problem,) = bad["problems"]
    assert problem == {
        "text": f"{book}:13: sections[0].size: each side must be 1 to 500 cells, got 0x8",
        "line": 13,
        "key": "sections[0].size",
    }
    # The last good pages are still there to show.
    assert client.get(f"/page/{good['pages'][-1]['version']}/thumb").status_code == 200


def test_a_problem_line_is_what_validate_prints(client, book):
    text = BOOK.replace("count: 2", "count: 0")
    book.write_text(text, encoding="utf-8")
    printed = in_process("validate", str(book), cwd=book.parent).stderr.splitlines()
    assert [problem["text"] for problem in preview(client, text)["problems"]] == printed


def test_an_edit_of_one_section_makes_only_that_sections_mazes(client, book):
    studio_pages = preview(client, BOOK)["pages"]
    changed = preview(client, BOOK.replace("size: 6x6", "size: 7x6"))
    made = changed["made"]
    assert made == 2  # the two hex mazes, nothing else
    # Pages the edit did not touch keep their version, and so their pictures.
    kept = {page["version"] for page in studio_pages} & {page["version"] for page in changed["pages"]}
    assert len(kept) >= len(studio_pages) - 6
    assert preview(client, BOOK)["made"] == 0  # back as it was: every maze from the cache


# ---- edits and the YAML round trip -------------------------------------------------------


def test_a_form_edit_changes_its_line_and_keeps_every_comment(client):
    text = client.post("/edit", json={"text": BOOK, "op": "set", "key": "title", "value": "New"}).json()[
        "text"
    ]
    changed = [
        (old, new) for old, new in zip(BOOK.splitlines(), text.splitlines(), strict=True) if old != new
    ]
    # ruamel keeps the comment in its column
    assert changed == [
        ("title: Studio Test   # said on the title page", "title: New           # said on the title page")
    ]
    text = client.post(
        "/edit", json={"text": BOOK, "op": "set", "key": "sections[1].size", "value": "9x9"}
    ).json()["text"]
    assert text == BOOK.replace("size: 6x6", "size: 9x9")
    names = client.post(
        "/edit", json={"text": BOOK, "op": "set", "key": "worksheet.names", "value": ["Ann", "Bo"]}
    ).json()["text"]
    assert names == BOOK + "worksheet:\n  names:\n    - Ann\n    - Bo\n"  # the file's list style
    removed = client.post("/edit", json={"text": BOOK, "op": "set", "key": "page.size", "value": ""})
    assert "size: 6x9" not in removed.json()["text"] and "# squares first" in removed.json()["text"]


def test_a_teacher_makes_dutch_worksheets_with_a_date_in_the_form(client):
    from bookmaker.samples import example_text

    classroom = example_text("classroom")
    form = client.post("/form", json={"text": classroom}).text
    # Every language the book may print in, by its own name; English when the config says none.
    assert '<option value="nl">Nederlands</option>' in form
    assert '<option value="ca">Català</option>' in form
    assert '<option value="en" selected>English</option>' in form
    assert 'data-key="worksheet.date" data-type="date" value=""' in form

    def edit(text: str, key: str, value, type: str = "str") -> str:
        answer = client.post(
            "/edit", json={"text": text, "op": "set", "key": key, "value": value, "type": type}
        )
        assert answer.status_code == 200, answer.text
        return answer.json()["text"]

    dutch = edit(edit(classroom, "language", "nl"), "worksheet.date", "2027-03-12", "date")
    assert "\nlanguage: nl\n" in dutch
    # A YAML date, as a person writes it (not quoted), at the end of its block: above the
    # blank line that parts the block from the next.
    assert (
        "  stars: true               # difficulty stars on each sheet\n  date: 2027-03-12\n\nanswer_key:"
        in dutch
    )
    assert preview(client, dutch)["problems"] == []
    form = client.post("/form", json={"text": dutch}).text
    assert '<option value="nl" selected>Nederlands</option>' in form
    assert 'data-key="worksheet.date" data-type="date" value="2027-03-12"' in form
    # A language bookmaker does not print in stays in view, for its problem line to point at.
    assert (
        '<option value="nl-BE" selected>nl-BE</option>'
        in client.post("/form", json={"text": dutch.replace("language: nl", "language: nl-BE")}).text
    )
    assert edit(dutch, "worksheet.date", "", "date") == edit(classroom, "language", "nl")


def test_sections_are_added_moved_and_removed_with_their_ids(client):
    added = client.post("/edit", json={"text": BOOK, "op": "add-section"}).json()["text"]
    assert config_text.values(added)["sections"][2] == {
        "title": "New section 3",
        "id": "section-3",
        "size": "10x10",
        "count": 4,
    }
    assert "    count: 4\n\ncover:" in added  # the blank line after the sections stays after them
    moved = client.post("/edit", json={"text": added, "op": "move-section", "index": 2, "to": 0}).json()[
        "text"
    ]
    assert [s["id"] for s in config_text.values(moved)["sections"]] == ["section-3", "squares", "hexes"]
    assert "# squares first" in moved and "# a hex grid" in moved
    removed = client.post("/edit", json={"text": moved, "op": "remove-section", "index": 1}).json()["text"]
    assert [s["id"] for s in config_text.values(removed)["sections"]] == ["section-3", "hexes"]
    last = client.post(
        "/edit", json={"text": "title: T\nsections:\n- title: A\n", "op": "remove-section", "index": 0}
    )
    assert last.status_code == 400 and "at least one section" in last.json()["error"]
    assert client.post("/edit", json={"text": BOOK, "op": "explode"}).status_code == 400
    moved_nowhere = client.post("/edit", json={"text": BOOK, "op": "move-section", "index": "x", "to": 0})
    assert moved_nowhere.status_code == 400 and "not a section's position" in moved_nowhere.json()["error"]
    assert client.post("/edit", json={"text": "a: [", "op": "add-section"}).status_code == 400


def test_every_sample_round_trips_unchanged():
    from bookmaker.samples import example_names, example_text

    for name in example_names():
        text = example_text(name)
        assert config_text.dump(config_text.load(text), text) == text, name


# ---- saving -------------------------------------------------------------------------------


def test_save_writes_the_text_and_asks_before_overwriting_a_change_on_disk(client, book):
    import hashlib

    base = hashlib.sha256(book.read_bytes()).hexdigest()
    edited = BOOK.replace("Tester", "Someone")
    saved = client.post("/save", json={"text": edited, "base": base})
    assert saved.status_code == 200 and book.read_text() == edited
    # Another tab, or an editor, changed the file since this tab loaded it: ask first.
    book.write_text(BOOK + "# edited elsewhere\n", encoding="utf-8")
    conflict = client.post("/save", json={"text": edited, "base": saved.json()["digest"]})
    assert conflict.status_code == 409 and conflict.json()["conflict"]
    assert book.read_text().endswith("# edited elsewhere\n")
    forced = client.post("/save", json={"text": edited, "base": saved.json()["digest"], "force": True})
    assert forced.status_code == 200 and book.read_text() == edited


# ---- uploads ------------------------------------------------------------------------------


def upload(client: TestClient, name: str, data: bytes, section: int = 0):
    return client.post(
        "/upload", data={"text": BOOK, "section": str(section)}, files={"file": (name, data, "image/png")}
    )


def test_a_good_upload_lands_in_masks_and_sets_the_sections_mask(client, book):
    response = upload(client, "owl.png", png())
    assert response.status_code == 200, response.text
    assert (book.parent / "masks" / "owl.png").read_bytes() == png()
    assert config_text.values(response.json()["text"])["sections"][0]["mask"] == {"image": "masks/owl.png"}
    jpeg = upload(client, "photo.png", png(kind="JPEG"))  # named .png, but a JPEG: .jpg
    assert jpeg.json()["file"] == "masks/photo.jpg"


def test_uploads_are_refused_by_content_and_size_and_leave_the_book_unchanged(client, book):
    before = sorted(path.name for path in book.parent.rglob("*"))
    text = upload(client, "notes.png", b"just text, not a picture")
    assert text.status_code == 400 and "not a PNG, JPEG or GIF picture" in text.json()["error"]
    bmp = io.BytesIO()
    Image.new("L", (10, 10)).save(bmp, "BMP")
    wrong = upload(client, "mask.png", bmp.getvalue())
    assert (
        wrong.status_code == 400 and "BMP picture; a mask must be PNG, JPEG or GIF" in wrong.json()["error"]
    )
    big = upload(client, "big.png", png() + b"\0" * (10 * 1000 * 1000))
    assert big.status_code == 400 and "at most 10 MB" in big.json()["error"]
    huge = upload(client, "huge.png", png_header(8000, 6000))  # 48 megapixels, a small file
    assert huge.status_code == 400 and "at most 40 million" in huge.json()["error"]
    assert sorted(path.name for path in book.parent.rglob("*")) == before
    assert book.read_text() == BOOK


def test_an_upload_name_cannot_leave_the_folder(client, book):
    for name in ("../../escape.png", "..\\..\\escape.png", "/etc/passwd", ".hidden.png"):
        response = upload(client, name, png())
        assert response.status_code == 200, name
        written = book.parent / response.json()["file"]
        assert written.parent == book.parent / "masks", name
    assert not (book.parent.parent / "escape.png").exists()
    assert not any(path.name.startswith(".") for path in (book.parent / "masks").iterdir())


# ---- building -----------------------------------------------------------------------------


def test_build_writes_what_the_cli_writes_byte_for_byte(client, book, tmp_path):
    started = client.post("/build")
    assert started.status_code == 200
    status = wait_for_build(client)
    assert status["state"] == "done", status
    assert status["files"] == ["book.pdf", "book.cover.pdf", "book.manifest.json"]
    assert any("passes the kdp preflight" in line for line in status["preflight"])
    downloaded = {name: client.get(f"/download/{name}").content for name in status["files"]}
    cli = in_process("build", str(book), "-o", str(tmp_path / "cli") + "/", cwd=Path(os.getcwd()))
    assert cli.returncode == 0, cli.stderr
    for name, data in downloaded.items():
        assert data == (book.parent / "output" / name).read_bytes()
        assert data == (tmp_path / "cli" / name).read_bytes(), name


def test_downloads_are_only_the_last_builds_files(client, book):
    (book.parent / "output").mkdir()
    (book.parent / "output" / "secret.txt").write_text("no")
    for name in ("secret.txt", "..%2Fbook.yaml", "book.yaml"):
        assert client.get(f"/download/{name}").status_code == 404, name


def test_one_build_at_a_time_and_cancel_leaves_nothing_written(tmp_path):
    from bookmaker.samples import write_config

    config = tmp_path / "activity-book.yaml"
    write_config(config, "activity-book")
    studio = Studio(tmp_path)
    studio.open(config)
    client = client_for(studio)
    assert client.post("/build").status_code == 200
    again = client.post("/build")
    assert again.status_code == 409 and "a build is running" in again.json()["error"]
    assert client.post("/build/cancel").json() == {"cancelled": True}
    status = wait_for_build(client)
    assert status["state"] == "cancelled"
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())
    assert client.post("/build/cancel").json() == {"cancelled": False}


def test_a_failed_build_says_why(client, book):
    book.write_text(BOOK.replace("count: 4", "count: 0"), encoding="utf-8")
    assert client.post("/build").status_code == 200
    status = wait_for_build(client)
    assert status["state"] == "failed"
    assert status["error"] == [f"{book}:14: sections[0].count: must be at least 1, got 0"]


def wait_for_build(client: TestClient) -> dict:
    import time

    for _ in range(1200):
        status = client.get("/build").json()
        if status["state"] != "running":
            return status
        time.sleep(0.05)
    raise AssertionError("the build did not end")


# ---- starting without a config ------------------------------------------------------------


def test_without_a_config_it_offers_the_samples_and_saves_where_asked(tmp_path):
    studio = Studio(tmp_path)
    client = client_for(studio)
    page = client.get("/").text
    assert 'value="activity-book"' in page and "a blank book" in page
    assert client.post("/preview", json={"text": BOOK}).json()["error"] == "choose a book first"
    outside = client.post("/start", json={"example": "silhouettes", "path": "../away.yaml"})
    assert outside.status_code == 400 and "not a file inside" in outside.json()["error"]
    assert client.post("/start", json={"example": "", "path": "book.txt"}).status_code == 400
    assert client.post("/start", json={"example": "silhouettes", "path": "mine/book.yaml"}).json() == {
        "ok": True
    }
    assert (tmp_path / "mine" / "book.yaml").is_file() and (tmp_path / "mine" / "art" / "owl.png").is_file()
    assert 'data-key="title"' in client.get("/").text
    again = client_for(Studio(tmp_path)).post("/start", json={"example": "", "path": "mine/book.yaml"})
    assert again.json()["error"] == (
        "mine/book.yaml already exists; choose another name, or open it: bookmaker studio mine/book.yaml"
    )


# ---- the command --------------------------------------------------------------------------


def test_the_command_prints_its_address_with_the_token_and_serves_until_ctrl_c(book):
    import signal
    import subprocess
    import sys
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "-m", "bookmaker", "studio", book.name, "--no-browser"],
        cwd=book.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()
        url = first.removeprefix("bookmaker studio: ").strip()
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url, first
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200 and b"Studio Test" in response.read()
        bare = url.split("?", 1)[0]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=30)
        assert refused.value.code == 403
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err == "bookmaker: interrupted; nothing written\n"


def test_a_missing_config_is_one_line(tmp_path):
    run = in_process("studio", "nope.yaml", "--no-browser", cwd=tmp_path)
    assert run.returncode == 2
    assert (
        run.stderr
        == "bookmaker: error: nope.yaml: no such file; bookmaker studio without CONFIG offers the samples\n"
    )
