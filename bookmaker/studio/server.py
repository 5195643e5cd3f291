"""Starting the studio: a free port on 127.0.0.1, the address with its token, and uvicorn
serving until Ctrl-C."""

from __future__ import annotations

import secrets
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

import uvicorn

from ..errors import BookmakerError
from .app import Studio, make_app
from .guard import LOOPBACK


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: a free port the system picks)."""
    try:
        sock = socket.create_server((host, port))
    except OSError as error:
        raise BookmakerError(
            f"--host {host} --port {port}: cannot listen there ({error.strerror or error})"
        ) from None
    return sock


def studio_server(
    studio: Studio, host: str = "127.0.0.1", port: int = 0
) -> tuple[uvicorn.Server, socket.socket, str]:
    """A uvicorn server for ``studio``, its listening socket, and the address with its token;
    ``server.run(sockets=[sock])`` serves."""
    sock = listening_socket(host, port)
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    config = uvicorn.Config(make_app(studio, token, host, port), log_level="warning", lifespan="off")
    return uvicorn.Server(config), sock, f"http://{host}:{port}/?token={token}"


def serve(
    config: Path | None,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve the studio for ``config`` (None: offer the samples and a blank book, saved in
    the working folder) until interrupted."""
    if config is not None and not config.is_file():
        raise BookmakerError(f"{config}: no such file; bookmaker studio without CONFIG offers the samples")
    studio = Studio(root=Path.cwd().resolve())
    if config is not None:
        studio.open(config)
    server, sock, url = studio_server(studio, host, port)
    if host not in LOOPBACK:
        say(
            f"bookmaker studio: warning: listening on {host}, not only this computer; anyone who "
            "can reach it and has the address below can edit and build the book"
        )
    say(f"bookmaker studio: {url}")
    say("bookmaker studio: press Ctrl-C to stop")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    server.run(sockets=[sock])
