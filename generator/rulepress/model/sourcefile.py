"""Reading a user's text file (YAML, Markdown): bounded, UTF-8, one kind of line ending.

`read_source(path, shown)` is the only way content text enters Rulepress. It
refuses what would otherwise surface as a traceback or as garbage later:

- a dangling symbolic link, a folder where a file is due, an unreadable file;
- a file larger than `MAX_BYTES` (content files are small; this bounds memory);
- bytes that are not UTF-8 (Latin-1, binary) and NUL bytes, at the line and
  column of the first offending byte.

A UTF-8 byte-order mark is dropped and CRLF/CR line endings become LF, so files
saved by Windows editors work like any other. Every refusal is a ContentError
``path[:line:col]: message``.
"""

from __future__ import annotations

from pathlib import Path

from rulepress.errors import ContentError

MAX_BYTES = 4 * 1024 * 1024  # 4 MiB: the largest bundled file is under 100 kB


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset`."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def read_bytes(path: Path, shown: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a user's file, with one-line errors for links, folders, size and access."""
    if path.is_symlink() and not path.exists():
        raise ContentError(shown, f"is a dangling symbolic link (to {path.readlink()})")
    if path.is_dir():
        raise ContentError(shown, "is a folder, not a file")
    try:
        size = path.stat().st_size
        if size > limit:
            raise ContentError(shown, f"file is too large ({size} bytes; at most {limit})")
        return path.read_bytes()
    except OSError as exc:
        raise ContentError(shown, f"cannot be read: {exc.strerror or exc}") from None


def decode(data: bytes, shown: str) -> str:
    """UTF-8 text without BOM and with LF line endings; ContentError at the first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\0")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if 0 <= nul < exc.start:
            pass  # a NUL byte comes first: reported below
        else:
            line, col = _position(data, exc.start)
            raise ContentError(
                shown,
                f"file is not UTF-8: byte 0x{data[exc.start]:02x} cannot be decoded (save the file as UTF-8)",
                line,
                col,
            ) from None
    if nul >= 0:
        line, col = _position(data, nul)
        raise ContentError(shown, "file contains a NUL byte (is it a binary file?)", line, col)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_source(path: Path, shown: str | None = None, limit: int = MAX_BYTES) -> str:
    """Read a user's text file as described in the module docstring."""
    shown = shown or str(path)
    return decode(read_bytes(path, shown, limit), shown)


def display_path(path: Path | str) -> str:
    """A path as shown in messages: relative to the working directory when possible.
    A symbolic link is shown by its own name, not its target's."""
    path = Path(path)
    try:
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def inside(folder: Path, relative: str) -> Path | None:
    """`folder/relative` if it stays inside `folder`, else None (no escaping with .. or links)."""
    target = (folder / relative).resolve()
    root = folder.resolve()
    if target == root or root in target.parents:
        return Path(folder).absolute() / relative
    return None
