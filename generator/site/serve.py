"""`rulepress serve`: build, serve the website on 127.0.0.1 and rebuild on every save.

The output folder's ``site/`` is served by Python's HTTP server; every HTML
page gets a tiny script that asks ``/__rulepress__/version`` once a second and
reloads the page when a rebuild has finished. Rebuilds are ordinary
incremental builds (`rulepress.build.build`), started by `watchfiles` when a
file of the content folder changes; a build error is printed and the last good
site stays up.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

RELOAD = (b"<script>(()=>{let v=null;setInterval(async()=>{try{const r=await fetch('/__rulepress__/version');"
          b"const t=await r.text();if(v!==null&&t!==v)location.reload();v=t;}catch(e){}},1000);})();</script>")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of the site, HTML with the reload script, and the version counter."""

    state: dict = {}

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/__rulepress__/version":
            body = str(self.state.get("version", 0)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            body = path.read_bytes().replace(b"</body>", RELOAD + b"</body>", 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def serve(options, host: str = "127.0.0.1", port: int = 8000, once: bool = False) -> int:
    """Build, serve `options.out`/site on host:port, rebuild on changes of `options.content`."""
    from watchfiles import watch

    from rulepress.build import build
    from rulepress.errors import RulepressError

    state = {"version": 0}

    def rebuild() -> None:
        try:
            result = build(options)
            state["version"] += 1
            print(f"built {len(result.built)} artifacts in {result.seconds:.2f} s", file=sys.stderr)
        except RulepressError as exc:
            for problem in exc.problems():
                print(str(problem), file=sys.stderr)

    rebuild()
    watcher = None if once else watch(options.content, debounce=300, raise_interrupt=False, yield_on_timeout=True,
                                      rust_timeout=500)
    if watcher is not None:
        next(watcher)  # the watcher is set up: every save from now on is seen
    handler = type("SiteHandler", (Handler,), {"state": state})
    httpd = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(Path(options.out) / "site")))
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
