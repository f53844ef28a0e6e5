"""Rewrite one game's rule text (MyST Markdown) for the Sphinx website.

The rule text is kept as written (raw HTML only as `rulepress.text.safety`
lets it through: the tags the game allows, sanitised); only what Sphinx needs
changes:

- every heading gets its section number and a label ``<game>-<id>`` (labels
  are global in Sphinx, rule ids repeat across games), so the anchor is the
  same in both languages; headings move one level down below the page title;
- a hidden index entry with the rule id (searching ``trade-in`` finds the
  rule); the page's extra search words go into its keywords meta tag
  (see `rulepress.site.search`);
- glossary references ``{term}`text <term-id>` `` link to the glossary entry
  ``<game>-term-<term-id>`` (same anchor in every language);
- under each heading, links to the ambiguities that concern the section;
- ``{doctest} example-id`` blocks become example boxes a player can read (see
  `rulepress.model.scenario`): the paragraph before the block is the
  situation, the results follow in the page's language, the executable form
  is one click away; the box's id ``<game>-example-<id>`` links to itself; its pictures
  (`rulepress.draw.examplepictures`, PNG files beside the page) stand between the situation and
  the results.

Pure: strings and model objects in, a string out.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from rulepress.markdown import Token, parse
from rulepress.model import numbering, scenario
from rulepress.model.rules_text import AMBIGUITY_REF, TERM_REF, RuleText, Section, split_doctest, strip_term_refs
from rulepress.site import search
from rulepress.text import safety
from rulepress.text.markup import FLOW


@dataclass(frozen=True)
class ExampleMark:
    """How an example is marked: 'verified', 'failed' or 'unchecked'."""

    state: str
    label: str  # the shown mark, in the page's language
    computed: dict = field(default_factory=dict)  # failed: place of each failing '>>>' statement -> what it gave
    got: str = ""  # failed with no failing statement (the engine did not load, time ran out): what happened


@dataclass(kw_only=True, frozen=True)
class PageWords:
    """What the rules page needs besides the text: the game, the page's words, marks and links."""

    game_id: str
    words: dict  # the site words of the page's language (`rulepress.i18n`, section ``site``)
    marks: dict = field(default_factory=dict)  # example id -> ExampleMark
    provenance: dict = field(default_factory=dict)  # section id -> plain words ("reconstructed")
    ambiguities: dict = field(default_factory=dict)  # section id -> [(anchor, title)]
    readings: dict = field(default_factory=dict)  # engine option -> (ambiguity anchor, {reading id: text})
    names: dict = field(default_factory=dict)  # id of a thing of the game -> its name in the page's language
    labels: dict = field(default_factory=dict)  # record field or refusal code -> label (game.yaml site.labels)
    allow_html: tuple = ()  # HTML tags the game's rule text may use (game.yaml site.allow_html), sanitised
    pictures: dict = field(default_factory=dict)  # example id -> [{src, width, height, alt, caption}] (PNG files)
    changed: dict = field(default_factory=dict)  # section id -> (shown "changed in 1.1", anchor of the change)
    changed_rules: dict = field(default_factory=dict)  # rule number -> (shown "changed in 1.1", anchor of the change)
    rulebook: str = ""  # link from the rules page to the printed rulebook in its language ("": none built)

    def reader(self) -> scenario.Reader:
        """Whom the examples' results are written for (see `rulepress.model.scenario`)."""
        return scenario.Reader(self.words, self.words.get("lang", "en"), self.names, self.labels)


def anchor(game_id: str, section_id: str) -> str:
    """The HTML anchor of a rule section (same in every language)."""
    return f"{game_id}-{section_id}"


def term_anchor(game_id: str, term_id: str) -> str:
    """The HTML anchor of a glossary entry (same in every language)."""
    return f"{game_id}-term-{term_id}"


def example_anchor(game_id: str, example_id: str) -> str:
    return f"{game_id}-example-{example_id}"


def rewrite_terms(text: str, game_id: str, term_ids: set[str]) -> str:
    """``{term}`shown <term-id>` `` -> a link to the glossary entry (unknown terms: the shown text);
    ``{ambiguity}`shown <id>` `` -> a link to the entry of the ambiguity register."""

    def replace(match: re.Match) -> str:
        shown, term_id = match.group(1), match.group(2)
        if term_id not in term_ids:
            return shown
        return f"[{shown}](#{term_anchor(game_id, term_id)})"

    def to_register(match: re.Match) -> str:
        return f"[{match.group(1)}](#{game_id}-amb-{match.group(2)})"

    return AMBIGUITY_REF.sub(to_register, TERM_REF.sub(replace, text))


def _depth(section: Section, by_id: dict[str, Section]) -> int:
    depth, parent = 0, section.parent
    while parent is not None and parent in by_id:
        depth += 1
        parent = by_id[parent].parent
    return depth


def _reading_lines(options: dict[str, str], page: PageWords) -> list[str]:
    """ "Under the reading: ..." for an example run under other readings of the ambiguities."""
    lines = []
    for part in options.get("reading", "").split(","):
        name, _, reading = part.partition("=")
        target, texts = page.readings.get(name.strip(), ("", {}))
        text = texts.get(reading.strip())
        if target and text:
            lines.append(f"**{page.words['under_reading']}:** [{scenario.escape_markdown(text)}](#{target})")
    return lines


def _picture_lines(pictures: list[dict], words: dict) -> list[str]:
    """Raw HTML of an example's pictures (one figure per panel, wrapping on a phone), every text escaped."""
    if not pictures:
        return []
    figures = []
    for p in pictures:
        caption = f"<figcaption>{html.escape(p['caption'])}</figcaption>" if p["caption"] else ""
        figures.append(
            f'<figure class="rp-picture"><img src="{html.escape(p["src"])}" width="{int(p["width"])}" '
            f'height="{int(p["height"])}" alt="{html.escape(p["alt"])}" loading="lazy">{caption}</figure>'
        )
    return [
        f'<div class="rp-pictures" role="group" aria-label="{html.escape(words["pictures"])}">',
        *figures,
        "</div>",
        "",
    ]


def _example_block(example_id: str, code: list[str], situation: list[str], page: PageWords) -> list[str]:
    words = page.words
    options, _lines, code = split_doctest("\n".join(code))
    mark = page.marks.get(example_id) or ExampleMark("unchecked", words["unchecked"])
    badge = {"verified": words["verified_badge"], "failed": words["failed_badge"]}.get(mark.state, mark.label)
    target = example_anchor(page.game_id, example_id)
    fence = "`````"  # outer fence longer than the inner code fence
    lines = [
        f"{fence}{{admonition}} {words['example']} · {badge}",
        f":class: rp-example rp-{mark.state}",
        f":name: {target}",
        "",
    ]
    if mark.state == "failed":
        lines += ["{.rp-failed-note}", scenario.escape_markdown(words["failed_note"]), ""]
        if not mark.computed and mark.got.strip():
            lines += [f"**{scenario.escape_markdown(words['computed'])}:** {scenario.escape_markdown(mark.got)}", ""]
    if situation:
        lines += [f"**{words['situation']}:** " + situation[0].lstrip(), *situation[1:], ""]
    for line in _reading_lines(options, page):
        lines += [line, ""]
    lines += _picture_lines(page.pictures.get(example_id, []), words)
    results = scenario.results_markdown(
        "\n".join(code), page.reader(), scenario.part_labels(options.get("labels", "")), mark.computed
    )
    if results:  # an example whose statements print nothing has no results to show (an empty container is an error)
        lines += ["````{container} rp-results", *results, "````", ""]
    lines += [
        f'<details class="rp-code"><summary>{html.escape(words["show_code"])}</summary>',
        "",
        "```pycon",
        *code,
        "```",
        "",
        "</details>",
        "",
        f'<a class="rp-example-id" href="#{target}" title="{html.escape(words["example_id_link"])}">'
        f"{html.escape(example_id)}</a>",
        fence,
    ]
    return lines


def _situation(tokens: list[Token], index: int) -> tuple[int, int] | None:
    """The lines [first, end) of the paragraph standing directly before the block `tokens[index]` (blank lines
    between them allowed): an example's situation. None when the block before is no paragraph (lists, tables
    and quotes stay where they are)."""
    level = tokens[index].level
    for before in range(index - 1, -1, -1):
        token = tokens[before]
        if token.level < level:
            return None
        if token.level == level:
            if token.type != "paragraph_close":
                return None
            opener = next(t for t in reversed(tokens[:before]) if t.type == "paragraph_open" and t.level == level)
            return (opener.map[0], opener.map[1]) if opener.map else None
    return None


MARKER = re.compile(r"^(\s*(?:>\s*)*(?:[-*+]|\d{1,9}[.)])?\s*)")


def number_rules(lines: list[str], numbered: list, page: PageWords) -> list[str]:
    """The body `lines` with each numbered rule paragraph (`rulepress.model.numbering`) starting with its number:
    shown, an index entry (the search finds the paragraph by its number), a permalink ``#r-4-2`` and, where the
    rulebook was built, a link to the same rule in its PDF (``rulebook.en.a4.pdf#r-4-2``); a paragraph a change of
    the current version touches also gets its "changed in 1.1" mark, linked to the change."""
    out = list(lines)
    for rule in numbered:
        if rule.first >= len(out):
            continue
        target = numbering.anchor(rule.number)
        title = html.escape(page.words.get("rule_link", ""), quote=True)
        mark = (
            f"{{index}}`{rule.number} <single: {rule.number}>`"
            f'<a class="rp-permalink" id="{target}" href="#{target}" title="{title}" aria-label="{title} {rule.number}">#</a> '
        )
        if page.rulebook:  # the same rule in the printed book: its named destination (`rulepress.draw.destinations`)
            in_book = html.escape(page.words.get("rule_in_book", ""), quote=True)
            href = html.escape(f"{page.rulebook}#{target}", quote=True)
            mark += (
                f'<a class="rp-book-link" href="{href}" title="{in_book}" aria-label="{in_book} {rule.number}">PDF</a> '
            )

        changed = page.changed_rules.get(rule.number)
        if changed:  # a change of the current version touches this paragraph: marked, linked to the change
            mark += f'<span class="rp-changed">[{scenario.escape_markdown(changed[0])}](#{changed[1]})</span> '
        line = out[rule.first]
        if rule.kind == "table":
            out[rule.first] = f"{mark}\n\n{line}"
            continue
        lead = MARKER.match(line)
        at = lead.end() if lead else 0
        out[rule.first] = line[:at] + mark + line[at:]
    return out


def _flow_block(steps: list[str]) -> list[str]:
    """A turn's flow (a ``{flow}`` fence) as the site shows it: its steps as a numbered list in a ``flow``
    container, which the stylesheet draws as boxes joined by arrows (a screen reader reads a list)."""
    items = [f"{number}. {step}" for number, step in enumerate(steps, 1)]
    return ["````{container} rp-flow", *items, "````"]


def rewrite_body(body: str, page: PageWords, term_ids: set[str], numbered: list | None = None) -> str:
    """A section body with term links and example boxes (code blocks stay untouched), its rule paragraphs
    numbered (`numbered`: the section's `Section.numbered`); its structure is read with `rulepress.markdown`,
    the parser the site's MyST agrees with."""
    lines = number_rules(body.splitlines(), numbered or [], page)
    tokens = parse(body)
    fences = {token.map[0]: (token, index) for index, token in enumerate(tokens) if token.type == "fence" and token.map}
    out: list[str] = []
    taken: int | None = None  # where in `out` the paragraph before the next example starts
    i = 0
    while i < len(lines):
        if i not in fences:
            out.append(rewrite_terms(lines[i], page.game_id, term_ids))
            i += 1
            continue
        token, index = fences[i]
        assert token.map is not None
        end = token.map[1]
        closed = end - 1 > i and lines[end - 1].strip().startswith(token.markup)
        inner = lines[i + 1 : end - 1 if closed else end]
        if token.info.strip().startswith("{doctest}"):
            example_id = token.info.strip()[len("{doctest}") :].strip()
            situation: list[str] = []
            paragraph = _situation(tokens, index)
            if paragraph is not None:
                taken = len(out) - (i - paragraph[0])
                situation = out[taken : taken + paragraph[1] - paragraph[0]]
                del out[taken:]
            else:
                while out and not out[-1].strip():
                    out.pop()
            out.extend(_example_block(example_id, inner, situation, page))
        elif token.info.strip().split(None, 1)[:1] == [FLOW]:
            steps = [rewrite_terms(line.strip(), page.game_id, term_ids) for line in inner if line.strip()]
            out.extend(_flow_block(steps))
        else:
            out.extend(lines[i:end])
        i = end
    return "\n".join(out)


def rules_page(text: RuleText, page: PageWords, term_ids: set[str]) -> str:
    """The body of the rules page: every section numbered, labelled and rewritten."""
    by_id = {s.id: s for s in text.sections}
    parts: list[str] = []
    allowed = page.allow_html
    if text.preamble:
        parts.append(rewrite_body(safety.sanitise(text.preamble, allowed), page, term_ids))
    for section in text.sections:
        level = min(6, 2 + _depth(section, by_id))
        parts.append(
            f"({anchor(page.game_id, section.id)})=\n{'#' * level} {section.number} "
            f"{rewrite_terms(safety.sanitise(section.title, allowed), page.game_id, set())}"
        )
        parts.append(f"```{{index}} single: {section.id}\n```")
        plain = page.provenance.get(section.id)
        if plain:  # the rule id is the heading's anchor and an index entry, not text players read
            parts.append(f'<span class="rp-mark">{html.escape(plain)}</span>')
        changed = page.changed.get(section.id)
        if changed:  # a change of the current version touches this section: marked, linked to the change
            parts.append(f"{{.rp-changed}}\n[{scenario.escape_markdown(changed[0])}](#{changed[1]})")
        links = page.ambiguities.get(section.id)
        if links:
            parts.append(
                f"{{.rp-concerns}}\n**{page.words['concerned_by']}:** "
                + " · ".join(f"[{scenario.escape_markdown(title)}](#{target})" for target, title in links)
            )
        if section.body.strip():
            parts.append(rewrite_body(safety.sanitise(section.body, allowed), page, term_ids, section.numbered))
    return "\n\n".join(parts) + "\n"


def page_search_words(text: RuleText, glossary, lang: str) -> list[str]:
    """Search words of the rules page that are not words of its text: glossary words of the
    terms referred to and known parts of compounds (see `rulepress.site.search`)."""
    vocab = search.vocabulary(glossary, lang)
    full = "\n".join(section.title + "\n" + section.body for section in text.sections)
    term_ids = sorted({term_id for _shown, term_id in TERM_REF.findall(full)})
    plain = strip_term_refs(full)
    return search.section_words(plain, term_ids, glossary, lang, vocab)


def front_matter(keywords: list[str]) -> str:
    """MyST front matter putting `keywords` into the page's <meta name="keywords"> (Sphinx indexes it)."""
    words = sorted({w for k in keywords for w in search.WORD.findall(k)}, key=lambda w: (w.lower(), w))
    if not words:
        return ""
    return '---\nmyst:\n  html_meta:\n    keywords: "{}"\n---\n'.format(", ".join(words))
