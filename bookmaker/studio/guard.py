"""What keeps the studio the user's own: the session token, the Host and Origin checks,
file names kept inside the book's folder, and uploaded pictures checked by their content.

- Every request carries the token the studio printed: in the URL the first time, then in
  a cookie the studio sets (HttpOnly, SameSite=Strict). Without it: 403.
- The Host header must name the studio's own address, so a web page whose name was made
  to point at 127.0.0.1 (DNS rebinding) gets 403; an Origin header, which browsers send
  with every cross-site request and every POST, must be the studio's own too.
"""

from __future__ import annotations

import hmac
import io
import ipaddress
import re
import warnings
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qs

from PIL import Image

from ..errors import BookmakerError

COOKIE = "bookmaker_studio"
MAX_UPLOAD = 10 * 1000 * 1000  # bytes
MAX_PIXELS = 40 * 1000 * 1000
PICTURES = {"PNG": ".png", "JPEG": ".jpg", "GIF": ".gif"}  # what a mask may be, by content
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class Refused(BookmakerError):
    """An upload or a file name the studio will not take: the message says why."""


LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY_ADDRESS = ("0.0.0.0", "::")


def own_host(value: str, host: str, port: int) -> bool:
    """Whether a request's Host header names the studio listening on ``host``:``port``.
    On every address (``--host 0.0.0.0``) the studio cannot know the names it is reached
    by, so it takes addresses typed as numbers, never a name: DNS rebinding needs a name."""
    name, _, given_port = value.rpartition(":")
    name = name.removeprefix("[").removesuffix("]")
    if given_port != str(port):
        return False
    if host in LOOPBACK:
        return name in LOOPBACK
    if host in EVERY_ADDRESS:
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name == "localhost"
        return True
    return name == host


class Guard:
    """ASGI middleware: 403 for a request without the token or from another site."""

    def __init__(self, app, token: str, host: str, port: int):
        self.app, self.token = app, token
        self.host, self.port = host, port

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        from_url = query.get("token", [""])[0]
        cookie = SimpleCookie(headers.get("cookie", ""))
        from_cookie = cookie[COOKIE].value if COOKIE in cookie else ""
        why = None
        host = headers.get("host", "")
        if not own_host(host, self.host, self.port):
            why = "this address is not the studio's own"
        elif "origin" in headers and headers["origin"] != f"http://{host}":
            why = "requests from other sites are refused"
        elif not (self._is_token(from_url) or self._is_token(from_cookie)):
            why = "open the address bookmaker studio printed, with its token"
        if why:
            body = f"403 Forbidden: {why}\n".encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return None
        if not self._is_token(from_url):
            return await self.app(scope, receive, send)

        async def with_cookie(message):
            if message["type"] == "http.response.start":
                value = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", value.encode())],
                }
            await send(message)

        return await self.app(scope, receive, with_cookie)

    def _is_token(self, value: str) -> bool:
        return bool(value) and hmac.compare_digest(value.encode(), self.token.encode())


def inside(folder: Path, name: str) -> Path:
    """``folder / name`` if it stays inside ``folder``; Refused otherwise."""
    base = folder.resolve()
    path = (base / name).resolve()
    if path == base or base not in path.parents:
        raise Refused(f"{name}: not a file inside {folder}")
    return path


def safe_name(name: str, suffix: str) -> str:
    """An uploaded file's name, reduced to letters, digits, dots, dashes and underscores,
    its folders dropped (no ``../``), with the suffix its content calls for."""
    stem = Path(name.replace("\\", "/").rsplit("/", 1)[-1]).stem
    stem = _UNSAFE.sub("-", stem).strip(".-_") or "mask"
    return f"{stem[:60]}{suffix}"


def checked_picture(data: bytes, name: str) -> str:
    """The suffix for an uploaded mask picture, after checking that it is one: PNG, JPEG or
    GIF by its content (whatever its name says), at most 10 MB and 40 megapixels."""
    if len(data) > MAX_UPLOAD:
        raise Refused(
            f"{name}: {len(data) / 1e6:.1f} MB; a mask picture may be at most {MAX_UPLOAD // 10**6} MB"
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            kind, (width, height) = image.format, image.size
            if width * height > MAX_PIXELS:
                raise Refused(
                    f"{name}: {width} x {height} pixels; a mask picture may have at most "
                    f"{MAX_PIXELS // 10**6} million"
                )
            if kind not in PICTURES:
                raise Refused(f"{name}: a {kind} picture; a mask must be PNG, JPEG or GIF")
            image.verify()
    except Refused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused(f"{name}: too many pixels for a mask picture") from None
    except Exception:  # PIL raises many kinds for a file that is no picture
        raise Refused(f"{name}: not a PNG, JPEG or GIF picture") from None
    return PICTURES[kind]
