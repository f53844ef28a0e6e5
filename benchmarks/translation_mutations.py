"""Mutation benchmark of `rulepress check translations` (not a test): prints catch rates.

Seeded mistakes are made in one language of the bundled games' texts, one at a
time, and the real check (`rulepress.check.translations.report`) runs on the
changed copy. A mistake counts as caught when the check reports an undocumented
finding naming the changed file (as its location or its counterpart); "as kind"
counts findings of the kind that mistake should raise. The unmutated games are
checked first: their undocumented findings are the false alarms.

Kinds of mistakes (each drawn from every game and every text kind that has a place for it):

- digit / number-word: a stated number changed (3 -> 4, zwei -> drei, two -> three);
- term / name: a glossary term or a printed name (card title, component) replaced by a plain word;
- sentence-added / sentence-dropped: a plain sentence added, or one of several sentences removed (a full stop
  after an abbreviation or a German ordinal ends no sentence: 'e.g. PE14', 'den 3. Wurf');
- negation: a negation removed (nicht, kein, not, no, never) or added to a verb;
- emphasis: a number's bold emphasis dropped or added;
- example-dropped: a worked example (doctest block) removed in one language;
- example-result: a worked example's call or expected output changed in one language.

Text kinds: rules, quickref, card (titles and texts), component, board,
glossary, ambiguity, example (the labels and captions of worked examples; the bundled
games have no layout texts). Mistakes are
generated reproducibly from the bundled content with a fixed seed.

Run: python benchmarks/translation_mutations.py [--seed N] [--per-kind N] [--kinds term,name] [--show-missed]
(``--kinds`` checks only the named kinds, on the very mistakes a full run makes of them.)
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from rulepress import paths
from rulepress.check.names import NameFinder, names_of
from rulepress.check.pairs import example_pairs, quickref_pairs, rules_pairs, yaml_pairs
from rulepress.errors import RulepressError
from rulepress.model import find_games, load_game

KINDS = (
    "digit",
    "number-word",
    "term",
    "name",
    "sentence-added",
    "sentence-dropped",
    "negation",
    "emphasis",
    "example-dropped",
    "example-result",
)
EXPECTED = {
    "digit": {"number"},
    "number-word": {"number"},
    "term": {"term"},
    "name": {"name", "term"},
    "sentence-added": {"sentence"},
    "sentence-dropped": {"sentence"},
    "negation": {"negation"},
    "emphasis": {"emphasis"},
    "example-dropped": {"example-missing"},
    "example-result": {"example-result", "example-expected"},
}
EXTRA = {
    "de": ["Darauf achten alle am Tisch.", "So läuft es in jeder Partie.", "Das merkt sich jeder gut."],
    "en": [
        "Everybody at the table watches for this.",
        "That is how it goes in every game.",
        "Everybody remembers this well.",
    ],
}
NEUTRAL = {"de": "Ding", "en": "thing"}
NUMBER_WORDS = {
    "de": {
        "zwei": "drei",
        "drei": "vier",
        "vier": "fünf",
        "fünf": "sechs",
        "sechs": "sieben",
        "zehn": "elf",
        "doppelte": "dreifache",
        "Hälfte": "Drittel",
        "zweiten": "dritten",
        "dritten": "vierten",
        "zwölf": "elf",
        "acht": "neun",
    },
    "en": {
        "two": "three",
        "three": "four",
        "four": "five",
        "five": "six",
        "six": "seven",
        "ten": "eleven",
        "twice": "three times",
        "half": "a third",
        "second": "third",
        "third": "fourth",
        "twelve": "eleven",
        "eight": "nine",
        "double": "triple",
    },
}
NEGATION_REMOVE = {
    "de": [
        (r"\bnicht (?=\w)", ""),
        (r"\bkeine\b", "eine"),
        (r"\bkeinen\b", "einen"),
        (r"\bkein\b", "ein"),
        (r"\bnie\b", "immer"),
        (r"\bniemand\b", "jeder"),
    ],
    "en": [
        (r"\bnot (?=\w)", ""),
        (r"\bno (?=\w)", "a "),
        (r"\bnever\b", "always"),
        (r"\bcannot\b", "can"),
        (r"\bnobody\b", "everybody"),
    ],
}
NEGATION_ADD = {
    "de": (r"\b(ist|sind|darf|muss|kann|wird|gilt|zählt|bleibt|geht)\b", r"\1 nicht"),
    "en": (r"\b(is|are|may|must|can|counts|stays|goes)\b", r"\1 not"),
}
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])")
# a full stop that ends no sentence: an abbreviation ('e.g. PE14', 'z. B. Preußen') or a German ordinal or date
# ('den 3. Wurf', '18. März')
NO_END = {
    "de": re.compile(
        r"(?:(?<![\w.])(?:[zZ]|u|[zZ]\.\s?B|u\.\s?U|d\.\s?h|u\.\s?a|usw|bzw|Nr|vgl|ca|Mio|Mrd|evtl|ggf)|"
        r"(?<![\w.,])\d{1,2})\.$"
    ),
    "en": re.compile(r"(?<![\w.])(?:e\.g|i\.e|etc|vs|approx|No|Mr|Mrs|Dr)\.$"),
}


@dataclass
class Site:
    """A line of a text in one language where a mistake can be made."""

    file: str  # relative to the game folder
    line: int  # 1-based
    text: str  # the text of that language on this line (the whole YAML value, or the Markdown line)
    lang: str
    kind: str  # text kind: rules, quickref, card, ...
    pair: str = ""  # the pair's id


@dataclass
class Mutation:
    game: str
    kind: str
    text_kind: str
    file: str
    line: int
    before: str
    after: str


# ---------------------------------------------------------------- where


def sites(folder: Path) -> list[Site]:
    content = load_game(folder)
    found: list[Site] = []
    langs = (content.game.source, content.game.translations[0])
    pairs = quickref_pairs(content, langs) + yaml_pairs(content, langs)
    if "de" in content.rules and "en" in content.rules:
        pairs = (
            rules_pairs(content, content.rules["de"], content.rules["en"])
            + pairs
            + example_pairs(content.rules["de"], content.rules["en"])
        )
    for pair in pairs:
        for side in (pair.a, pair.b):
            path = Path(side.path)
            rel = str(path.relative_to(folder)) if path.is_absolute() else str((Path.cwd() / path).relative_to(folder))
            if pair.kind in ("rules", "quickref"):
                for paragraph in side.paragraphs:
                    for offset, text in enumerate(paragraph.text.splitlines()):
                        if "{{" not in text and "{%" not in text:
                            found.append(Site(rel, paragraph.line + offset, text, side.lang, pair.kind, pair.id))
            elif pair.kind == "example":  # the parts of its labels ('a | b') and its captions, each where it stands
                for paragraph in side.paragraphs:
                    found += [
                        Site(rel, paragraph.line, part, side.lang, pair.kind, pair.id)
                        for part in paragraph.text.split(", ")
                        if part.strip()
                    ]
            elif side.line is not None and len(side.paragraphs) == 1:
                found.append(Site(rel, side.line, side.paragraphs[0].text, side.lang, pair.kind, pair.id))
    return found


# ---------------------------------------------------------------- what


def _outside_markup(text: str, start: int) -> bool:
    """Not inside inline code, a role target or an id."""
    before = text[:start]
    return before.count("`") % 2 == 0 and not re.search(r"<[^>]*$", before)


def mutate(kind: str, site: Site, rng: random.Random, finder: NameFinder) -> str | None:
    """The changed text, or None when this site has no place for this kind of mistake."""
    text, lang = site.text, site.lang
    if kind == "digit":
        spots = [
            m for m in re.finditer(r"(?<![\w.,\-–])\d{1,4}(?![\w]|[.,]\d)", text) if _outside_markup(text, m.start())
        ]
        if not spots:
            return None
        m = rng.choice(spots)
        return text[: m.start()] + str(int(m.group(0)) + 1) + text[m.end() :]
    if kind == "number-word":
        table = NUMBER_WORDS[lang]
        spots = [m for m in re.finditer(r"[^\W\d_]+", text) if m.group(0).lower() in {k.lower() for k in table}]
        if not spots:
            return None
        m = rng.choice(spots)
        new = next(v for k, v in table.items() if k.lower() == m.group(0).lower())
        new = new[:1].upper() + new[1:] if m.group(0)[:1].isupper() else new
        return text[: m.start()] + new + text[m.end() :]
    if kind in ("term", "name"):
        used = [(ident, spelled) for ident, (name, spelled) in finder.used(text).items() if name.kind == kind]
        if not used:
            return None
        ident, spelled = rng.choice(sorted(used))
        role = re.search(r"\{term\}`[^`<]*<" + re.escape(ident) + r">`", text)
        if role:
            return text[: role.start()] + NEUTRAL[lang] + text[role.end() :]
        m = re.search(r"(?<![\w-])" + re.escape(spelled) + r"(?![\w-])", text)
        return None if m is None else text[: m.start()] + NEUTRAL[lang] + text[m.end() :]
    if kind == "sentence-added":
        if not re.search(r"[.!?]\s*$", text) or text.lstrip().startswith(("|", "#")):
            return None
        return text.rstrip() + " " + rng.choice(EXTRA[lang])
    if kind == "sentence-dropped":
        parts = sentence_parts(text, lang)
        if len(parts) < 2:
            return None
        drop = rng.randrange(1, len(parts))
        return " ".join(p for i, p in enumerate(parts) if i != drop)
    if kind == "negation":
        removals = [(pattern, new) for pattern, new in NEGATION_REMOVE[lang] if re.search(pattern, text)]
        pattern, new = NEGATION_ADD[lang]
        options = [("remove", r) for r in removals] + ([("add", None)] if re.search(pattern, text) else [])
        if not options:
            return None
        how, removal = rng.choice(options)
        if how == "remove":
            return re.sub(removal[0], removal[1], text, count=1)
        return re.sub(pattern, new, text, count=1)
    if kind == "emphasis":
        bold = list(re.finditer(r"\*\*(\d+)\*\*", text))
        if bold:
            m = rng.choice(bold)
            return text[: m.start()] + m.group(1) + text[m.end() :]
        bare = [
            m for m in re.finditer(r"(?<![\w.,*\-–])\d{1,3}(?![\w*]|[.,]\d)", text) if _outside_markup(text, m.start())
        ]
        if not bare:
            return None
        m = rng.choice(bare)
        return text[: m.start()] + f"**{m.group(0)}**" + text[m.end() :]
    raise ValueError(kind)


def sentence_parts(text: str, lang: str) -> list[str]:
    """The sentences of a line, not cut after an abbreviation or a German ordinal."""
    parts: list[str] = []
    for part in SENTENCE.split(text):
        if parts and NO_END[lang].search(parts[-1]):
            parts[-1] += " " + part
        else:
            parts.append(part)
    return parts


def example_mutation(kind: str, lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """Drop a doctest block, or change a call's argument / an expected output, in one rules file."""
    blocks = [i for i, line in enumerate(lines) if line.startswith("```{doctest}")]
    if not blocks:
        return None
    start = rng.choice(blocks)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("```"))
    if kind == "example-dropped":
        return start + 1, lines[:start] + lines[end + 1 :]
    candidates = [i for i in range(start + 1, end) if re.search(r"\d", lines[i]) and not lines[i].startswith(":")]
    if not candidates:
        return None
    i = rng.choice(candidates)
    digits = list(re.finditer(r"(?<![\w.])\d+(?![\w])", lines[i]))
    if not digits:
        return None
    m = rng.choice(digits)
    changed = lines[i][: m.start()] + str(int(m.group(0)) + 1) + lines[i][m.end() :]
    return i + 1, lines[:i] + [changed] + lines[i + 1 :]


# ---------------------------------------------------------------- generating and checking


def defines_a_name(site: Site) -> bool:
    """A glossary term's own name or a component's / card's own name or title."""
    parts = site.pair.split(".")
    return (parts[0] == "glossary" and len(parts) == 2) or parts[-1] in ("name", "title")


def generate(folder: Path, rng: random.Random, per_kind: int) -> list[Mutation]:
    """Up to `per_kind` mistakes of every kind in one game, spread over its text kinds."""
    content = load_game(folder)
    finders = {lang: NameFinder(names_of(content), lang) for lang in ("de", "en")}
    all_sites = sites(folder)
    mutations: list[Mutation] = []
    for kind in KINDS:
        if kind.startswith("example-"):
            for _ in range(per_kind):
                lang = rng.choice(("de", "en"))
                rel = f"rules.{lang}.md"
                lines = (folder / rel).read_text(encoding="utf-8").split("\n")
                changed = example_mutation(kind, lines, rng)
                if changed:
                    line, new = changed
                    mutations.append(Mutation(folder.name, kind, "rules", rel, line, "\n".join(lines), "\n".join(new)))
            continue
        by_text_kind = defaultdict(list)
        for site in all_sites:
            by_text_kind[site.kind].append(site)
        made = 0
        attempts = 0
        text_kinds = sorted(by_text_kind)
        while made < per_kind and attempts < per_kind * 40:
            attempts += 1
            site = rng.choice(by_text_kind[text_kinds[attempts % len(text_kinds)]])
            if kind in ("term", "name") and defines_a_name(site):
                continue  # renaming a term or card where it is defined renames it everywhere: no translation slip
            new = mutate(kind, site, rng, finders[site.lang])
            if new is None or new == site.text:
                continue
            source = (folder / site.file).read_text(encoding="utf-8")
            lines = source.split("\n")
            line = lines[site.line - 1]
            # in YAML the value follows its language key ("de: ..."); the same words may stand before it
            start = line.find(f"{site.lang}:") if site.file.endswith(".yaml") else 0
            at = line.find(site.text, max(0, start))
            if at < 0:
                continue
            lines[site.line - 1] = line[:at] + new + line[at + len(site.text) :]
            mutations.append(Mutation(folder.name, kind, site.kind, site.file, site.line, source, "\n".join(lines)))
            made += 1
    return mutations


def check(folder: Path) -> list:
    from rulepress.check.translations import report

    return report(load_game(folder)).undocumented


def run_game(args) -> tuple[str, int, list[tuple[Mutation, str, list[str]]]]:
    """False alarms of one game and the outcome of each of its mutations (in a private copy)."""
    folder, seed, per_kind, kinds = args
    rng = random.Random(f"{seed}:{folder.name}")
    mutations = [m for m in generate(folder, rng, per_kind) if m.kind in kinds]  # the same mistakes as a full run
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / folder.name
        shutil.copytree(folder, copy)
        false_alarms = len(check(copy))
        outcomes = []
        for m in mutations:
            target = copy / m.file
            target.write_text(m.after, encoding="utf-8")
            try:
                found = check(copy)
                named = [f for f in found if m.file in f.path or m.file in f.other]
                outcome = ("caught" if named else "missed", [f.kind for f in named])
            except RulepressError:
                outcome = ("invalid", [])
            finally:
                target.write_text(m.before, encoding="utf-8")
            outcomes.append((m, outcome[0], outcome[1]))
    return folder.name, false_alarms, outcomes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--per-kind", type=int, default=7, help="mistakes per kind and game")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds to check (default: all)")
    parser.add_argument("--show-missed", action="store_true")
    args = parser.parse_args(argv)
    kinds = tuple(k for k in KINDS if k in args.kinds.split(","))
    if not kinds or set(args.kinds.split(",")) - set(KINDS):
        parser.error(f"--kinds: choose from {', '.join(KINDS)}")
    games = find_games(paths.BUNDLED_CONTENT)
    start = time.perf_counter()
    with mp.get_context("spawn").Pool(min(2, len(games))) as pool:
        results = pool.map(run_game, [(g, args.seed, args.per_kind, kinds) for g in games])
    elapsed = time.perf_counter() - start
    per_kind: dict[str, Counter] = defaultdict(Counter)
    per_text_kind: Counter = Counter()
    missed = []
    for game, false_alarms, outcomes in results:
        print(f"{game}: {false_alarms} false alarms on the unchanged texts, {len(outcomes)} mistakes")
        for m, outcome, found_kinds in outcomes:
            per_kind[m.kind][outcome] += 1
            per_kind[m.kind]["as kind"] += outcome == "caught" and bool(EXPECTED[m.kind] & set(found_kinds))
            per_text_kind[(m.kind, m.text_kind)] += 1
            if outcome == "missed":
                missed.append(m)
    total = sum(c["caught"] + c["missed"] for c in per_kind.values())
    print(f"\n{total} valid mistakes, seed {args.seed}, {elapsed:.1f} s")
    print(f"{'kind':18} {'mistakes':>8} {'caught':>7} {'rate':>7} {'as kind':>8}  text kinds")
    worst = 1.0
    for kind in kinds:
        c = per_kind[kind]
        valid = c["caught"] + c["missed"]
        rate = c["caught"] / valid if valid else 0.0
        worst = min(worst, rate) if valid else worst
        spread = ", ".join(f"{tk} {n}" for (k, tk), n in sorted(per_text_kind.items()) if k == kind)
        print(
            f"{kind:18} {valid:>8} {c['caught']:>7} {rate:>7.1%} {c['as kind']:>8}  {spread}"
            + (f" ({c['invalid']} invalid)" if c["invalid"] else "")
        )
    print(f"false alarms on unchanged content: {sum(r[1] for r in results)}; lowest catch rate {worst:.1%}")
    if args.show_missed:
        for m in missed:
            old = m.before.split("\n")[m.line - 1]
            new = m.after.split("\n")[m.line - 1] if m.kind != "example-dropped" else "(block removed)"
            print(f"MISSED {m.kind} {m.game}/{m.file}:{m.line}\n  - {old.strip()[:160]}\n  + {new.strip()[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
