"""`rulepress icons add NAME...`: copy game-icons.net icons from the npm package into a game, with their licence.

The icons come from the npm package ``@iconify-json/game-icons`` (the game-icons.net set, CC BY 3.0): the
command runs ``npm pack`` for the version the bundled icons come from (or reads a tarball given with
``--package``, for a machine without npm or network), and writes into ``<game>/icons/game-icons/``:

- one ``<name>.svg`` per icon (its view box, ``currentColor`` made black: the colour is set where it is drawn);
- ``LICENSE.txt``: the CC BY 3.0 notice and attribution of game-icons.net, which every output using one of
  these icons carries (the credits file, the sheets' PDF metadata);
- ``PROVENANCE.json``: the package, its version, author, licence and the SHA-256 of every icon.

The icons are then used as ``:name:`` and in `icon` elements like the bundled ones. SVGs drawn for the game
itself belong directly in ``<game>/icons/`` (with their own ``LICENSE.txt`` there naming their author): they
are never credited to game-icons.net. `scripts/prepare_icons.py` fills the bundled set with the same
functions. Builds never touch the network: only this command does, and only through npm.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

from rulepress import userfiles
from rulepress.errors import UsageError

PACKAGE = "@iconify-json/game-icons"
SET_FOLDER = "game-icons"  # below a game's icons/ folder
LICENSE = """Icons in this folder: game-icons.net (https://game-icons.net), by Lorc, Delapouite and
contributors, licensed under Creative Commons Attribution 3.0 Unported (CC BY 3.0),
https://creativecommons.org/licenses/by/3.0/ . Taken from the npm package
@iconify-json/game-icons {version} (https://github.com/game-icons/icons); the only change
is the colour: currentColor became black, Rulepress recolours icons where it draws them.
Every Rulepress output that uses one of these icons carries this attribution.
"""


def read_package(tgz: Path) -> tuple[dict, dict]:
    """icons.json and package.json of the npm tarball."""
    try:
        with tarfile.open(tgz) as tar:
            icons_file, package_file = tar.extractfile("package/icons.json"), tar.extractfile("package/package.json")
            if icons_file is None or package_file is None:
                raise KeyError("package/icons.json")
            return json.load(icons_file), json.load(package_file)
    except (OSError, KeyError, tarfile.TarError, json.JSONDecodeError) as exc:
        raise UsageError(f"{tgz}: not the npm package {PACKAGE} ({exc})") from None


def svg(body: str, width: int, height: int) -> str:
    """An icon's SVG file text: its body in its view box, drawn in black."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}">{body.replace("currentColor", "#000000")}</svg>\n'
    )


def unknown_names(names: list[str], data: dict) -> list[str]:
    """'name (did you mean ...?)' for every name the package does not have."""
    known = list(data["icons"]) + list(data.get("aliases", {}))
    result = []
    for name in names:
        if name not in data["icons"] and name not in data.get("aliases", {}):
            close = difflib.get_close_matches(name, known, n=3)
            result.append(f"{name} (did you mean {', '.join(close)}?)" if close else name)
    return result


def write_icon_set(target: Path, names: list[str], data: dict, package: dict, keep: bool = True) -> list[str]:
    """Write the icons `names` of the package into `target` with LICENSE.txt and PROVENANCE.json; icons
    already there stay (`keep`) or go. Every icon is checked as the build reads it first (`checked`): a bad
    one is a UsageError and nothing is written; the files are then written atomically, all or none
    (`rulepress.userfiles`). Returns the names written."""
    provenance_path = target / "PROVENANCE.json"
    hashes: dict[str, str] = {}
    if keep and provenance_path.is_file():
        hashes = dict(json.loads(provenance_path.read_text(encoding="utf-8")).get("icons", {}))
    aliases = data.get("aliases", {})
    files: dict[Path, bytes] = {}
    for name in names:
        source = aliases[name]["parent"] if name not in data["icons"] and name in aliases else name
        icon = data["icons"][source]
        text = svg(icon["body"], icon.get("width", data.get("width", 512)), icon.get("height", data.get("height", 512)))
        files[target / f"{name}.svg"] = checked(name, text, package)
        hashes[name] = hashlib.sha256(text.encode()).hexdigest()
    version = package["version"]
    files[target / "LICENSE.txt"] = LICENSE.format(version=version).encode("utf-8")
    provenance = {
        "package": package["name"],
        "version": version,
        "author": "game-icons.net (Lorc, Delapouite and contributors)",
        "url": "https://game-icons.net",
        "license": "CC-BY-3.0",
        "icons": dict(sorted(hashes.items())),
    }
    files[provenance_path] = (json.dumps(provenance, indent=2, sort_keys=True) + "\n").encode("utf-8")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise userfiles.write_error(exc, target, "nothing written") from None
    userfiles.replace_all(files)
    if not keep:
        for old in target.glob("*.svg"):
            if old.stem not in names:
                old.unlink()
    return names


def checked(name: str, text: str, package: dict) -> bytes:
    """The bytes of icon `name`'s SVG, when the build can read it (size, XML, path data, points; as
    `rulepress.text.iconfont` reads a game's icons); else a UsageError naming the icon and the package."""
    from rulepress.model.sourcefile import MAX_BYTES
    from rulepress.text.iconfont import IconError, svg_glyph

    data = text.encode("utf-8")
    where = f"icon {name} of {package.get('name', PACKAGE)} {package.get('version', '')}".rstrip()
    if len(data) > MAX_BYTES:
        raise UsageError(f"{where}: too large ({len(data)} bytes; at most {MAX_BYTES}); nothing written")
    try:
        svg_glyph(data)
    except IconError as exc:
        raise UsageError(f"{where}: {exc}; nothing written (the build could not use it)") from None
    return data


def bundled_version() -> str | None:
    """The package version the bundled icons were taken from."""
    from rulepress.paths import ICONS

    path = ICONS / SET_FOLDER / "PROVENANCE.json"
    return json.loads(path.read_text(encoding="utf-8")).get("version") if path.is_file() else None


def npm_pack(folder: Path) -> Path:
    """`npm pack` of the package (the bundled icons' version) into `folder`; the tarball's path."""
    version = bundled_version()
    spec = f"{PACKAGE}@{version}" if version else PACKAGE
    try:
        done = subprocess.run(
            ["npm", "pack", spec, "--pack-destination", str(folder), "--silent"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError(f"cannot run npm ({exc}); download {spec} with `npm pack` and pass --package FILE") from None
    if done.returncode != 0:
        message = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["npm failed"]
        raise UsageError(f"npm pack {spec}: {message[0]}; download it elsewhere and pass --package FILE")
    tarballs = sorted(folder.glob("*.tgz"))
    if not tarballs:
        raise UsageError(f"npm pack {spec} wrote no tarball")
    return tarballs[0]


def add(content: Path, game: str, names: list[str], package: Path | None = None) -> int:
    """Add the icons `names` to the game `game` of the content folder; 0, or UsageError."""
    import re

    folder = content / game
    if not (folder / "game.yaml").is_file():
        raise UsageError(f"{folder}: no game.yaml (give the game's id and --content)")
    bad = [n for n in names if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", n)]
    if bad:
        raise UsageError(f"not an icon name: {', '.join(bad)} (game-icons names are lower-case words joined by '-')")
    with tempfile.TemporaryDirectory() as tmp:
        data, meta = read_package(package if package is not None else npm_pack(Path(tmp)))
    missing = unknown_names(names, data)
    if missing:
        raise UsageError(f"not in {PACKAGE} {meta.get('version', '')}: {'; '.join(missing)}")
    target = folder / "icons" / SET_FOLDER
    written = write_icon_set(target, sorted(set(names)), data, meta)
    print(
        f"added {len(written)} icon(s) to {target}: {', '.join(written)} "
        f"(game-icons.net, CC BY 3.0: LICENSE.txt there; use them as :name: or in icon elements)"
    )
    return 0
