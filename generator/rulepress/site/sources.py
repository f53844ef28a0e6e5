"""The MyST sources of the website in one language, rendered from the content through Jinja templates.

`page_data` gathers, per game, everything a page shows as plain values
(names in the page's language, marks, relative links to the PDFs and PNGs
built before the site); `render_sources` feeds that to the templates in
``templates/site/myst/`` and returns ``{relative path: MyST text}``. Example
results and translation reports are passed in, so this module does no I/O
beyond reading its templates.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from jinja2 import FileSystemLoader
from jinja2.sandbox import SandboxedEnvironment

from rulepress import i18n, paths
from rulepress.model import GameContent, history, numbering
from rulepress.model.rules_text import strip_term_refs, term_refs
from rulepress.model.schema import Provenance, Term
from rulepress.site import downloads, rules_myst, safety, search, summary
from rulepress.site.safety import Markdown
from rulepress.text.words import players_text, thing_names, words

TEMPLATES = paths.TEMPLATES / "site"
GAME_PAGES = ("index", "rules", "glossary", "ambiguities", "gallery", "downloads", "changes")


@dataclass(kw_only=True, frozen=True)
class Shown:
    """An artifact shown on the site: its output path and, for PNG folders, the files inside."""

    game: str
    kind: str
    path: str
    lang: str | None = None
    paper: str | None = None
    files: tuple[str, ...] = ()  # for folders: file paths relative to the output folder
    bundles: tuple[str, ...] = ()  # the download bundles it belongs to (`rulepress.artifact.Artifact.bundles`)


@dataclass
class GameExtras:
    """What a game's pages show besides its content: its analysis (worked-example results, the terms
    each section uses) and the files built for it."""

    example_results: list | None = None  # objects with id, lang, passed; None = not checked
    artifacts: list[Shown] = field(default_factory=list)
    facts: dict = field(default_factory=dict)  # downloads.FileFacts by file path (sizes, pages)
    terms: dict[str, dict[str, list[str]]] | None = None  # lang -> section id -> term ids (`GameAnalysis.terms`)
    pictures: dict[str, list[dict]] = field(default_factory=dict)  # example id -> its pictures' src, size, alt, caption


@lru_cache(maxsize=1)  # one per process: its compiled templates serve every page and every rebuild of `serve`
def environment() -> SandboxedEnvironment:
    """The MyST templates' Jinja: every value written as literal Markdown unless marked `safety.Markdown`."""
    return safety.environment(FileSystemLoader(str(TEMPLATES / "myst")))


def provenance_plain(provenance: Provenance | None, lang: str) -> str:
    """Plain words for a player where the content is reconstructed or unknown; "" otherwise."""
    if provenance is None or provenance.kind not in ("reconstructed", "unknown"):
        return ""
    return words(lang)[f"provenance_{provenance.kind}"]


def files_link(path: str, depth: int) -> str:
    """Link from a page `depth` folders below site/<lang>/ to a built file copied into site/files/."""
    return "../" * (depth + 1) + "files/" + path


def _example_marks(results, lang: str) -> dict[str, rules_myst.ExampleMark]:
    s = words(lang)
    if results is None:
        return {}
    marks = {}
    for result in results:
        if result.lang == lang:
            state = "verified" if result.passed else "failed"
            computed = {i: st.got for i, st in enumerate(result.statements) if not st.passed}
            marks[result.id] = rules_myst.ExampleMark(state, s[state], computed, "" if computed else result.got)
    return marks


def failures(content: GameContent, lang: str, results) -> list[dict]:
    """The worked examples of the game in `lang` that failed their check, in the order of the rule text:
    id, anchor on the rules page and the section's number and title (for links from other pages)."""
    failed = {r.id for r in results or [] if r.lang == lang and not r.passed}
    text = content.rules.get(lang)
    if not failed or text is None:
        return []
    sections = {sec.id: sec for sec in text.sections}
    return [
        {
            "id": example.id,
            "anchor": rules_myst.example_anchor(content.id, example.id),
            "section": _section_label(sections[example.section]) if example.section in sections else "",
        }
        for example in text.examples
        if example.id in failed
    ]


def draft(contents: list[GameContent], failed: list, lang: str) -> dict:
    """The draft banner of the site in `lang` while worked examples of its games fail (in any language; `failed`:
    their results): its words and the overview page of each game written in `lang` that has failed examples,
    relative to the language's root; {} when none fails."""
    if not failed:
        return {}
    s = words(lang)
    games = sorted({r.game for r in failed})
    return {
        "title": s["draft_title"],
        "body": downloads.count_text(len({(r.game, r.id) for r in failed}), s["draft_body"]),  # in any language
        "link": s["draft_link"],
        "games": [
            {"href": f"{c.id}/index.html", "title": c.game.title.get(lang)}
            for c in sorted(contents, key=lambda c: c.id)
            if c.id in games and lang in c.game.languages
        ],
    }


def ambiguity_sections(content: GameContent, lang: str) -> dict[str, list[str]]:
    """Rule sections each ambiguity concerns: its own `section` first, those it names (`sections`),
    the section with its id, sections named in its id, and sections whose examples pass its engine option."""
    text = content.rules.get(lang)
    if text is None:
        return {}
    ids = [s.id for s in text.sections]
    found: dict[str, list[str]] = {}
    for amb in content.game.ambiguities:
        hits = [sid for sid in [amb.section, *amb.sections] if sid in ids]
        for sid in ids:
            if sid == amb.id or amb.id.startswith(sid + "-") or amb.id.endswith("-" + sid):
                hits.append(sid)
        if amb.engine_option:
            option = re.compile(rf"\b{re.escape(amb.engine_option)}\b")
            hits += [e.section for e in text.examples if e.section and option.search(e.source)]
        found[amb.id] = sorted(set(hits), key=ids.index)
    return found


def _section_label(section) -> str:
    return f"{section.number} {strip_term_refs(section.title)}"


def game_data(content: GameContent, lang: str, extras: GameExtras) -> dict:
    """Everything the game's pages show, in `lang` (strings as written: the templates escape them)."""
    s = words(lang)
    game = content.game
    text = content.rules.get(lang)
    concerns = ambiguity_sections(content, lang)
    marks_now = history.marks(game)
    changed = {k: {"shown": v[0], "anchor": v[1]} for k, v in _shown_marks(marks_now.components, game.id, s).items()}
    errata = {k: {"shown": v[0], "anchor": v[1]} for k, v in _shown_marks(marks_now.ambiguities, game.id, s).items()}
    rules_body, rules_meta = _rules_page(content, lang, extras, concerns) if text is not None else ("", "")
    results = [r for r in (extras.example_results or []) if r.lang == lang]
    sections = {sec.id: sec for sec in text.sections} if text is not None else {}
    used_in = _terms_used_in(content, lang, extras, sections)
    return {
        "id": game.id,
        "title": game.title.get(lang),
        "subtitle": game.subtitle.get(lang) if game.subtitle else "",
        "players": players_text(game.players, lang),
        "age": s["age_from"].format(age=game.age) if game.age else "",
        "provenance": provenance_plain(game.provenance, lang),
        "components": [_component(c, lang, changed.get(c.id)) for c in game.components],
        "credits": [credit.model_dump() for credit in game.credits],
        "rules": Markdown(rules_body),  # the game's rule text, sanitised (`rulepress.text.safety`), and example boxes
        "rules_meta": Markdown(rules_meta),
        "glossary_meta": Markdown(
            rules_myst.front_matter([w for t in game.glossary for w in search.term_words(t, lang)])
        ),
        "examples": {
            "checked": extras.example_results is not None,
            "total": len(results),
            "passed": sum(1 for r in results if r.passed),
        },
        "failures": failures(content, lang, extras.example_results),
        "glossary": [
            _term(t, lang, game.id, used_in[t.id], game.languages)
            for t in sorted(game.glossary, key=lambda t: (t.name(lang).lower(), t.name(lang), t.id))
        ],
        "ambiguities": [
            _ambiguity(
                a,
                lang,
                game.id,
                [
                    {"anchor": rules_myst.anchor(game.id, sid), "label": _section_label(sections[sid])}
                    for sid in concerns.get(a.id, [])
                ],
                errata.get(a.id),
            )
            for a in game.ambiguities
        ],
        "gallery": _gallery(extras.artifacts, lang, _captions(game, lang)),
        "downloads": download_bundles(game, lang, extras),
        "pages": [p for p in GAME_PAGES if p != "index" and (p != "changes" or game.changelog)],
        "version": _version(game, lang),
        "changelog": _changelog(game, lang, sections),
    }


def _rules_page(content: GameContent, lang: str, extras: GameExtras, concerns: dict) -> tuple[str, str]:
    """The rules page's MyST body (sections, example boxes with their marks and pictures, the unclear points
    and readings linked where they concern a section, "changed in" marks) and its front matter (search words)."""
    game, text = content.game, content.rules[lang]
    s = words(lang)
    marks_now = history.marks(game)
    by_section: dict[str, list[tuple[str, str]]] = {}
    for amb in game.ambiguities:
        for sid in concerns.get(amb.id, []):
            by_section.setdefault(sid, []).append((f"{game.id}-amb-{amb.id}", amb.title.get(lang)))
    page = rules_myst.PageWords(
        game_id=game.id,
        words=dict(s, lang=lang),
        marks=_example_marks(extras.example_results, lang),
        provenance={r.id: provenance_plain(r.provenance, lang) for r in game.rules},
        ambiguities=by_section,
        readings={
            a.engine_option: (f"{game.id}-amb-{a.id}", {r.id: r.text.get(lang) for r in a.readings})
            for a in game.ambiguities
            if a.engine_option
        },
        names=thing_names(game, lang),
        labels={k: v.get(lang) for k, v in game.site.labels.items()},
        allow_html=tuple(game.site.allow_html),
        pictures=extras.pictures,
        changed=_shown_marks(marks_now.sections, game.id, s),
        changed_rules=_shown_marks(marks_now.paragraphs, game.id, s),
        rulebook=_rulebook_link(extras.artifacts, lang),
    )
    body = rules_myst.rules_page(text, page, {t.id for t in game.glossary})
    return body, rules_myst.front_matter(rules_myst.page_search_words(text, game.glossary, lang))


def _rulebook_link(shown: list[Shown], lang: str) -> str:
    """Link from a game's rules page to its printed rulebook in `lang` (the first paper built: A4 before Letter),
    or "" when none was built."""
    books = sorted(a.path for a in shown if a.kind == "rulebook" and a.lang == lang)
    return files_link(books[0], 1) if books else ""


def _terms_used_in(content: GameContent, lang: str, extras: GameExtras, sections: dict) -> dict[str, list[dict]]:
    """Glossary term id -> the rules sections that use it (their anchors and labels), from the analysis."""
    used_in: dict[str, list[dict]] = {t.id: [] for t in content.game.glossary}
    used = (extras.terms or {}).get(lang, {})
    for sec in sections.values():
        for term_id in used.get(sec.id, []):
            if term_id in used_in:
                used_in[term_id].append(
                    {"anchor": rules_myst.anchor(content.game.id, sec.id), "label": _section_label(sec)}
                )
    return used_in


def _version(game, lang: str) -> dict | None:
    """The game's version and its date in `lang` (None when the game gives no version)."""
    release = history.current(game)
    if game.version is None:
        return None
    return {"number": game.version, "date": i18n.long_date(release.date, lang) if release else ""}


def printed_lines(contents: list, lang: str, site_title: str) -> dict[str, str]:
    """The line every printed page of the site carries, by game id ("" for the pages of no game): title,
    version and the date of that version in the changelog (from the content, not the clock: the same input
    prints the same line); the site's title and the newest such date on the other pages."""
    s = words(lang)["printed"]
    lines, dates = {}, []
    for content in contents:
        game, release = content.game, history.current(content.game)
        title = game.title.get(lang)
        if release is None:
            lines[content.id] = s["undated"].format(title=title)
            continue
        dates.append(release.date)
        date = i18n.long_date(release.date, lang)
        lines[content.id] = s["dated"].format(title=title, version=game.version, date=date)
    lines[""] = " · ".join([site_title, *([i18n.long_date(max(dates), lang)] if dates else [])])
    return lines


def _shown_marks(touched: dict, game_id: str, s: dict) -> dict[str, tuple[str, str]]:
    """Id or number -> ("changed in 1.1" in the page's language, the change's anchor on the site)."""
    return {key: (s["changed_in"].format(version=t.version), f"{game_id}-{t.anchor}") for key, t in touched.items()}


def _changelog(game, lang: str, sections: dict) -> list[dict]:
    """The changelog in `lang`, newest version first: each change with its anchor, the sections it touches and
    the ambiguity it settles (an erratum)."""
    ambiguities = {a.id: a for a in game.ambiguities}
    names = {c.id: c.name.get(lang) for c in game.components}
    shown = []
    for release in history.releases(game):
        changes = []
        for index, change in enumerate(release.changes, start=1):
            amb = ambiguities.get(change.erratum or "")
            changes.append(
                {
                    "anchor": f"{game.id}-{history.change_anchor(release.version, index)}",
                    "text": " ".join(change.text.get(lang).split()),
                    "sections": [
                        {"anchor": rules_myst.anchor(game.id, sid), "label": _section_label(sections[sid])}
                        for sid in change.sections
                        if sid in sections
                    ],
                    # numbers of the current text link to their rule; an earlier release's are of its own text
                    "paragraphs": [
                        {"anchor": numbering.anchor(n) if release.version == game.version else "", "number": n}
                        for n in change.paragraphs
                    ],
                    "components": [names[c] for c in change.components if c in names],
                    "erratum": {"anchor": f"{game.id}-amb-{amb.id}", "title": amb.title.get(lang)} if amb else None,
                }
            )
        shown.append(
            {
                "anchor": f"{game.id}-{history.release_anchor(release.version)}",
                "version": release.version,
                "date": i18n.long_date(release.date, lang),
                "changes": changes,
            }
        )
    return shown


def _component(comp, lang: str, changed: dict | None = None) -> dict:
    """A component in `lang` for the overview's list (`changed`: the mark of a change of the current version)."""
    count = comp.count if comp.count is not None else (comp.total() if comp.printed or comp.printed_pieces else None)
    return {
        "changed": changed,
        "id": comp.id,
        "name": comp.name.get(lang),
        "kind": words(lang)["kinds"][comp.kind],
        "count": "?" if count is None else str(count),
        "count_unknown": comp.count_unknown,
        "provenance": provenance_plain(comp.provenance, lang),
        "note": comp.note.get(lang) if comp.note else "",
    }


def _term(term: Term, lang: str, game_id: str, used_in: list[dict], languages: list[str]) -> dict:
    """A glossary entry in `lang`, with the term in the game's other `languages`."""
    return {
        "id": term.id,
        "anchor": rules_myst.term_anchor(game_id, term.id),
        "name": term.name(lang),
        "others": [{"lang": other, "name": term.name(other)} for other in languages if other != lang],
        "definition": " ".join(term.definition.get(lang).split()),
        "used_in": used_in,
    }


def _ambiguity(amb, lang: str, game_id: str, rules: list[dict], changed: dict | None = None) -> dict:
    """An entry of the ambiguity register in `lang` (`changed`: the mark of an erratum of the current version)."""
    return {
        "changed": changed,
        "id": amb.id,
        "anchor": f"{game_id}-amb-{amb.id}",
        "title": amb.title.get(lang),
        "description": amb.description.get(lang),
        "edition_variant": amb.edition_variant,
        "rules": rules,
        "readings": [{"id": r.id, "text": r.text.get(lang), "used": r.id == amb.used} for r in amb.readings],
    }


def _captions(game, lang: str) -> dict:
    """Names of the things files are made of, by the file-name stem the renderers use."""
    s = words(lang)
    names = {c.id: c.name.get(lang) for c in game.components}
    names.update({f"board-{b.id}": b.name.get(lang) for b in game.boards})
    names.update({f"quickref-{q.id}": s["artifact_kinds"]["quickref"] for q in game.quickrefs})
    names["calibration"] = s["artifact_kinds"]["calibration"]
    names.setdefault("one-sided-pieces", s["artifact_kinds"]["one-sided-pieces"])  # render/pieces.TOGETHER
    cards = {}
    for comp in game.components:
        for card in getattr(comp, "cards", None) or []:
            title = card.title.get(lang) if card.title else ""
            cards[(comp.id, card.id)] = title or comp.name.get(lang)
    return {"names": names, "cards": cards}


def _stem(path: str) -> str:
    return Path(path).name.split(".")[0]


def _kind_label(kind: str, lang: str) -> str:
    return words(lang)["artifact_kinds"].get(kind, kind)


def face_order(path: str) -> tuple:
    """A gallery's order of card images: by card, numbers by value (card-2 before card-10), each card's front
    before its back (``<card>.back.png``)."""
    name = Path(path).name
    back = name.endswith(".back.png")
    stem = name[: -len(".back.png")] if back else name.rsplit(".", 1)[0]
    parts = re.split(r"(\d+)", stem)
    return (str(Path(path).parent), [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts], back)


def _gallery(shown: list[Shown], lang: str, captions: dict) -> list[dict]:
    groups = []
    for item in sorted(shown, key=lambda a: a.path):
        if item.lang not in (None, lang):
            continue
        if item.files and item.kind != "png":
            continue  # other folders (e.g. Tabletop Simulator sheets) are downloads
        images = (
            [f for f in item.files if f.endswith(".png") and "/bleed/" not in f]
            if item.files
            else ([item.path] if item.path.endswith(".png") else [])
        )
        if images:
            name = captions["names"].get(_stem(item.path), _kind_label(item.kind, lang))
            groups.append(
                {
                    "title": name,
                    "kind": _kind_label(item.kind, lang),
                    "images": [
                        {"src": files_link(f, 1), "alt": captions["cards"].get((_stem(item.path), Path(f).stem), name)}
                        for f in sorted(images, key=face_order)
                    ],
                }
            )
    return groups


def download_bundles(game, lang: str, extras: GameExtras) -> dict:
    """The downloads page's bundles in `lang` and those of each other language (each with the files of no
    language, as its ZIPs)."""
    s = words(lang)
    captions = _captions(game, lang)["names"]
    names = {item.path: captions.get(_stem(item.path), _kind_label(item.kind, lang)) for item in extras.artifacts}
    zips = downloads.zip_plan(extras.artifacts)

    def grouped(items: list[Shown], files_lang: str | None) -> list[dict]:
        return downloads.bundles(
            items, extras.facts, zips, files_lang, names, lang, s, lambda path: files_link(path, 1)
        )

    others = sorted({i.lang for i in extras.artifacts if i.lang not in (None, lang)})
    files = sorted({p for i in extras.artifacts for p in (i.files or (i.path,)) if p in extras.facts})
    size = sum(extras.facts[p].size for p in files)
    return {
        # every file of the game on the site, in every language and paper (the ZIPs hold copies of them)
        "total": s["downloads_total"].format(
            files=downloads.count_text(len(files), s["n_files"]), size=downloads.size_text(size, lang, s)
        ),
        "bundles": grouped([i for i in extras.artifacts if i.lang in (None, lang)], lang),
        "others": [
            {
                "language": downloads.language_name(other, lang),
                "lang": other,
                "bundles": grouped([i for i in extras.artifacts if i.lang in (None, other)], other),
            }
            for other in others
        ],
    }


def section_index(contents: list[GameContent], lang: str) -> list[dict]:
    """What the sections search looks in: every rule section, glossary entry and ambiguity in `lang`,
    with the stems of its words (the same Snowball stemmer the browser uses)."""
    entries = []
    for content in sorted(contents, key=lambda c: c.id):
        game = content.game
        vocab = search.vocabulary(game.glossary, lang)
        by_id = {t.id: t for t in game.glossary}
        text = content.rules.get(lang)
        for sec in text.sections if text is not None else []:
            plain = strip_term_refs(sec.title + "\n" + sec.body)
            words = search.WORD.findall(plain)
            for _shown, term_id in term_refs(sec.title + "\n" + sec.body):
                if term_id in by_id:
                    words += [
                        w for phrase in search.term_words(by_id[term_id], lang) for w in search.WORD.findall(phrase)
                    ]
            words += search.compound_parts(plain, vocab, lang)
            words.append(sec.id)
            entry = _entry(
                game.title.get(lang),
                f"{game.id}/rules",
                rules_myst.anchor(game.id, sec.id),
                _section_label(sec),
                strip_term_refs(sec.title),
                words,
                lang,
            )
            entry["number"] = sec.number
            entry["rules"] = [rule.number for rule in sec.numbered]
            entries.append(entry)
        for term in game.glossary:
            words = [w for phrase in search.term_words(term, lang) for w in search.WORD.findall(phrase)]
            entries.append(
                _entry(
                    game.title.get(lang),
                    f"{game.id}/glossary",
                    rules_myst.term_anchor(game.id, term.id),
                    term.name(lang),
                    term.name(lang),
                    words,
                    lang,
                )
            )
        for amb in game.ambiguities:
            words = search.WORD.findall(amb.title.get(lang) + " " + amb.description.get(lang))
            entries.append(
                _entry(
                    game.title.get(lang),
                    f"{game.id}/ambiguities",
                    f"{game.id}-amb-{amb.id}",
                    amb.title.get(lang),
                    amb.title.get(lang),
                    words,
                    lang,
                )
            )
    return entries


def _entry(game: str, page: str, anchor: str, label: str, title: str, words: list[str], lang: str) -> dict:
    """One search entry: its stems (``words``, ``title``) and, for "did you mean", the written form of each stem
    (``forms``, collected into the page's vocabulary by `render_site`)."""
    return {
        "game": game,
        "gid": page.split("/")[0],
        "forms": search.written_forms(words, lang),
        "page": page,
        "anchor": anchor,
        "label": label,
        "title": sorted({search.stem(w, lang) for w in search.WORD.findall(title)}),
        "words": sorted({search.stem(w, lang) for w in words if not w.isdigit() or len(w) > 1}),
    }


def downloads_page(
    content: GameContent, lang: str, extras: GameExtras, failed: list[dict] | None = None
) -> dict[str, str]:
    """The downloads page of one game in `lang` ({relative path: MyST text}): it needs no example results (the
    failed examples it links are `failed`, from `failures`), so it can be rendered again alone when only the
    built files' bytes changed."""
    game = {
        "id": content.id,
        "title": content.game.title.get(lang),
        "downloads": download_bundles(content.game, lang, extras),
        "failures": failed if failed is not None else failures(content, lang, extras.example_results),
    }
    return {
        f"{content.id}/downloads.md": described(
            environment().get_template("downloads.md.j2").render(s=words(lang), lang=lang, game=game),
            description(content, lang, with_rules=False),
        )
    }


def description(content: GameContent, lang: str, with_rules: bool = True) -> str:
    """What a game's pages say about it to search engines and link previews (`summary.game_description`); the
    start of the rules only `with_rules` (the overview and the rules page: an edit of the first rule paragraph
    then leaves the other pages alone)."""
    game = content.game
    text = content.rules.get(lang) if with_rules else None
    first = next((sec.body for sec in text.sections if sec.body.strip()), "") if text is not None else ""
    return summary.game_description(
        game.title.get(lang),
        game.subtitle.get(lang) if game.subtitle else "",
        f"{words(lang)['players']}: {game.players.min}–{game.players.max}"
        if game.players.min != game.players.max
        else f"{words(lang)['players']}: {game.players.min}",
        strip_term_refs(first),
    )


def described(page: str, text: str) -> str:
    """A MyST page with `text` as its meta description and og:description, in its front matter (merged into
    the one the page has; JSON strings are YAML)."""
    quoted = json.dumps(text, ensure_ascii=False)
    head, body = "", page
    if page.startswith("---\n") and "\n---\n" in page[3:]:
        end = page.index("\n---\n", 3)
        head, body = page[4 : end + 1], page[end + 5 :]
    meta = "myst:\n  html_meta:\n"
    head = (
        head.replace(meta, f"{meta}    description: {quoted}\n", 1)
        if meta in head
        else head + (f"{meta}    description: {quoted}\n")
    )
    return f"---\n{head}og:description: {quoted}\n---\n{body}"


def render_game(content: GameContent, lang: str, extras: GameExtras) -> tuple[dict[str, str], list[dict]]:
    """The pages of one game in `lang` ({relative path: MyST text}) and its sections-search entries (the
    failed examples the pages link: `failures`)."""
    env = environment()
    s = words(lang)
    game = game_data(content, lang, extras)
    pages = {
        f"{game['id']}/{page}.md": described(
            env.get_template(f"{'overview' if page == 'index' else page}.md.j2").render(s=s, lang=lang, game=game),
            description(content, lang, with_rules=page in ("index", "rules")),
        )
        for page in game["pages"] + ["index"]
    }
    return pages, section_index([content], lang)


def render_site(games: list[tuple[GameContent, dict[str, str], list[dict]]], lang: str) -> dict[str, str]:
    """All pages of the site in `lang` from each game's rendered pages and search entries:
    {relative path: text} (MyST pages, the start page and the sections-search data)."""
    s = words(lang)
    listed = [
        {"id": c.id, "title": c.game.title.get(lang), "subtitle": c.game.subtitle.get(lang) if c.game.subtitle else ""}
        for c, _pages, _entries in sorted(games, key=lambda g: g[0].id)
    ]
    pages = {"index.md": environment().get_template("index.md.j2").render(s=s, lang=lang, games=listed)}
    entries = []
    for _content, game_pages, game_entries in sorted(games, key=lambda g: g[0].id):
        pages.update(game_pages)
        entries += game_entries
    pages.update({f"_rp/{path}": text for path, text in search.index_parts(entries, lang).items()})
    return dict(sorted(pages.items()))


def render_sources(contents: list[GameContent], lang: str, extras: dict[str, GameExtras]) -> dict[str, str]:
    """All pages of the site in `lang`: {relative path: text}."""
    return render_site([(c, *render_game(c, lang, extras.get(c.id, GameExtras()))) for c in contents], lang)
