"""A real HTTP server on 127.0.0.1, port 0 (each one another origin), whose
routes the fetch tests write: a route is a (status, headers, body) answer or
a function given the request handler. Counts requests per path and the most
handled at once."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable, Union

Answer = tuple[int, dict[str, str], bytes]
Route = Union[Answer, Callable[[http.server.BaseHTTPRequestHandler], None]]


class Server:
    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[str] = []
        self.user_agents: list[str | None] = []
        self.active = 0
        self.max_active = 0
        #: Set at shutdown: handlers that hang wait on it, so the server can stop.
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with server._lock:
                    server.requests.append(self.path)
                    server.user_agents.append(self.headers.get("User-Agent"))
                    server.active += 1
                    server.max_active = max(server.max_active, server.active)
                try:
                    route = server.routes.get(self.path, (404, {}, b"not found"))
                    if callable(route):
                        route(self)
                    else:
                        status, headers, body = route
                        self.send_response(status)
                        for name, value in headers.items():
                            self.send_header(name, value)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client stopped reading: what a capped fetch does
                finally:
                    with server._lock:
                        server.active -= 1

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def count(self, path: str) -> int:
        return self.requests.count(path)


@contextmanager
def serving() -> Iterator[Server]:
    server = Server()
    thread = threading.Thread(target=server.httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.stopping.set()
        server.httpd.shutdown()
        server.httpd.server_close()
