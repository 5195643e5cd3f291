"""The studio's web app: one page (the book's form, its YAML, its pages and problems) and
the few routes it calls. Every route is behind ``guard.Guard``.

The browser holds the text being edited and sends it with each request, so two tabs
never share a half-made edit; the file on disk changes only on Save (``save``), which
asks before it overwrites a change made on disk since the tab loaded the file.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..config.models import GRID_SLOTS, PROFILE_NAMES
from ..config.yaml_source import MAX_BYTES
from ..errors import BookmakerError
from ..files import write_atomic
from ..language import DEFAULT_LANGUAGE, LANGUAGES, locale
from ..masks.outlines import OUTLINES
from ..maze import ALGORITHMS
from ..maze.shapes import SHAPE_NAMES
from ..maze.solve import ENDPOINT_MODES
from ..profiles import INTERIORS, PAPERS
from ..samples import example_names, write_config
from . import config_text
from .builds import Builds
from .guard import MAX_UPLOAD, Guard, Refused, checked_picture, inside, safe_name
from .pages import Pages

MASK_FOLDER = "masks"  # uploaded mask pictures go here, inside the config's folder


def _capitalised(name: str) -> str:
    return name[:1].upper() + name[1:]


CHOICES = {
    "profiles": PROFILE_NAMES,
    "interiors": INTERIORS,
    "papers": PAPERS,
    "shapes": SHAPE_NAMES,
    "algorithms": tuple(sorted(ALGORITHMS)),
    "endpoints": ENDPOINT_MODES,
    "per_page": GRID_SLOTS,
    "outlines": tuple(OUTLINES),
    # Each language by its own name, as a language picker shows it: "Nederlands", "Català".
    "languages": tuple((tag, _capitalised(locale(tag).get_display_name(tag) or tag)) for tag in LANGUAGES),
    "default_language": DEFAULT_LANGUAGE,
}

_templates = Environment(
    loader=PackageLoader("bookmaker.studio", "templates"),
    autoescape=select_autoescape(["html"]),
    keep_trailing_newline=True,
)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def output_pdf(config: Path) -> Path:
    """Where the studio's Build writes: output/<config name>.pdf beside the config."""
    return config.parent / "output" / f"{config.stem}.pdf"


@dataclass
class Studio:
    """One studio session: the folder it may touch, and the book it edits once chosen."""

    root: Path  # every file the studio reads or writes lies inside it
    config: Path | None = None
    pages: Pages | None = None
    builds: Builds | None = None

    def open(self, config: Path) -> None:
        self.root, self.config = config.resolve().parent, config.resolve()
        # Problems and build notes name the file as the CLI would when run here: relative to
        # the working folder when it lies inside it.
        named = (
            Path(os.path.relpath(self.config)) if Path.cwd().resolve() in self.config.parents else self.config
        )
        self.pages = Pages(named)
        self.builds = Builds(named, output_pdf(named))


def _error(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _json(request: Request) -> dict:
    body = await request.body()
    if len(body) > 4 * MAX_BYTES:
        raise Refused("the request is larger than any config")
    try:
        data = json.loads(body)
    except ValueError:
        raise Refused("the request is not JSON") from None
    if not isinstance(data, dict):
        raise Refused("the request is not a JSON object")
    return data


def _text(data: dict) -> str:
    text = data.get("text")
    if not isinstance(text, str):
        raise Refused("the request names no config text")
    return text


def make_app(studio: Studio, token: str, host: str, port: int) -> Guard:
    """The studio's ASGI app for a server at ``host``:``port``."""

    def book(request: Request) -> Studio:
        if studio.config is None:
            raise Refused("choose a book first")
        return studio

    async def index(request: Request) -> Response:
        if studio.config is None:
            page = _templates.get_template("start.html").render(
                examples=example_names(), folder=str(studio.root)
            )
            return HTMLResponse(page)
        data = studio.config.read_bytes()
        text = data.decode("utf-8-sig")
        page = _templates.get_template("index.html").render(
            config=studio.config.name,
            folder=str(studio.root),
            text=text,
            digest=digest(data),
            form=_form(text),
        )
        return HTMLResponse(page)

    async def start(request: Request) -> Response:
        data = await _json(request)
        example = data.get("example") or None
        name = str(data.get("path") or "").strip()
        if example is not None and example not in example_names():
            return _error(f"no example '{example}'")
        if not name.endswith((".yaml", ".yml")):
            return _error(f"{name or 'the file name'}: give a file name ending in .yaml, such as book.yaml")
        path = inside(studio.root, name)
        if path.exists():
            return _error(f"{name} already exists; choose another name, or open it: bookmaker studio {name}")
        write_config(path, example)
        studio.open(path)
        return JSONResponse({"ok": True})

    async def preview(request: Request) -> Response:
        pages = book(request).pages
        assert pages is not None
        text = _text(await _json(request))
        generation, problems = await _threaded(pages.update, text)
        return JSONResponse(
            {
                "problems": [problem.__dict__ for problem in problems],
                "generation": generation.number if generation else None,
                "pages": [
                    {"version": page.version, "label": page.label, "mazes": page.mazes}
                    for page in generation.pages
                ]
                if generation
                else None,
                "cover": bool(generation and generation.cover),
                "made": pages.made_last,
            }
        )

    async def picture(request: Request) -> Response:
        pages = book(request).pages
        assert pages is not None
        size = request.path_params["size"]
        if size not in ("thumb", "large"):
            return _error("size is thumb or large", 404)
        png = await _threaded(pages.picture, request.path_params["version"], size)
        if png is None:
            return _error("that page is no longer in the book", 404)
        return Response(png, media_type="image/png", headers={"cache-control": "private, max-age=3600"})

    async def cover(request: Request) -> Response:
        pages = book(request).pages
        assert pages is not None
        png = await _threaded(pages.cover, request.path_params["generation"])
        if png is None:
            return _error("no cover in that book", 404)
        return Response(png, media_type="image/png", headers={"cache-control": "private, max-age=3600"})

    async def maze(request: Request) -> Response:
        pages = book(request).pages
        assert pages is not None
        found = pages.maze(request.path_params["generation"], request.path_params["number"])
        if found is None:
            return _error("no such maze in that book", 404)
        return JSONResponse(found)

    async def edit(request: Request) -> Response:
        data = await _json(request)
        text, op = _text(data), data.get("op")
        if op == "set":
            value = data.get("value")
            if data.get("type") == "date":  # a date field's YYYY-MM-DD, written as a YAML date
                value = config_text.as_date(value)
            text = config_text.set_key(text, str(data.get("key")), value)
        elif op == "add-section":
            text = config_text.add_section(text)
        elif op == "remove-section":
            text = config_text.remove_section(text, _number(data.get("index")))
        elif op == "move-section":
            text = config_text.move_section(text, _number(data.get("index")), _number(data.get("to")))
        else:
            return _error(f"no edit '{op}'")
        return JSONResponse({"text": text})

    async def form(request: Request) -> Response:
        return HTMLResponse(_form(_text(await _json(request))))

    async def save(request: Request) -> Response:
        config = book(request).config
        assert config is not None
        data = await _json(request)
        text = _text(data)
        if len(text.encode("utf-8")) > MAX_BYTES:
            return _error(f"the config is larger than {MAX_BYTES // 1000} KB")
        on_disk = digest(config.read_bytes()) if config.exists() else None
        if on_disk != data.get("base") and not data.get("force"):
            return _error(
                f"{config.name} was changed on disk since this page loaded it; saving would "
                "overwrite that change",
                409,
                conflict=True,
            )
        encoded = text.encode("utf-8")
        write_atomic(config, encoded)
        return JSONResponse({"digest": digest(encoded)})

    async def upload(request: Request) -> Response:
        config = book(request).config
        assert config is not None
        async with request.form(max_files=1, max_fields=4, max_part_size=2 * MAX_BYTES) as form:
            upload = form.get("file")
            text, section = form.get("text"), form.get("section")
            if upload is None or isinstance(upload, str) or not isinstance(text, str):
                return _error("send a picture file and the config text")
            # One byte past the limit is enough to refuse it by its size.
            data = await upload.read(MAX_UPLOAD + 1)
            name = upload.filename or "mask"
        suffix = checked_picture(data, name)
        index = _number(section)
        target = _free_name(inside(config.parent, MASK_FOLDER), safe_name(name, suffix), data)
        relative = target.relative_to(config.parent).as_posix()
        changed = config_text.set_key(text, f"sections[{index}].mask", {"image": relative})
        if not target.exists():
            write_atomic(target, data)
        return JSONResponse({"text": changed, "file": relative})

    async def start_build(request: Request) -> Response:
        builds = book(request).builds
        assert builds is not None
        if not builds.start():
            return _error("a build is running; wait for it or cancel it", 409)
        return JSONResponse(builds.status.as_json())

    async def build_status(request: Request) -> Response:
        builds = book(request).builds
        assert builds is not None
        return JSONResponse(builds.status.as_json())

    async def cancel_build(request: Request) -> Response:
        builds = book(request).builds
        assert builds is not None
        return JSONResponse({"cancelled": builds.cancel()})

    async def download(request: Request) -> Response:
        builds = book(request).builds
        assert builds is not None
        name = request.path_params["name"]
        if name not in builds.status.files:
            return _error(f"{name}: not a file of the last build", 404)
        path = inside(builds.output.parent, name)
        return FileResponse(path, filename=name)

    routes = [
        Route("/", index),
        Route("/start", start, methods=["POST"]),
        Route("/preview", preview, methods=["POST"]),
        Route("/page/{version:int}/{size}", picture),
        Route("/cover/{generation:int}", cover),
        Route("/maze/{generation:int}/{number:int}", maze),
        Route("/edit", edit, methods=["POST"]),
        Route("/form", form, methods=["POST"]),
        Route("/save", save, methods=["POST"]),
        Route("/upload", upload, methods=["POST"]),
        Route("/build", start_build, methods=["POST"]),
        Route("/build", build_status, methods=["GET"]),
        Route("/build/cancel", cancel_build, methods=["POST"]),
        Route("/download/{name}", download),
        Mount("/static", StaticFiles(directory=str(files("bookmaker.studio") / "static")), name="static"),
    ]

    async def refused(request: Request, error: Exception) -> Response:
        return _error(str(error))

    app = Starlette(routes=routes, exception_handlers={BookmakerError: refused})
    return Guard(app, token, host, port)


def _form(text: str) -> str:
    try:
        values, problem = config_text.values(text), None
    except BookmakerError as error:
        values, problem = {}, str(error)
    return _templates.get_template("form.html").render(v=values, problem=problem, choices=CHOICES)


def _number(value: Any) -> int:
    """A section's position as a request gives it."""
    try:
        return int(str(value))
    except ValueError:
        raise Refused(f"'{value}' is not a section's position") from None


def _free_name(folder: Path, name: str, data: bytes) -> Path:
    """``folder/name``, or ``name-2`` and on if a different file has that name already; the
    same picture uploaded twice is one file."""
    stem, suffix = Path(name).stem, Path(name).suffix
    candidate, number = folder / name, 1
    while candidate.exists() and candidate.read_bytes() != data:
        number += 1
        candidate = folder / f"{stem}-{number}{suffix}"
    return candidate


async def _threaded(function, *args):
    return await run_in_threadpool(function, *args)
