"""Rewrite one game's rule text (MyST Markdown) for the Sphinx website.

The rule text is kept as written; only what Sphinx needs changes:

- every heading gets its section number and a label ``<game>-<id>`` (labels
  are global in Sphinx, rule ids repeat across games), so the anchor is the
  same in both languages; headings move one level down below the page title;
- a hidden index entry with the rule id (searching ``trade-in`` finds the
  rule); the page's extra search words go into its keywords meta tag
  (see `rulepress.site.search`);
- glossary references ``{term}`text <term-id>` `` point at the glossary
  term in the page's language;
- ``{doctest} example-id`` blocks become example boxes with their check mark.

Pure: strings and model objects in, a string out.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from rulepress.model.rules_text import TERM_REF, RuleText, Section
from rulepress.site import search

FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(\{[a-z-]+\})?\s*(.*)$")


@dataclass(frozen=True)
class ExampleMark:
    """How an example is marked: 'verified', 'failed' or 'unchecked'."""

    state: str
    label: str  # the shown mark, in the page's language


def anchor(game_id: str, section_id: str) -> str:
    """The HTML anchor of a rule section (same in every language)."""
    return f"{game_id}-{section_id}"


def rewrite_terms(text: str, term_names: dict[str, str]) -> str:
    """``{term}`shown <term-id>` `` -> ``{term}`shown <glossary term>` ``."""
    def replace(match: re.Match) -> str:
        shown, term_id = match.group(1), match.group(2)
        target = term_names.get(term_id)
        if target is None:
            return shown
        return "{term}`%s <%s>`" % (shown or target, target)
    return TERM_REF.sub(replace, text)


def _depth(section: Section, by_id: dict[str, Section]) -> int:
    depth, parent = 0, section.parent
    while parent is not None and parent in by_id:
        depth += 1
        parent = by_id[parent].parent
    return depth


def _example_block(example_id: str, code: list[str], title: str, mark: ExampleMark) -> list[str]:
    fence = "````"  # outer fence longer than the inner code fence
    return [
        f"{fence}{{admonition}} {title} · {mark.label}",
        f":class: rp-example rp-{mark.state}",
        "",
        f"<span class=\"rp-example-id\" id=\"{html.escape(example_id)}\">{html.escape(example_id)}</span>",
        "",
        "```pycon",
        *code,
        "```",
        fence,
    ]


def rewrite_body(body: str, term_names: dict[str, str], example_title: str,
                 marks: dict[str, ExampleMark]) -> str:
    """A section body with term links and example boxes (code blocks stay untouched)."""
    out: list[str] = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            out.append(rewrite_terms(lines[i], term_names))
            i += 1
            continue
        fence = match.group(2)
        end = i + 1
        while end < len(lines) and not (lines[end].strip().startswith(fence) and lines[end].strip().strip(fence[0]) == ""):
            end += 1
        inner = lines[i + 1:end]
        if match.group(3) == "{doctest}":
            example_id = match.group(4).strip()
            mark = marks.get(example_id) or ExampleMark("unchecked", "")
            while inner and not inner[0].strip():
                inner = inner[1:]
            out.extend(_example_block(example_id, inner, example_title, mark))
        else:
            out.extend(lines[i:end + 1])
        i = end + 1
    return "\n".join(out)


def rules_page(game_id: str, text: RuleText, term_names: dict[str, str],
               marks: dict[str, ExampleMark], provenance_marks: dict[str, str], example_title: str) -> str:
    """The body of the rules page: every section numbered, labelled and rewritten."""
    by_id = {s.id: s for s in text.sections}
    parts: list[str] = []
    if text.preamble:
        parts.append(rewrite_body(text.preamble, term_names, example_title, marks))
    for section in text.sections:
        level = min(6, 2 + _depth(section, by_id))
        mark = provenance_marks.get(section.id)
        parts.append(f"({anchor(game_id, section.id)})=\n{'#' * level} {section.number} {rewrite_terms(section.title, term_names)}")
        parts.append(f"```{{index}} single: {section.id}\n```")
        line = f"<span class=\"rp-rule-id\">{html.escape(section.id)}</span>"
        if mark:
            line += f" <span class=\"rp-mark\">{html.escape(mark)}</span>"
        parts.append(line)
        if section.body.strip():
            parts.append(rewrite_body(section.body, term_names, example_title, marks))
    return "\n\n".join(parts) + "\n"


def page_search_words(text: RuleText, glossary, lang: str) -> list[str]:
    """Search words of the rules page that are not words of its text: glossary words of the
    terms referred to and known parts of compounds (see `rulepress.site.search`)."""
    vocab = search.vocabulary(glossary, lang)
    full = "\n".join(section.title + "\n" + section.body for section in text.sections)
    term_ids = sorted({term_id for _shown, term_id in TERM_REF.findall(full)})
    plain = TERM_REF.sub(lambda m: m.group(1), full)
    return search.section_words(plain, term_ids, glossary, lang, vocab)


def front_matter(keywords: list[str]) -> str:
    """MyST front matter putting `keywords` into the page's <meta name="keywords"> (Sphinx indexes it)."""
    words = sorted({w for k in keywords for w in search.WORD.findall(k)}, key=lambda w: (w.lower(), w))
    if not words:
        return ""
    return "---\nmyst:\n  html_meta:\n    keywords: \"%s\"\n---\n" % ", ".join(words)
