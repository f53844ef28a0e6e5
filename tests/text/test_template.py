"""Sandboxed Jinja step of content Markdown: the percent filter, variables, located errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress.errors import ContentError
from rulepress.text.template import format_percent, render


@pytest.mark.parametrize(
    "value, lang, digits, shown",
    [
        (Fraction(2275, 7776), "de", 1, "29,3\u00a0%"),
        (Fraction(2275, 7776), "en", 1, "29.3%"),
        (Fraction(2275, 7776), "en", 2, "29.26%"),
        (0.4215, "de", 1, "42,2\u00a0%"),  # half up on the decimal the author wrote
        (Fraction(1, 8), "en", 1, "12.5%"),
        (Fraction(1, 8), "en", 0, "13%"),
        (1, "de", 1, "100,0\u00a0%"),
        (0, "en", 1, "0.0%"),
        (Fraction(-1, 3), "en", 1, "-33.3%"),
        (Fraction(-1, 10**6), "en", 1, "0.0%"),  # no "-0.0%"
        (Fraction(1, 8), "fr", 1, "12,5\u00a0%"),
    ],
)
def test_percent_rounds_half_up_in_the_page_language(value, lang, digits, shown):
    assert format_percent(value, lang, digits) == shown


def test_percent_refuses_what_is_not_a_number():
    with pytest.raises(TypeError):
        format_percent("42", "en")


def test_template_sees_its_variables_and_filter():
    text = "{{ lang }}: {% for n in [1, 2] %}{{ f(n) | percent }} {% endfor %}{{ odds | percent(2) }}"
    shown = render(text, "q.de.md", "de", {"f": lambda n: Fraction(1, n), "odds": Fraction(1, 3)})
    assert shown == "de: 100,0\u00a0% 50,0\u00a0% 33,33\u00a0%"


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("# Title\n\n{{ missing }}\n", 3, "'missing' is undefined"),
        ("ok\n{{ n.__class__ }}\n", 2, "unsafe"),
        ("ok\n\n{% for x in %}\n", 3, "syntax error"),
        ("ok\n{{ f(0) }}\n", 2, "ZeroDivisionError"),
    ],
)
def test_template_errors_name_file_and_line(text, line, words):
    with pytest.raises(ContentError) as err:
        render(text, "content/g/quickref.en.md", "en", {"n": 1, "f": lambda v: 1 / v})
    problem = err.value.problem
    assert (problem.path, problem.line) == ("content/g/quickref.en.md", line)
    assert words in problem.message
