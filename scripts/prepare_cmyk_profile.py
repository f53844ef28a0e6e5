"""Make the CMYK output profile of the PDF/X print-shop files, once (not at build time).

No Debian package ships a ready CMYK printer profile under a free licence, but ``icc-profiles-free``
ships the FOGRA39L characterisation data (``FOGRA39L.ti3``: measured CMYK patches of offset printing on
coated paper, ISO 12647-2; by Kai-Uwe Behrmann, zlib licence). ArgyllCMS's ``colprof`` (Debian package
``argyll``) turns it into an ICC profile. The script:

1. downloads both packages with ``apt-get download`` (no install) into a scratch folder and unpacks them;
2. runs ``colprof -qm -kr -l300`` (medium quality, black generation "r", total ink limit 300 %) on the data;
3. writes ``templates/color/FOGRA39L-coated.icc`` and ``templates/color/PROVENANCE.json`` (package
   versions, the command, SHA-256 of the data and of the profile) next to ``LICENSE.txt``.

    python scripts/prepare_cmyk_profile.py

Argyll's profiles are not bit-identical across versions; the committed file is the one builds use.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "templates" / "color"
PROFILE = "FOGRA39L-coated.icc"
DESCRIPTION = "Coated FOGRA39L (Rulepress: ArgyllCMS colprof from icc-profiles-free data)"
COPYRIGHT = "Data: Kai-Uwe Behrmann, zlib licence (icc-profiles-free); profile made by Rulepress with ArgyllCMS"


def _run(*command: str, cwd: Path) -> str:
    return subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True).stdout


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        versions = {}
        for package in ("icc-profiles-free", "argyll"):
            _run("apt-get", "download", package, cwd=scratch)
            deb = next(scratch.glob(f"{package}_*.deb"))
            versions[package] = deb.name.split("_")[1]
            _run("dpkg-deb", "-x", deb.name, "root", cwd=scratch)
        data = scratch / "root" / "usr" / "share" / "color" / "icc" / "FOGRA39L.ti3"
        work = scratch / "work"
        work.mkdir()
        (work / "FOGRA39L.ti3").write_bytes(data.read_bytes())
        colprof = str(scratch / "root" / "usr" / "bin" / "colprof")
        command = [colprof, "-qm", "-kr", "-l300", "-A", "Rulepress", "-D", DESCRIPTION, "-C", COPYRIGHT, "FOGRA39L"]
        _run(*command, cwd=work)
        TARGET.mkdir(parents=True, exist_ok=True)
        (TARGET / PROFILE).write_bytes((work / "FOGRA39L.icc").read_bytes())
        provenance = {
            "profile": PROFILE,
            "sha256": _sha256(TARGET / PROFILE),
            "data": "FOGRA39L.ti3 from the Debian package icc-profiles-free",
            "data_sha256": _sha256(data),
            "data_licence": "zlib (Copyright Kai-Uwe Behrmann)",
            "packages": versions,
            "command": ["colprof", *command[1:]],
        }
        (TARGET / "PROVENANCE.json").write_text(json.dumps(provenance, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {TARGET / PROFILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
