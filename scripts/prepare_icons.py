"""Copy the game-icons.net icons Rulepress uses into the repository, once (not at build time).

Source: the npm package ``@iconify-json/game-icons`` (icons by the game-icons.net
authors, CC BY 3.0). The script reads the package's ``icons.json`` and writes,
under ``templates/icons/game-icons/``:

- one ``<name>.svg`` per icon listed in ``ICONS`` below (512 x 512 view box,
  a single path, ``currentColor`` replaced by black: the colour is set where the
  icon is drawn);
- ``LICENSE.txt`` (CC BY 3.0 notice and attribution) and ``PROVENANCE.json``
  (package name and version, the author, the licence, and a SHA-256 per icon).

Run it again after adding a name to ICONS:

    npm pack @iconify-json/game-icons        # once, anywhere
    python scripts/prepare_icons.py iconify-json-game-icons-*.tgz

Rulepress reads only the copied SVG files; builds never touch the network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "templates" / "icons" / "game-icons"

# The icons the bundled games and the documentation use; a game may add its own SVGs in <game>/icons/.
ICONS = sorted(
    {
        "bank",
        "banknote",
        "bayonet",
        "cannon",
        "card-joker",
        "castle",
        "cavalry",
        "coins",
        "crossed-sabres",
        "crossed-swords",
        "crown",
        "dice-six-faces-six",
        "factory",
        "flying-flag",
        "hourglass",
        "house",
        "imperial-crown",
        "laurel-crown",
        "mailed-fist",
        "medal",
        "money-stack",
        "musket",
        "police-badge",
        "rally-the-troops",
        "scales",
        "scroll-unfurled",
        "shaking-hands",
        "shield",
        "stars-stack",
        "swordman",
        "two-coins",
        "village",
        "vote",
        "walking-boot",
        "world",
    }
)

LICENSE = """Icons in this folder: game-icons.net (https://game-icons.net), by Lorc, Delapouite and
contributors, licensed under Creative Commons Attribution 3.0 Unported (CC BY 3.0),
https://creativecommons.org/licenses/by/3.0/ . Taken from the npm package
@iconify-json/game-icons {version} (https://github.com/game-icons/icons); the only change
is the colour: currentColor became black, Rulepress recolours icons where it draws them.
Every Rulepress output that uses one of these icons carries this attribution.
"""


def read_package(tgz: Path) -> tuple[dict, dict]:
    """icons.json and package.json of the npm tarball."""
    with tarfile.open(tgz) as tar:
        icons = json.load(tar.extractfile("package/icons.json"))
        package = json.load(tar.extractfile("package/package.json"))
    return icons, package


def svg(body: str, width: int, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}">{body.replace("currentColor", "#000000")}</svg>\n'
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tarball", type=Path, help="the file `npm pack @iconify-json/game-icons` wrote")
    args = parser.parse_args(argv)
    data, package = read_package(args.tarball)
    missing = [name for name in ICONS if name not in data["icons"]]
    if missing:
        print(f"not in the package: {', '.join(missing)}", file=sys.stderr)
        return 2
    TARGET.mkdir(parents=True, exist_ok=True)
    for old in TARGET.glob("*.svg"):
        if old.stem not in ICONS:
            old.unlink()
    hashes = {}
    for name in ICONS:
        icon = data["icons"][name]
        text = svg(icon["body"], icon.get("width", data.get("width", 512)), icon.get("height", data.get("height", 512)))
        (TARGET / f"{name}.svg").write_text(text, encoding="utf-8")
        hashes[name] = hashlib.sha256(text.encode()).hexdigest()
    version = package["version"]
    (TARGET / "LICENSE.txt").write_text(LICENSE.format(version=version), encoding="utf-8")
    provenance = {
        "package": package["name"],
        "version": version,
        "author": "game-icons.net (Lorc, Delapouite and contributors)",
        "url": "https://game-icons.net",
        "license": "CC-BY-3.0",
        "icons": hashes,
    }
    (TARGET / "PROVENANCE.json").write_text(json.dumps(provenance, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(ICONS)} icons written to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
