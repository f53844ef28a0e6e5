"""`rulepress serve`: build, serve the website on 127.0.0.1 and rebuild on every save.

The output folder's ``site/`` is served by Python's HTTP server; every HTML
page gets a tiny script that waits on ``/__rulepress__/wait?v=<version>`` (a
long poll: the answer comes the moment a rebuild has finished, or after
`WAIT` seconds) and reloads the page when the version changed;
``/__rulepress__/version`` answers at once. Rebuilds are ordinary incremental
builds (`rulepress.build.build`, the same fast path as ``rulepress build``),
started by `watchfiles` when a file of the content folder changes; a build
error is printed and the last good site stays up. After the first build the
libraries a site rebuild needs are imported, so the first save is as fast as
the next ones (the build's worker processes inherit them).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

WAIT = 25  # seconds a long poll is held open
RELOAD = (
    b"<script>(async()=>{let v='';for(;;){try{const r=await fetch('/__rulepress__/wait?v='+v,{cache:'no-store'});"
    b"const t=await r.text();if(v!==''&&t!==v){location.reload();return;}v=t;}"
    b"catch(e){await new Promise(d=>setTimeout(d,1000));}}})();</script>"
)


class Versions:
    """The number of finished rebuilds, and a way to wait for the next one."""

    def __init__(self):
        self.version = 0
        self.changed = threading.Condition()

    def bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait(self, seen: str, timeout: float = WAIT) -> int:
        """The version once it differs from `seen` (at once if `seen` is empty or differs), or after `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: str(self.version) != seen, timeout=timeout if seen else 0)
            return self.version


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of the site, HTML with the reload script, and the version counter."""

    versions: Versions = Versions()

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path in ("/__rulepress__/version", "/__rulepress__/wait"):
            seen = parse_qs(url.query).get("v", [""])[0] if url.path.endswith("wait") else ""
            try:
                self._send(str(self.versions.wait(seen)).encode(), "text/plain")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page was left (or reloaded) while it waited
            return
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            self._send(path.read_bytes().replace(b"</body>", RELOAD + b"</body>", 1), "text/html; charset=utf-8")
            return
        super().do_GET()

    def _send(self, body: bytes, content_type: str) -> None:
        """One uncached 200 answer."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def warm_up() -> None:
    """Import what a rebuild of the site and the reports needs (see the module docstring)."""
    from rulepress.check import analyse  # noqa: F401 (imported now: the first rebuild's analysis needs it)
    from rulepress.site import sphinx_run

    sphinx_run.preload()


def serve(options, host: str = "127.0.0.1", port: int = 8000, once: bool = False) -> int:
    """Build, serve `options.out`/site on host:port, rebuild on changes of `options.content`."""
    from watchfiles import watch

    from rulepress.analysis import failure_lines
    from rulepress.build import build
    from rulepress.errors import RulepressError, UsageError

    versions = Versions()

    def rebuild() -> None:
        try:
            result = build(options)
            versions.bump()
            print(f"built {len(result.built)} artifacts in {result.seconds:.2f} s", file=sys.stderr)
            if result.analysis is not None and "site" in options.kinds:
                for line in failure_lines(result.analysis.example_failures(result.contents)):
                    print(line, file=sys.stderr)
        except RulepressError as exc:
            for problem in exc.problems():
                print(str(problem), file=sys.stderr)

    handler = type("SiteHandler", (Handler,), {"versions": versions})
    try:  # the address first: a port in use is said at once, before a build
        httpd = http.server.ThreadingHTTPServer(
            (host, port), functools.partial(handler, directory=str(Path(options.out) / "site"))
        )
    except OSError as exc:
        raise UsageError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    try:
        rebuild()
    except BaseException:
        httpd.server_close()
        raise
    watcher = (
        None
        if once
        else watch(options.content, debounce=300, raise_interrupt=False, yield_on_timeout=True, rust_timeout=500)
    )
    if watcher is not None:
        next(watcher)  # the watcher is set up: every save from now on is seen
        warm_up()
    print(f"serving http://{host}:{httpd.server_address[1]}/ (Ctrl-C to stop)", file=sys.stderr)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        for changes in watcher or ():
            if changes:
                rebuild()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return 0
