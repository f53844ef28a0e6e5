"""An artifact: one output file (or folder) of a build, what it depends on and how it is written.

Renderers plan artifacts (`rulepress.render`) and say which download bundle each belongs to (read by
the website's downloads pages, `rulepress.site.downloads`), the build writes them (`rulepress.build`) and the incremental
build compares their inputs (`rulepress.incremental`); the type lives below all three.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(kw_only=True)
class Artifact:
    """One output file (or folder) of a build."""

    game: str | None
    kind: str  # cards, tiles, tokens, money, board, quickref, png, tts, site, ...
    path: str  # relative to the output folder, with '/' separators
    inputs: object  # JSON-serialisable: everything the output depends on
    # None for a stand-in that is not written (an artifact of a reused plan, an earlier build's output shown on the site)
    write: Callable[[Path], dict | None] | None  # writes to the given temporary path; may return {"pages": n}
    lang: str | None = None
    paper: str | None = None
    directory: bool = False
    # paths of artifacts that must be built first: the earlier outputs `write` may read in the staging area it is given
    # as the output folder (the build links them there); anything else it reads from the output folder itself
    after: tuple[str, ...] = field(default_factory=tuple)
    # called once in the build's own process before worker processes are forked (e.g. importing
    # the libraries `write` needs, so that each worker inherits them instead of importing them again)
    prepare: Callable[[], None] | None = None
    key: str | None = None  # the digest of `inputs` (computed when first asked, or given for a reused artifact)
    # the parts of its games' analysis `write` reads (`rulepress.analysis.PARTS`): the build computes them
    # before it starts writing, once for every artifact that needs them
    needs: tuple[str, ...] = ()
    # the download bundles it belongs to (`rulepress.site.downloads.BUNDLES`): "play" (the print-and-play set
    # of its paper), "quickref", "shop", "board", "digital", "credits"; none: offered under "other"
    bundles: tuple[str, ...] = ()
    # inputs known only once the artifacts it comes `after` are written: called in the build's own process with the
    # folder the build writes in, just before it would be written (the website's pages show the sizes and page
    # counts of the files they link, not their bytes). With `inputs` unchanged, an artifact whose settled inputs
    # are also those of its last build is not written again, whatever the artifacts it comes after changed.
    settle: Callable[[Path], object] | None = None

    def digest(self) -> str:
        """SHA-256 of `inputs` (as sorted JSON); computed once."""
        if self.key is None:
            blob = json.dumps(self.inputs, sort_keys=True, default=str, ensure_ascii=False)
            self.key = hashlib.sha256(blob.encode()).hexdigest()
        return self.key

    def settled_digest(self, out: Path) -> str | None:
        """SHA-256 of the inputs `settle` finds in `out` (None for an artifact without late inputs)."""
        if self.settle is None:
            return None
        blob = json.dumps(self.settle(out), sort_keys=True, default=str, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()
