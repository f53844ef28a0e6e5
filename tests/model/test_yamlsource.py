"""YAML loading keeps line/column of every value and key, refuses unsafe tags and duplicate keys."""

from pathlib import Path

import pytest

from rulepress.errors import ContentError
from rulepress.model.yamlsource import load_yaml


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_positions_of_values_and_keys(tmp_path):
    data, pos = load_yaml(write(tmp_path, "a: 1\nb:\n  - x: 2\n    y: [1, 2]\n"))
    assert data == {"a": 1, "b": [{"x": 2, "y": [1, 2]}]}
    assert pos.locate(("a",)) == (1, 4)
    assert pos.locate(("a",), at_key=True) == (1, 1)
    assert pos.locate(("b", 0, "y", 1)) == (4, 12)
    assert pos.locate(("b", 0, "missing")) == (3, 5)  # falls back to the parent


def test_python_tags_are_refused(tmp_path):
    with pytest.raises(ContentError) as err:
        load_yaml(write(tmp_path, "a: !!python/object/apply:os.system ['true']\n"))
    assert err.value.problem.line == 1
    assert "unsupported YAML value" in str(err.value)


def test_duplicate_keys_are_errors(tmp_path):
    with pytest.raises(ContentError) as err:
        load_yaml(write(tmp_path, "a: 1\nb: 2\na: 3\n"))
    assert (err.value.problem.line, err.value.problem.key) == (3, "a")


def test_non_utf8_is_an_error(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a: \xff\n")
    with pytest.raises(ContentError, match="not UTF-8"):
        load_yaml(path)


def located(tmp_path, text):
    with pytest.raises(ContentError) as caught:
        load_yaml(write(tmp_path, text))
    p = caught.value.problem
    return p.line, p.col, p.message


def test_bom_and_crlf_keep_positions(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\r\nb:\r\n  c: \xc3\xa4\r\n")
    data, pos = load_yaml(path)
    assert data == {"a": 1, "b": {"c": "ä"}}
    assert pos.locate(("b", "c")) == (3, 6)


def test_unclosed_quote_is_reported_where_it_opens(tmp_path):
    assert located(tmp_path, 'a: 1\nb: "open\nc: 3\n')[:2] == (2, 4)
    line, col, message = located(tmp_path, 'a: 1\nb: "open\nc: "x"\n')
    assert (line, col) == (2, 4) and "closing quote missing" in message


def test_unclosed_bracket_at_the_end_is_reported_where_it_opens(tmp_path):
    assert located(tmp_path, "a: 1\nb: {c: 2\n") == (
        2,
        4,
        "invalid YAML: a { } mapping is opened here and never closed",
    )


def test_alias_bomb_is_bounded(tmp_path):
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 9)]
    assert "too many values" in located(tmp_path, "\n".join(lines) + "\n")[2]


def test_deep_nesting_is_bounded_without_recursion(tmp_path):
    assert located(tmp_path, "a: " + "[" * 100000 + "]" * 100000 + "\n")[2] == "nested more than 64 levels deep"


def test_a_parse_is_kept_but_every_caller_gets_its_own_copy_and_edits_are_parsed_again(tmp_path):
    from rulepress.model import yamlsource

    path = tmp_path / "a.yaml"
    path.write_text("a: {b: [1, 2]}\n", encoding="utf-8")
    first, positions = yamlsource.load_yaml(path)
    first["a"]["b"].append(3)  # a caller changing its data does not change the next caller's
    second, _ = yamlsource.load_yaml(path)
    assert second == {"a": {"b": [1, 2]}} and positions.locate(("a", "b", 1)) == (1, 12)
    path.write_text("a: {b: [5]}\n", encoding="utf-8")
    assert yamlsource.load_yaml(path)[0] == {"a": {"b": [5]}}
    path.write_text("a: [\n", encoding="utf-8")
    for _ in range(2):  # a problem is reported every time
        with pytest.raises(ContentError):
            yamlsource.load_yaml(path)
