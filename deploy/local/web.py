"""The web app for ``make run``: a small static server for clients/web, behind Envoy.

Envoy sends the page's ``GET`` and ``HEAD`` requests here and everything else (gRPC and
gRPC-Web calls are ``POST``) to the replicas, so the page and the API share one origin: the
page calls the address it was loaded from, with no CORS and no ``?envoy=`` needed.

Only the built files are served (index.html, style.css, build/app.js and its source map);
``python tools/web.py --build`` (part of ``make run``'s install) builds them with Node.
"""

from __future__ import annotations

import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB_ROOT = ROOT / "clients" / "web"
APP = WEB_ROOT / "build" / "app.js"

FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/build/app.js": ("build/app.js", "text/javascript; charset=utf-8"),
    "/build/app.js.map": ("build/app.js.map", "application/json"),
}
"""URL path -> (file under clients/web, content type): nothing else is served."""


def web_built() -> bool:
    """Whether the app is built (clients/web/build/app.js exists)."""
    return APP.exists()


class _Handler(BaseHTTPRequestHandler):
    server_version = "cercle-web"

    def _send(self, body: bool) -> None:
        path = self.path.split("?", 1)[0]
        entry = FILES.get(path)
        if entry is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        try:
            data = (WEB_ROOT / entry[0]).read_bytes()
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "not built: python tools/web.py --build")
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("content-type", entry[1])
        self.send_header("content-length", str(len(data)))
        self.send_header("cache-control", "no-cache")
        self.send_header("x-content-type-options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def do_GET(self) -> None:
        self._send(body=True)

    def do_HEAD(self) -> None:
        self._send(body=False)

    def log_message(self, format: str, *args: object) -> None:
        return  # quiet: make run prints its own lines


class WebServer:
    """The static server on 127.0.0.1 (a free port), in a daemon thread."""

    def __init__(self, port: int = 0) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(target=self._server.serve_forever, name="web", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._server.server_close()


def envoy_route() -> str:
    """The route sending GET and HEAD to the web server (before the catch-all gRPC route)."""
    return """                        - match:
                            prefix: "/"
                            headers:
                              - name: ":method"
                                string_match: { safe_regex: { regex: "GET|HEAD" } }
                          route: { cluster: cercle_web }
"""


def envoy_cluster(port: int) -> str:
    """The upstream cluster of the web server."""
    return f"""    - name: cercle_web
      type: STATIC
      connect_timeout: 1s
      load_assignment:
        cluster_name: cercle_web
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address: {{ address: 127.0.0.1, port_value: {port} }}
"""


def with_web(config: str, port: int) -> str:
    """Envoy's rendered config with the web app's route and cluster added."""
    anchor = "                      routes:\n"
    if anchor not in config:
        raise ValueError("the Envoy template has no routes list where expected")
    config = config.replace(anchor, anchor + envoy_route(), 1)
    return config.rstrip("\n") + "\n" + envoy_cluster(port)
