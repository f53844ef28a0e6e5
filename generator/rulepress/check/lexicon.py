"""The words that decide how a game is played, per language, read from the reviewed data files
``templates/lexicons/<lang>.yaml``; `signals(text, lang)` finds them in one sentence.

A lexicon lists number words (cardinals, fractions, multiplicatives such as ``double`` / ``doppelt``),
ordinals (German ones count only after a determiner: ``Achte darauf`` is no eighth), and phrases for the
signal categories ``negation``, ``bound`` (at most, at least, more than, fewer than, exactly, only),
``quantifier`` (each, any), ``time`` (before, after, then, until, immediately, at the end of),
``direction`` (left, right, clockwise, adjacent, above, below), ``modality`` (must, may), ``condition``
(if, unless, only if, except) and ``colour``. ``no_signal`` lists phrases that look like a signal but
say none (``regardless``, ``nicht nur``); ``answers`` are words that are no negation where they stand
alone or before a comma (a table cell ``No``) or as a question tag after one (``ganar, ¿no?``).
``capitalised_inside_no_signal`` reads a capitalised word inside a sentence as a name or a noun, never one
written all in capitals (``are NOT``: emphasis).

A phrase is whole words, matched case-insensitively; each word is a regular expression that must
match a whole word. A phrase starting with ``~`` is weak: it answers the signal on the other side but is
never reported missing. The longest phrase wins at each word and uses its words up (``no more than`` is
a bound, not a negation). ``also`` gives a phrase a second, weak signal (``once``: a condition too).
A language that opens a condition with its verb (German ``Liegen Armeen aus, gewinnt ...``) names the
verb's forms and subjects (``verb_first_verb``, ``verb_first_subjects``) and its ``short_verbs``
(infinitives that do not end in -en); such verbs are told by their lemma (simplemma), loaded only for
such a clause. ``only_before`` lists the words after which an 'only' restricts what follows (a preposition,
an article, a participle: *nur zum Schlagen*, *only used for capturing*; `restricts_what_follows`).
``negates_alone`` lists the weak negations that negate on their own (*empty*, *instead of*, *statt*; not an
affix such as *un-*: `negates_alone`). ``roles``
holds the words that give a glossary term its role in a sentence (prepositions, marks, articles:
`rulepress.check.roles`). A language without a lexicon file finds digits only.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

import yaml

from rulepress import paths, plainyaml
from rulepress.check import numbers, terms
from rulepress.errors import UsageError
from rulepress.model.sourcefile import display_path

LEXICONS = paths.TEMPLATES / "lexicons"
WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_PLAIN = re.compile(r"^[^\W\d_]+(?:['’\-][^\W\d_]+)*$")


@dataclass(frozen=True)
class Signal:
    """One signal found in a sentence: its category, its value, the words as written and whether it is weak."""

    category: str  # number, negation, bound, quantifier, time, direction, modality, condition, colour
    value: str | Fraction
    words: str
    weak: bool
    start: int = 0
    negated_by: int = -1  # a modal verb a negation negates: where that negation starts (`_negate`)
    was: str | Fraction = ""  # ... and its value before


@dataclass(frozen=True)
class _Entry:
    words: tuple[re.Pattern | str, ...]  # a plain word (lower case) or a pattern matching a whole word
    category: str
    value: str | Fraction
    weak: bool
    ordinal: bool = False


@dataclass(frozen=True)
class Lexicon:
    """One language's lexicon, ready to match."""

    lang: str
    by_first: dict[str, tuple[_Entry, ...]]  # entries whose first word is plain, by that word
    patterned: tuple[_Entry, ...]  # entries whose first word is a pattern
    ordinals_after: tuple[re.Pattern, ...]
    digit_suffix: str
    answers: frozenset[str]
    verb_first_verb: re.Pattern | None = None  # what a finite verb opening such a clause looks like
    verb_first_subjects: tuple[re.Pattern, ...] = ()  # 'Hat er ..., darf er': a verb, then one of these: a condition
    capitalised_inside_no_signal: bool = False  # a capitalised word inside a sentence is a noun or a name
    also: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # phrase -> (category, value), weak
    short_verbs: frozenset[str] = frozenset()  # verbs whose infinitive is not -en/-ern/-eln ('sein', 'tun')
    verb_first_then: frozenset[str] = frozenset()  # words that may open the main clause before its verb ('so')
    negated: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)  # (category, value) negated
    negated_phrases: dict[str, tuple[str, str]] = field(default_factory=dict)  # phrase -> what it says negated
    clause_words: frozenset[str] = frozenset()  # words opening a clause ('that', 'and'): a negation's reach ends
    said_before: dict[tuple[str, str], dict[tuple[str, str], tuple[str, str]]] = field(default_factory=dict)
    modal_adjectives: tuple[re.Pattern, ...] = ()  # a negation negates a modal verb of its clause before these
    negated_after: frozenset[str] = frozenset()  # modal verbs a negation negates only after them ('must not')
    negates_ahead: frozenset[str] = frozenset()  # ... except these ('No pieces may be skipped')
    only_before: tuple[re.Pattern, ...] = ()  # words after which 'only' restricts what follows ('nur zum Schlagen')
    roles: dict = field(default_factory=dict)  # the words that give a glossary term its role (`rulepress.check.roles`)
    negates_alone: tuple[re.Pattern, ...] = ()  # weak negations that negate alone ('empty', 'statt'; not 'un-')


def _value(raw) -> tuple[Fraction, bool]:
    text = str(raw)
    weak = text.startswith("~")
    return Fraction(text.lstrip("~")), weak


def _word(word: str) -> re.Pattern | str:
    return word.lower() if _PLAIN.match(word) else re.compile(word, re.I)


def _entry(phrase, category: str, value, weak: bool = False, ordinal: bool = False) -> _Entry:
    if not isinstance(phrase, str) or not phrase.strip():
        raise TypeError(f'{category} {value}: {phrase!r} is no phrase (quote words YAML reads otherwise: "no")')
    if phrase.startswith("~"):
        phrase, weak = phrase[1:], True
    return _Entry(tuple(_word(w) for w in phrase.split()), category, value, weak, ordinal)


class LexiconError(ValueError):
    """A lexicon file that cannot be read."""


def parse(data: dict, lang: str) -> Lexicon:
    """A `Lexicon` from the data of a lexicon file (see the module docstring)."""
    entries: list[_Entry] = []
    try:
        for phrase, raw in (data.get("numbers") or {}).items():
            value, weak = _value(raw)
            entries.append(_entry(phrase, "number", value, weak))
        for phrase, raw in (data.get("ordinals") or {}).items():
            value, weak = _value(raw)
            entries.append(_entry(phrase, "number", value, weak, ordinal=True))
        for category, values in (data.get("signals") or {}).items():
            for value, phrases in values.items():
                entries += [_entry(p, str(category), str(value)) for p in phrases]
        after = tuple(re.compile(str(w), re.I) for w in data.get("ordinals_after") or ())
    except (AttributeError, TypeError, ValueError, ZeroDivisionError, re.error) as exc:
        raise LexiconError(f"lexicon {lang}: {exc}") from exc
    entries.sort(key=lambda e: -len(e.words))  # the longest phrase first
    by_first: dict[str, list[_Entry]] = {}
    patterned = []
    for e in entries:
        if isinstance(e.words[0], str):
            by_first.setdefault(e.words[0], []).append(e)
        else:
            patterned.append(e)
    return Lexicon(
        lang,
        {k: tuple(v) for k, v in by_first.items()},
        tuple(patterned),
        after,
        str(data.get("digit_suffix") or ""),
        frozenset(str(w).lower() for w in data.get("answers") or ()),
        re.compile(str(data["verb_first_verb"]), re.I) if data.get("verb_first_verb") else None,
        tuple(re.compile(str(w), re.I) for w in data.get("verb_first_subjects") or ()),
        bool(data.get("capitalised_inside_no_signal")),
        {
            str(phrase).lower(): tuple(tuple(str(s).split(".", 1)) for s in signals)  # type: ignore[misc]
            for phrase, signals in (data.get("also") or {}).items()
        },
        frozenset(str(w).lower() for w in data.get("short_verbs") or ()),
        frozenset(str(w).lower() for w in data.get("verb_first_then") or ()),
        {_pair(k): _pair(v) for k, v in (data.get("negated") or {}).items()},
        {str(k).lower(): _pair(v) for k, v in (data.get("negated_phrases") or {}).items()},
        frozenset(str(w).lower() for w in data.get("clause_words") or ()),
        {
            _pair(k): {_pair(after): _pair(says) for after, says in (v or {}).items()}
            for k, v in (data.get("said_before") or {}).items()
        },
        tuple(re.compile(str(w), re.I) for w in data.get("modal_adjectives") or ()),
        frozenset(str(w).lower() for w in data.get("negated_after") or ()),
        frozenset(str(w).lower() for w in data.get("negates_ahead") or ()),
        tuple(re.compile(rf"(?:{w})", re.I) for w in data.get("only_before") or ()),
        _roles(data.get("roles") or {}, lang),
        tuple(_phrase(str(p), f"lexicon {lang}: negates_alone") for p in data.get("negates_alone") or ()),
    )


def _phrase(phrase: str, where: str) -> re.Pattern:
    """A phrase of whole words, each a pattern, as one pattern matching the words of a signal as written."""
    try:
        return re.compile(r"\s+".join(f"(?:{w})" for w in phrase.split()), re.I)
    except re.error as exc:
        raise LexiconError(f"{where}: {phrase!r} is no phrase: {exc}") from exc


def _roles(data, lang: str) -> dict:
    """The ``roles`` part of a lexicon file, checked: a mapping whose ``governs`` and ``marks`` map a role to
    phrases and whose other keys are lists of words (or, ``modifier``, one pattern)."""
    if not isinstance(data, dict):
        raise LexiconError(f"lexicon {lang}: roles: expected a mapping")
    patterns: list[tuple[str, str]] = []
    for key in ("governs", "marks", "clause_openers"):
        for role, phrases in (data.get(key) or {}).items():
            if not isinstance(phrases, list) or not all(isinstance(p, str) and p.strip() for p in phrases):
                raise LexiconError(f"lexicon {lang}: roles.{key}.{role}: expected a list of phrases")
            patterns += [(f"{key}.{role}", w) for p in phrases for w in p.split()]
    for key in ("determiners", "subject_openers", "one"):
        patterns += [(key, str(w)) for w in data.get(key) or ()]
    if data.get("modifier"):
        patterns.append(("modifier", str(data["modifier"])))
    for key, pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise LexiconError(f"lexicon {lang}: roles.{key}: {pattern!r} is no pattern: {exc}") from exc
    return data


def _pair(signal) -> tuple[str, str]:
    """("modality", "must") from "modality.must"."""
    category, _, value = str(signal).partition(".")
    if not value:
        raise LexiconError(f"{signal!r} is no category.value")
    return category, value


_added: dict[str, tuple[Path, str]] = {}  # language -> a game's own lexicon file and its digest (`use_game_lexicons`)


def use_game_lexicons(folder: Path) -> None:
    """Use the lexicons a game folder brings (``lexicons/<lang>.yaml``) for languages Rulepress ships none of;
    the first game to bring one for a language wins, and an edit of that file is read again (under `serve`).
    One that cannot be read is a `UsageError` naming it."""
    for path in sorted((folder / "lexicons").glob("*.yaml")):
        if (LEXICONS / path.name).is_file():
            continue
        known = _added.get(path.stem)
        stamp = hashlib.sha256(path.read_bytes()).hexdigest()
        if known is not None and (known[0] != path or known[1] == stamp):
            continue  # another game's, or this file as it was read
        _added[path.stem] = (path, stamp)
        load.cache_clear()
        try:
            load(path.stem)
        except LexiconError as exc:
            del _added[path.stem]
            load.cache_clear()
            raise UsageError(f"{display_path(path)}: {exc}") from None


def game_lexicons_digest(folder: Path) -> str:
    """What the lexicons a game folder brings say (their names and bytes): a remembered comparison of the
    game's texts follows from them too."""
    h = hashlib.sha256()
    for path in sorted((folder / "lexicons").glob("*.yaml")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


@cache
def load(lang: str, folder: Path = LEXICONS) -> Lexicon | None:
    """The lexicon of `lang` (Rulepress's, else a game's own: `use_game_lexicons`), or None when there is none."""
    path = folder / f"{lang}.yaml"
    if not path.is_file():
        path = _added[lang][0] if lang in _added else path
    if not path.is_file():
        return None
    try:
        data = plainyaml.load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise LexiconError(f"{path}: cannot be read as YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise LexiconError(f"{path}: a lexicon is a mapping (see templates/lexicons/en.yaml)")
    return parse(data, lang)


def negates_alone(signal: Signal, lang: str) -> bool:
    """Is `signal` a weak negation that negates on its own (lexicon ``negates_alone``: 'an empty hand', 'instead
    of growing', 'statt'), not an affix ('unofficial', 'inoffiziell') nor a particle ('ne' before 'que')?"""
    found = load(lang)
    return (
        found is not None
        and signal.category == "negation"
        and any(p.fullmatch(signal.words) for p in found.negates_alone)
    )


def known(lang: str) -> bool:
    return load(lang) is not None


def _matches(word: re.Pattern | str, token: str) -> bool:
    return word == token.lower() if isinstance(word, str) else word.fullmatch(token) is not None


def _sentence_start(text: str, start: int) -> bool:
    """Does a sentence or clause begin at `start` (nothing but markup or an opening mark after a stop before it)?"""
    before = text[:start].rstrip(" *_\"„“(«»'[")
    return not before or before[-1] in ".!?:;—–|"


def _match_at(entry: _Entry, tokens: list[re.Match], i: int, text: str) -> bool:
    """Does `entry` match the words from `tokens[i]` on, with nothing but spaces between them?"""
    if i + len(entry.words) > len(tokens):
        return False
    for k, word in enumerate(entry.words):
        if k and text[tokens[i + k - 1].end() : tokens[i + k].start()].strip():
            return False
        if not _matches(word, tokens[i + k].group(0)):
            return False
    return True


def _number_part(lexicon: Lexicon, part: str) -> _Entry | None:
    """The one-word number entry saying `part` (the first part of a hyphenated word), if any."""
    candidates = lexicon.by_first.get(part.lower(), ()) + lexicon.patterned
    return next(
        (e for e in candidates if e.category == "number" and len(e.words) == 1 and _matches(e.words[0], part)), None
    )


def _names_something(lexicon: Lexicon, hit: _Entry, token: re.Match, text: str) -> bool:
    """Is the word `token` where the phrase `hit` starts a noun or a name, not the word the phrase means: a
    capitalised word inside a sentence of a lexicon with ``capitalised_inside_no_signal`` ('die Rechten',
    'Adjacent Revival'), not a number or colour ('die Zehn') and not a word written in capitals for emphasis
    ('who are NOT Hitler', 'darf NICHT')?"""
    word = token.group(0)
    return (
        lexicon.capitalised_inside_no_signal
        and word[:1].isupper()
        and not (len(word) > 1 and word.isupper())
        and hit.category not in ("number", "colour")
        and not _sentence_start(text, token.start())
        and _lower_case_phrase(hit)
    )


def _lower_case_phrase(entry: _Entry) -> bool:
    """Is the first word of `entry` written in lower case (no noun)?"""
    first = entry.words[0]
    written = first if isinstance(first, str) else first.pattern
    return not written[:1].isupper()


def _stands_last(text: str, end: int) -> bool:
    """Does a clause end after `end` (a pronoun 'one', an adverb 'each': 'play one', 'one card each')?"""
    rest = text[end:].lstrip(" *_")
    return not rest or rest[0] in ",.;:!?)—–|"


def _is_answer(lexicon: Lexicon, text: str, token: re.Match, index: int) -> bool:
    """A word such as 'No' / 'Nein' standing alone or first before a comma, or a question tag after a comma
    ('Lo importante es ganar, ¿no?', 'You pass, no?'): an answer, no negation."""
    if token.group(0).lower() not in lexicon.answers:
        return False
    rest = text[token.end() :].lstrip(" *_")
    if index > 0:
        return rest[:1] == "?" and text[: token.start()].rstrip(" *_¿").endswith(",")
    return not rest or rest[0] in ",.!;:|"


def digits(text: str, lang: str) -> list[Signal]:
    """The numbers of one sentence `text` written as digits: what is compared where either language of a pair
    has no lexicon (a number word, a negation or a bound can then not be told from an ordinary word)."""
    return _digits(numbers.clean(text), lang)


# what the lexicon lets a pair compare beyond digits, names, terms and structure (the report names these where
# a language of the pair has no lexicon)
WORD_CHECKS = (
    "number words",
    "negation",
    "bound",
    "quantifier",
    "time",
    "direction",
    "modality",
    "condition",
    "colour",
)


def signals(text: str, lang: str) -> list[Signal]:
    """The signals of one sentence `text` in `lang`, in reading order (quoted names and code left out)."""
    return _read(text, lang)[0]


def silent(text: str, lang: str) -> list[str]:
    """The phrases of `text` the lexicon reads as saying nothing (``no_signal``: 'any longer', 'each other',
    'nicht nur'), as written."""
    return _read(text, lang)[1]


def _read(text: str, lang: str) -> tuple[list[Signal], list[str]]:
    """The signals of `text` (`signals`) and its phrases that say nothing (`silent`)."""
    silent_words: list[str] = []
    text = numbers.clean(text)
    found = _digits(text, lang)
    lexicon = load(lang)
    if lexicon is None:
        return found, silent_words
    tokens = list(WORD.finditer(text))
    i = 0
    while i < len(tokens):
        hit = _hit_at(lexicon, tokens, i, text)
        if hit is None:
            i += 1
            continue
        said, quiet = _said_by(lexicon, hit, tokens, i, text)
        found += said
        silent_words += quiet
        i += len(hit.words)
    return _whole_sentence(found, text, lexicon), silent_words


def _hit_at(lexicon: Lexicon, tokens: list[re.Match], i: int, text: str) -> _Entry | None:
    """The longest entry of `lexicon` whose words begin at token `i` (not where they name something), or the
    number a hyphenated word begins with ('three-player'), or None."""
    token = tokens[i]
    candidates = lexicon.by_first.get(token.group(0).lower(), ()) + lexicon.patterned
    hit = next(
        (e for e in sorted(candidates, key=lambda e: -len(e.words)) if _match_at(e, tokens, i, text)),
        None,
    )
    if hit is not None and _names_something(lexicon, hit, token, text):
        hit = None  # a noun ('die Rechten', 'das Überschreiten'), not the word the phrase means
    if hit is None and "-" in token.group(0):
        hit = _number_part(lexicon, token.group(0).split("-")[0])  # 'three-player', 'two-sided'
    return hit


def _said_by(
    lexicon: Lexicon, hit: _Entry, tokens: list[re.Match], i: int, text: str
) -> tuple[list[Signal], list[str]]:
    """(signals, phrases that say nothing) of the entry `hit` found at token `i` of `text`."""
    token = tokens[i]
    span = tokens[i + len(hit.words) - 1].end()
    words = text[token.start() : span]
    also = [
        Signal(category, value, words, True, token.start()) for category, value in lexicon.also.get(words.lower(), ())
    ]
    if hit.ordinal and lexicon.ordinals_after:
        before = tokens[i - 1].group(0) if i else ""
        if not any(p.fullmatch(before) for p in lexicon.ordinals_after):
            return also, []  # 'first' as 'before'
    if hit.category == "negation" and _is_answer(lexicon, text, token, i):
        return [], []
    if hit.category == "no_signal":
        return [], [words]
    weak = hit.weak or (
        (hit.category == "quantifier" or (hit.category == "number" and hit.value == 1)) and _stands_last(text, span)
    )
    return [Signal(hit.category, hit.value, words, weak, token.start()), *also], []


def _whole_sentence(found: list[Signal], text: str, lexicon: Lexicon) -> list[Signal]:
    """`found` with what the sentence `text` says as a whole: verb-first subjects, negations and what is said
    before, in reading order."""
    if lexicon.verb_first_subjects:
        found = found + _verb_first(text, lexicon)
    if lexicon.negated:
        found = _negate(found, text, lexicon)
    if lexicon.said_before:
        found = _said_before(found, text, lexicon)
    return sorted(found, key=lambda s: s.start)


_CLAUSE_MARK = re.compile(r"[,;:.!?()\[\]—–|]")


def restricts_what_follows(text: str, lang: str, end: int) -> bool:
    """Does the word after position `end` (where an 'only' ends) open what that 'only' restricts: a preposition,
    an article, a participle ('nur zum Schlagen', 'only used for capturing'; lexicon ``only_before``), not an
    adjective, adverb or bare noun of a particle 'only' ('war nur Schein', 'ausschließlich waagerecht')?"""
    found = load(lang)
    following = WORD.search(numbers.clean(text), end)
    if found is None or following is None or text[end : following.start()].strip():
        return False
    return any(p.fullmatch(following.group(0)) for p in found.only_before)


def clause_of(text: str, lang: str, at: int) -> tuple[int, int]:
    """The span of the clause of `text` (read as `signals` reads it) around position `at`."""
    found = load(lang)
    text = numbers.clean(text)
    starts = _clauses(text, found) if found else [0]
    begin = max(s for s in starts if s <= at)
    return begin, min([s for s in starts if s > at] + [len(text)])


def _clauses(text: str, lexicon: Lexicon) -> list[int]:
    """Where the clauses of `text` begin: after a punctuation mark, and at a word of ``clause_words``."""
    starts = [m.end() for m in _CLAUSE_MARK.finditer(text)]
    starts += [m.start() for m in WORD.finditer(text) if m.group(0).lower() in lexicon.clause_words]
    return sorted({0, *starts})


def _said_before(found: list[Signal], text: str, lexicon: Lexicon) -> list[Signal]:
    """`found` with each signal of the lexicon's ``said_before`` that another of its clause follows replaced by
    what the two say, weakly: 'Any player may use it' lets every player ('darf von allen Spielern')."""
    starts = _clauses(text, lexicon)
    clause = [max(i for i, c in enumerate(starts) if c <= s.start) for s in found]
    out = []
    for i, s in enumerate(found):
        rules = lexicon.said_before.get((s.category, str(s.value)), {})
        later = {
            (t.category, str(t.value)) for j, t in enumerate(found) if clause[j] == clause[i] and t.start > s.start
        }
        says = next((says for after, says in rules.items() if after in later), None)
        out.append(Signal(says[0], says[1], s.words, True, s.start) if says else s)
    return out


def _negate(found: list[Signal], text: str, lexicon: Lexicon) -> list[Signal]:
    """`found` with the signal of the lexicon's ``negated`` nearest to each firm 'not' in its clause replaced
    by what it says negated: 'darf nicht' / 'may not' forbid ('forbidden'), 'muss nicht' / 'does not have
    to' do not oblige ('need_not'); a phrase of ``negated_phrases`` says otherwise ('must not' forbids). A
    modal verb said by the negation itself ('cannot', lexicon ``also``) is firm then: 'cannot' forbids; a
    modal verb goes before a word of ``modal_adjectives`` ('Kannst du die vorgeschriebene Zugweite nicht');
    a verb of ``negated_after`` only by a negation after it ('while not all are covered must go back') or
    one of ``negates_ahead`` opening its clause ('No pieces may be skipped', not 'that took no part ... may')."""
    starts = _clauses(text, lexicon)

    def clause(at: int) -> int:
        return max(i for i, s in enumerate(starts) if s <= at)

    def meant(s: Signal) -> tuple[str, str] | None:
        said = lexicon.negated_phrases.get(s.words.lower()) or lexicon.negated.get((s.category, str(s.value)))
        return said if said and said[0] == s.category else None

    def opens(s: Signal) -> bool:  # the first word of its clause: its subject ('No pieces may')
        return not text[starts[clause(s.start)] : s.start].strip(" *_\"'„“")

    out = list(found)
    said = [s for s in found if s.category == "negation" and s.value == "not"]
    for negation in [s for s in said if not s.weak or s.words.lower() in lexicon.also]:  # 'muss aber nicht'
        near = [
            (any(p.fullmatch(s.words) for p in lexicon.modal_adjectives), abs(s.start - negation.start), i)
            for i, s in enumerate(out)
            if meant(s)
            and out[i] is found[i]
            and clause(s.start) == clause(negation.start)
            and not (
                s.words.lower() in lexicon.negated_after
                and negation.start < s.start
                and not (negation.words.lower() in lexicon.negates_ahead and opens(negation))
            )
        ]
        if near:
            i = min(near)[2]
            s, (_, value) = out[i], meant(out[i])  # type: ignore[misc]
            weak = s.weak and s.start != negation.start
            out[i] = Signal(s.category, value, s.words, weak, s.start, negation.start, s.value)
    return out


_CLAUSE_START = re.compile(r"(?:^|[—–:;]\s*|[.!?]\s+)[*_\s]*([^\W\d_]+)\s+([^\W\d_]+)(?=[^,.;:!?—–]*,)")


_QUOTED = re.compile(r"„[^“”\n]*[“”]|“[^”\n]*”|»[^«\n]*«|«[^»\n]*»|\"[^\"\n]*\"")


def _verb_first(text: str, lexicon: Lexicon) -> list[Signal]:
    """Conditions without a conjunction: clauses that open with a finite verb and end in a comma ('Hat der
    Spieler keine Karte, zieht er'). The verb is told by its lemma (simplemma): it ends in -en or -n and
    differs from the word (no noun, no article), and either a subject of the lexicon follows it or the main
    clause after the comma opens with a finite verb too ('Liegen Armeen aus, gewinnt ...', 'Zählte das
    Überspringen, ginge ...'); an imperative ('Lege eine Karte, ...': the lemma is the word and -n) is none."""
    found = []
    text = _QUOTED.sub(lambda m: "x" * len(m.group(0)), text)  # a quoted name's dash ends no clause
    for match in _CLAUSE_START.finditer(text):
        word = match.group(1)
        if text.rstrip(" *_").endswith("?"):
            continue  # a question
        if _opens_clause(text, match, lexicon) or _verb_then_verb(text, match, lexicon):
            found.append(Signal("condition", "if", word, False, match.start(1)))
    return found


def _opens_clause(text: str, match: re.Match, lexicon: Lexicon) -> bool:
    """A finite verb of the lexicon's form, then one of its subjects ('Hat der Spieler ...')."""
    word = match.group(1)
    if lexicon.verb_first_verb is not None and not lexicon.verb_first_verb.fullmatch(word):
        return False  # an imperative: 'Lege eine Karte, ...'
    if not any(p.fullmatch(match.group(2)) for p in lexicon.verb_first_subjects):
        return False  # no subject after the verb: 'Gewonnen hat, wer ...'
    base = terms.lemma(word, lexicon.lang, keep_case=True)
    if base[:1].isupper() and base != word:
        return False  # a noun ('Karten': 'Karte')
    if base.lower() == word.lower():
        base = terms.lemma(word.lower(), lexicon.lang)  # 'Hat': 'hat': 'haben'
    if base == word.lower() + "n":
        return False  # an imperative: 'Starte eine Runde, ...'
    plural = base == word.lower() and word.endswith("en")  # 'Haben beide ..., werden'
    return (plural or base != word.lower()) and _verb_lemma(base, lexicon)


def _verb_lemma(base: str, lexicon: Lexicon) -> bool:
    """An infinitive: -en, -ern, -eln, or one of the lexicon's `short_verbs` ('sein'); 'dann', 'ein', 'wohin'
    are none."""
    return base in lexicon.short_verbs or (bool(re.search(r"(?:e|er|el)n$", base)) and not base.endswith("ung"))


def _finite_verb(word: str, lexicon: Lexicon) -> bool:
    """A lower-case inflected verb: its lemma differs from it and is a verb's ('gewinnt': 'gewinnen')."""
    base = terms.lemma(word, lexicon.lang)
    return word.islower() and base != word and _verb_lemma(base, lexicon)


def _verb_then_verb(text: str, match: re.Match, lexicon: Lexicon) -> bool:
    """A clause opening with a verb whose main clause after the comma opens with a finite verb."""
    word = match.group(1).lower()
    base = terms.lemma(word, lexicon.lang)
    if not _verb_lemma(base, lexicon) or base == word + "n":
        return False  # no verb, or an imperative ('lege': 'legen')
    clause = re.split(r"[.;:!?—–]", text[match.end(2) :], maxsplit=1)[0]
    for then, after in re.findall(r",[\s*_]*([^\W\d_]+)(?:\s+([^\W\d_]+))?", clause):
        if _finite_verb(then, lexicon) or (then.lower() in lexicon.verb_first_then and _finite_verb(after, lexicon)):
            return True
    return False


def _digits(text: str, lang: str) -> list[Signal]:
    """Numbers written as digits, in the language's separators (a card '2s', an ordinal '3rd' / '3.')."""
    found = []
    for match in numbers.DIGITS.finditer(text):
        if text[match.end() : match.end() + 1].isalpha() and not _suffix_ok(text, match.end(), lang):
            continue  # part of a name or unit glued to letters: 'd6', '2x'
        for value in numbers.parse_digits(match.group(0), lang):
            found.append(Signal("number", value, match.group(0), False, match.start()))
    return found


def _suffix_ok(text: str, end: int, lang: str) -> bool:
    lexicon = load(lang)
    if lexicon is None or not lexicon.digit_suffix:
        return False
    following = re.match(r"[^\W\d_]*", text[end:])
    return following is not None and re.fullmatch(lexicon.digit_suffix, following.group(0), re.I) is not None
