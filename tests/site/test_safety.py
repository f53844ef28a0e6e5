"""The MyST templates escape every value unless it is marked Markdown; ids and attributes are checked and escaped."""

from __future__ import annotations

import pytest
from jinja2 import DictLoader

from rulepress.site import safety, sources
from rulepress.site.safety import Markdown
from rulepress.text.safety import html_lines

HOSTILE = "<script>x</script> {raw}`html <b>` [a](javascript:y) | *e* \"q'\n\nsecond"


def _render(template: str, **values) -> str:
    return safety.environment(DictLoader({"t": template})).get_template("t").render(**values)


def test_every_value_is_literal_markdown_on_one_line_unless_marked():
    out = _render("# {{ title }}\n{{ body }}", title=HOSTILE, body=Markdown("*written as Markdown*"))
    heading, body = out.split("\n")
    assert heading == "# " + safety.literal(HOSTILE)
    assert "\\<script\\>" in heading and "\\{raw\\}" in heading and "\\|" in heading and "\n" not in heading
    assert body == "*written as Markdown*"
    assert _render("{{ x|md }}", x=HOSTILE) == _render("{{ x }}", x=HOSTILE)  # the filter escapes once, not twice


def test_attributes_ids_and_marks():
    assert _render('<span title="{{ x|attr }}">', x=HOSTILE).count('"') == 2  # the value cannot leave the attribute
    assert "<script>" not in _render("{{ x|attr }}", x=HOSTILE)
    assert _render("({{ x|ref }})=", x="risk-amb-x") == "(risk-amb-x)="
    for bad in ("a b", "x)=\n<script>", "../etc", ""):
        with pytest.raises(ValueError):
            _render("{{ x|ref }}", x=bad)
    assert _render("{{ mark(x) }}", x="<b>") == ' <span class="rp-mark">&lt;b&gt;</span>'
    assert _render("{{ mark(x) }}", x="") == ""


def test_every_site_template_is_rendered_by_the_escaping_environment():
    env = sources.environment()
    assert env.finalize is safety.literal
    for name in env.list_templates():
        source = env.loader.get_source(env, name)[0]
        assert "|safe" not in source and "Markdown(" not in source, name  # no way around the escaping


@pytest.mark.parametrize(
    "text, line",
    [
        ("{raw}`html <b>x</b>`\n", 1),
        ("```{eval-rst}\n.. raw:: html\n```\n", 1),
        ("a\n\n```{include} /etc/passwd\n```\n", 3),
        ("a\n\n<!-- never closed\n\nmore\n", 3),
        ("<svg onload=x>\n", 1),
    ],
)
def test_rule_texts_refuse_raw_output_and_unsafe_directives_at_their_line(text, line):
    assert [found[0] for found in html_lines(text)] == [line]


def test_safe_directives_and_roles_pass():
    text = "{term}`a <b>` and [x](javascript:y)\n\n```{doctest} ex\n>>> 1\n1\n```\n\n```{note}\nn\n```\n"
    assert html_lines(text) == []
