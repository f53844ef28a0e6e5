"""Reading a user's text file: UTF-8 with BOM and CRLF works; Latin-1, NUL bytes, size, links, folders are errors."""

import pytest

from rulepress.errors import ContentError
from rulepress.model.sourcefile import read_source


def problem(path, **kwargs):
    with pytest.raises(ContentError) as caught:
        read_source(path, "shown.yaml", **kwargs)
    p = caught.value.problem
    return p.line, p.col, p.message


def test_bom_and_crlf_become_plain_text(tmp_path):
    path = tmp_path / "a.md"
    path.write_bytes(b"\xef\xbb\xbf# Titel\r\nZeile \xc3\xa4\r\nalt\rmac\n")
    assert read_source(path) == "# Titel\nZeile ä\nalt\nmac\n"


def test_latin1_is_reported_at_its_line_and_column(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes("a: 1\nname: Größe\n".encode("latin-1"))
    assert problem(path) == (2, 9, "file is not UTF-8: byte 0xf6 cannot be decoded (save the file as UTF-8)")


def test_column_counts_characters_not_bytes(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes("name: äö".encode() + b"\xff\n")
    assert problem(path)[:2] == (1, 9)


def test_nul_byte_is_reported(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\nb: \x00\n")
    assert problem(path) == (2, 4, "file contains a NUL byte (is it a binary file?)")


def test_too_large_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"#" * 2000)
    assert problem(path, limit=1000) == (None, None, "file is too large (2000 bytes; at most 1000)")


def test_dangling_link_and_folder(tmp_path):
    (tmp_path / "link.yaml").symlink_to("gone.yaml")
    assert problem(tmp_path / "link.yaml")[2] == "is a dangling symbolic link (to gone.yaml)"
    (tmp_path / "dir.yaml").mkdir()
    assert problem(tmp_path / "dir.yaml")[2] == "is a folder, not a file"
