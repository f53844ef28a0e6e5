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

Rulepress reads only the copied SVG files; builds never touch the network. A game adds more
icons of the set with `rulepress icons add NAME...` (the same functions, rulepress.commands.icons).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulepress.commands.icons import read_package, write_icon_set

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tarball", type=Path, help="the file `npm pack @iconify-json/game-icons` wrote")
    args = parser.parse_args(argv)
    data, package = read_package(args.tarball)
    missing = [name for name in ICONS if name not in data["icons"]]
    if missing:
        print(f"not in the package: {', '.join(missing)}", file=sys.stderr)
        return 2
    write_icon_set(TARGET, ICONS, data, package, keep=False)
    print(f"{len(ICONS)} icons written to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
