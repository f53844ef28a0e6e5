"""Edit-rebuild benchmark of the website: one line of one rules file changed, then `rulepress build`.

Copies the bundled games to a temporary folder, builds everything once (not
timed), then edits one paragraph of ``risk/rules.de.md`` (and, separately, one
glossary definition) and times the incremental rebuild. Prints the figures;
the issue's target is under 2 s on a 2-core machine.

    .venv/bin/python benchmarks/site_edit.py
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from rulepress import paths
from rulepress.build import BuildOptions, build


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="rulepress-bench-") as tmp:
        content, out = Path(tmp) / "content", Path(tmp) / "out"
        shutil.copytree(paths.BUNDLED_CONTENT, content)
        options = BuildOptions(content=content, out=out)
        start = time.perf_counter()
        build(options)
        print(f"first build: {time.perf_counter() - start:.2f} s (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        edits = [("rules.de.md, one paragraph", content / "risk" / "rules.de.md", "Eingetauschte Karten", "Abgegebene Karten"),
                 ("glossary.yaml, one definition", content / "risk" / "glossary.yaml", "Eine Spielfigur;", "Eine Figur;")]
        for label, path, old, new in edits:
            text = path.read_text(encoding="utf-8")
            assert old in text, (label, old)
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
            start, cpu = time.perf_counter(), time.process_time()
            result = build(options)
            print(f"edit of {label}: {time.perf_counter() - start:.2f} s wall "
                  f"(main process CPU {time.process_time() - cpu:.2f} s), rebuilt {', '.join(result.built)}")
        start = time.perf_counter()
        result = build(options)
        print(f"no-op build: {time.perf_counter() - start:.2f} s ({len(result.built)} rebuilt)")


if __name__ == "__main__":
    main()
