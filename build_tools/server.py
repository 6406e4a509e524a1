"""Serving the built site: its MIME types and the cross-origin isolation headers that
Pyodide's interrupt buffer needs (``build.py serve``, the browser tests, the benches)."""

from __future__ import annotations

import functools
import http.server
from pathlib import Path

MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}

SERVE_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cache-Control": "no-cache",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site with its MIME types and, unless ``plain``, the cross-origin
    isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    plain = False

    def end_headers(self) -> None:
        """Adds the site headers to every response (only no-cache on a plain host)."""
        for name, value in SERVE_HEADERS.items():
            if not self.plain or name == "Cache-Control":
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        """Logs a request, unless the server was made quiet (tests, benchmarks)."""
        if not self.quiet:
            super().log_message(format, *args)

class QuietSiteHandler(SiteHandler):
    """A site handler that does not log requests."""

    quiet = True

def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, *,
                quiet: bool = True, plain: bool = False) -> http.server.ThreadingHTTPServer:
    """Returns an HTTP server for the folder root (port 0: a free port, see server_address);
    ``quiet`` leaves requests unlogged; ``plain`` sends no isolation headers, like a
    plain static host (the service worker then isolates the page itself)."""
    base = QuietSiteHandler if quiet else SiteHandler
    handler = type("Handler", (base,), {"plain": plain})
    return http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))
