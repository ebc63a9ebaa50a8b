"""Folio's web server: Streamlit's `st.App` with what page scripts cannot do themselves.

`streamlit run app.py` finds the `st.App` that app.py builds with `app_options()` and
serves it; every browser session still runs app.py as its page script. On top of
Streamlit's own server this adds:

- **warm-up at server start** (`warm_up`, run from the lifespan in a thread; on this
  machine without a password only): the library opens, the embedder encodes a query and
  every store answers one question, so the first question does not pay for it;
- **no 404s on deep links**: opened at `/Library`, Streamlit's page first asks
  `/Library/_stcore/health` and `/Library/_stcore/host-config` (404, logged as console
  errors) before it tries the server root. Each HTML page gets
  `window.__streamlit.BACKEND_BASE_URL`, the server root, so it asks there at once;
- **page paths in any case**: `/library` redirects to `/Library` (it opened "Page not found").

Example:
    >>> canonical_path("/library/"), canonical_path("/Graph"), canonical_path("/_stcore/health")
    ('/Library', None, None)
"""
from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from contextlib import asynccontextmanager

PAGE_PATHS = ("Library", "Compare", "Graph", "Evaluate")  # app.py's st.Page url_path values
_CANONICAL = {p.lower(): p for p in PAGE_PATHS}
_LOG = logging.getLogger("folio.serving")
WARM_LINE = "Folio: library opened and warmed at server start"  # in the server's output


def canonical_path(path: str) -> str | None:
    """The page path `path` stands for when it differs only in case or a trailing slash."""
    name = path.strip("/")
    want = _CANONICAL.get(name.lower())
    return None if want is None or f"/{want}" == path else f"/{want}"


def base_script(base_url_path: str) -> bytes:
    """The inline script that points Streamlit's page at the server root (see module doc)."""
    base = "/" + base_url_path.strip("/") + "/" if base_url_path.strip("/") else "/"
    return (b"<script>window.__streamlit = Object.assign({BACKEND_BASE_URL: location.origin + "
            + json.dumps(base).encode() + b"}, window.__streamlit || {});</script>")


class FolioPaths:
    """ASGI middleware: page paths in any case, and the base-URL script in every HTML page."""

    def __init__(self, app, base_url_path: str = ""):
        self.app = app
        self.script = base_script(base_url_path)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        target = canonical_path(scope["path"])
        if target is not None:
            query = scope.get("query_string", b"")
            location = target.encode() + (b"?" + query if query else b"")
            await send({"type": "http.response.start", "status": 308, "headers": [(b"location", location)]})
            return await send({"type": "http.response.body", "body": b""})
        if not _is_page(scope["path"]):
            return await self.app(scope, receive, send)
        # a page's HTML is served uncompressed (a few kB) so the script can be put in it
        headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"accept-encoding"]
        await self.app({**scope, "headers": headers}, receive, _HtmlInjector(send, self.script))


def _is_page(path: str) -> bool:
    """A request for an app page (the HTML), not an asset or a Streamlit endpoint."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    return "." not in last and "/_stcore" not in path and not path.startswith(("/static/", "/media/", "/component"))


class _HtmlInjector:
    """Wraps `send`: an HTML response is buffered and gets `script` right after <head>."""

    def __init__(self, send, script: bytes):
        self.send, self.script = send, script
        self.start: dict | None = None
        self.body: list[bytes] = []

    async def __call__(self, message):
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers", []))
            if not headers.get(b"content-type", b"").startswith(b"text/html"):
                return await self.send(message)
            self.start = message
            return None
        if self.start is None or message["type"] != "http.response.body":
            return await self.send(message)
        self.body.append(message.get("body", b""))
        if message.get("more_body"):
            return None
        html = b"".join(self.body).replace(b"<head>", b"<head>" + self.script, 1)
        headers = [(k, v) for k, v in self.start.get("headers", []) if k.lower() != b"content-length"]
        await self.send({**self.start, "headers": headers + [(b"content-length", str(len(html)).encode())]})
        await self.send({"type": "http.response.body", "body": html})


def warm_up() -> None:
    """Open the library and answer one question through each store, once per server.

    Only when the app serves this machine without a password: behind a password (or refused
    on a network) nothing is opened before someone has logged in; the first page after the
    login warms it then."""
    from streamlit import config

    from core.ui import resources
    from core.ui.auth import PASSWORD_ENV, refusal

    password = os.environ.get(PASSWORD_ENV, "")
    if password or refusal(config.get_option("server.address"), password, None):
        return
    start = time.perf_counter()
    try:
        resources.warm_library(resources.data_dir())
        print(f"{WARM_LINE} in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    except Exception:  # noqa: BLE001 - e.g. a library that cannot open: the first page says why
        _LOG.exception("warm-up failed; the first page opens the library instead")


@asynccontextmanager
async def lifespan(_app):
    """Start the warm-up when the server starts; the server listens meanwhile."""
    threading.Thread(target=warm_up, name="folio-warm-up", daemon=True).start()
    yield None


def app_options() -> dict:
    """Keyword arguments of app.py's `st.App`: the lifespan and the middleware above."""
    from starlette.middleware import Middleware
    from streamlit import config

    return {"lifespan": lifespan,
            "middleware": [Middleware(FolioPaths, base_url_path=config.get_option("server.baseUrlPath") or "")]}
