"""The part a glossary term plays in its sentence (its *role*), read from the words before it, and two terms
whose roles cross between a text and its translation (`exchanged`): 'move from the start to the goal' against
'vom Ziel zum Start' (start: from, goal: to in English; the other way round in German).

A term's noun phrase is read backwards from the term (lexicon ``roles``): up to two modifiers (lower-case words
matching ``modifier``: adjectives, 'starting', 'eigenen'), then determiners (``determiners``: articles,
possessives, numbers, the possessive 's) and marks (``marks``: each, per, only, which give a role of their own
and let the reading go on), then a preposition (``governs``: its roles, from, to, on, under, with ...). Without a
preposition:

- a determiner of ``object`` (German accusative ``den``, ``einen``; not a plural noun, ``den Spielern`` is a
  dative) makes the term an ``object``; one of ``genitive`` (``des``), or of ``genitive_after_noun`` (``der``)
  after a capitalised noun (``die Karte der Auslage``), makes it an owner (``of``, as English 'of' and 's do);
- a noun phrase opening the sentence is its ``subject``;
- where ``verb_object`` is set (English), a noun phrase after a lower-case word that is none of these (a verb:
  'places their pawn') is an ``object``.

A punctuation mark or another term ends the reading. Roles are compared only where they cross: a term has a
role the other lacks on one side, and the other term has it (the first not) on the other side, and the same
the other way round for a second role. Word order is never compared: German and English order two terms
differently in 13 of 162 unchanged sentence pairs of the corpus that share them.

The clause a term stands in is part of its role (`_clauses`, `_main_clauses`): inside a conditional or temporal
clause (``clause_openers``: 'if', 'wenn', 'sobald', 'si'; from the opener to the comma closing it, parentheses
skipped, in German the comma after the clause's final verb) the clause's kind ('if-clause', 'when-clause'), in
such a sentence elsewhere 'main-clause'; in coordinated main clauses (``coordinators``: 'and', 'und', 'et', with a
verb on both sides of it) the clause's place ('and-1/2'). Where a term is said more than once, the roles are also
counted per use (`uses`), so the use that moved is not hidden by the other. `quantified` finds a term counted
'each' on one side and 'one' (``one``: 'one', 'einer', 'une') on the other.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from rulepress.check import lexicon, terms

_SENTENCE_MARK = re.compile(r"[.!?:;]")
_MARKUP = re.compile(r"[\s*_\"„“”'’«»]*")  # what stands between two words of a phrase (no punctuation)
_POSSESSIVE = re.compile(r"['’](?:s(?!\w)|\s)")  # 'the pawn's space', 'the players' cards'


@dataclass(frozen=True)
class _Rules:
    governs: tuple[tuple[tuple[re.Pattern, ...], frozenset[str]], ...]  # a preposition's words and roles
    marks: tuple[tuple[tuple[re.Pattern, ...], frozenset[str]], ...]
    determiners: tuple[re.Pattern, ...]
    modifier: re.Pattern | None
    object: frozenset[str]
    genitive: frozenset[str]
    genitive_after_noun: frozenset[str]
    verb_object: bool
    possessive_s: bool
    stops: frozenset[str]
    copula: frozenset[str]
    object_after_subject: bool
    subject_openers: tuple[re.Pattern, ...]
    subject_after: frozenset[str]
    clause_openers: tuple[tuple[tuple[re.Pattern, ...], frozenset[str]], ...]  # 'if', 'sobald': the clause's kinds
    clause_ends_after_verb: bool  # German: the comma closing a clause follows its (lower-case) final verb
    one: tuple[re.Pattern, ...]  # determiners that say one ('one', 'einer', 'une'): `counted`
    coordinators: frozenset[str]  # 'and', 'und', 'et': between two main clauses where each has a verb
    pronouns: frozenset[str]  # a pronoun after a word makes it a verb ('replace it', 'lege sie')
    verb_final: bool  # German: a lower-case word ending a clause is its verb ('Die Karte nehmen und ...')


def _phrases(data: dict) -> tuple[tuple[tuple[re.Pattern, ...], frozenset[str]], ...]:
    by_phrase: dict[str, set[str]] = {}
    for role, phrases in (data or {}).items():
        for phrase in phrases:
            by_phrase.setdefault(phrase, set()).add(str(role))
    found = [
        (tuple(re.compile(w, re.I) for w in phrase.split()), frozenset(roles)) for phrase, roles in by_phrase.items()
    ]
    return tuple(sorted(found, key=lambda p: -len(p[0])))  # the longest phrase first


@cache
def _rules(lang: str) -> _Rules | None:
    found = lexicon.load(lang)
    data = found.roles if found is not None else {}
    if not data:
        return None
    words = lambda key: frozenset(str(w).lower() for w in data.get(key) or ())  # noqa: E731
    return _Rules(
        _phrases(data.get("governs") or {}),
        _phrases(data.get("marks") or {}),
        tuple(re.compile(str(w), re.I) for w in data.get("determiners") or ()),
        re.compile(str(data["modifier"])) if data.get("modifier") else None,
        words("object"),
        words("genitive"),
        words("genitive_after_noun"),
        bool(data.get("verb_object")),
        bool(data.get("possessive_s")),
        words("stops"),
        words("copula"),
        bool(data.get("object_after_subject")),
        tuple(re.compile(str(w), re.I) for w in data.get("subject_openers") or ()),
        words("subject_after"),
        _phrases(data.get("clause_openers") or {}),
        bool(data.get("clause_ends_after_verb")),
        tuple(re.compile(str(w), re.I) for w in data.get("one") or ()),
        words("coordinators"),
        words("pronouns"),
        bool(data.get("verb_final")),
    )


def known(lang: str) -> bool:
    """Does the lexicon of `lang` tell roles?"""
    return _rules(lang) is not None


def _ending_at(phrases, tokens: list[re.Match], j: int, text: str) -> tuple[int, frozenset[str]] | None:
    """(words, roles) of the longest phrase of `phrases` whose last word is `tokens[j]`, nothing but spaces and
    markup between its words."""
    for words, roles in phrases:
        first = j - len(words) + 1
        if first < 0:
            continue
        if all(w.fullmatch(tokens[first + k].group(0)) for k, w in enumerate(words)) and all(
            _MARKUP.fullmatch(text[tokens[k].end() : tokens[k + 1].start()]) for k in range(first, j)
        ):
            return len(words), roles
    return None


def _role(text: str, tokens: list[re.Match], start: int, end: int, taken: set[int], rules: _Rules, lang: str):
    """The roles of the term said by `tokens[start:end]` (see the module docstring): read from the words before
    it (`_Reading`), else from its phrase's determiners and the word the reading stopped at (`_phrase_role`)."""
    if _possessor(text, tokens[end - 1], rules):
        return frozenset({"of"})  # 'the pawn's space': the pawn owns it, the rest of the phrase is the space's
    reading = _Reading(text=text, tokens=tokens, taken=taken, rules=rules, j=start - 1)
    while _read_back(reading):
        pass
    if reading.decided is not None:
        return reading.decided
    return _phrase_role(reading, tokens[end - 1].group(0), lang, start)


@dataclass(kw_only=True)
class _Reading:
    """The backward reading of the words before a term: the sentence (`text`, its `tokens`, the words of terms
    `taken`, the lexicon's `rules`), the word `j` read next, and what the words read so far tell."""

    text: str
    tokens: list[re.Match]
    taken: set[int]
    rules: _Rules
    j: int
    modifiers: int = 0  # modifiers read (at most two)
    zone: str = "modifier"  # "modifier" until a determiner (or owner) is read, then "det"
    dets: list[str] = field(default_factory=list)  # the determiners read, lower-case
    found: set[str] = field(default_factory=set)  # roles marked by phrases read (lexicon ``marks``)
    at_start: bool = False  # the reading reached the start of the sentence
    stopped: str | None = None  # the word the reading stopped at
    decided: set[str] | None = None  # the roles, when a word read tells them outright


def _read_back(reading: _Reading) -> bool:
    """Read the word before `reading.j` into `reading`; False when the reading ends: at the sentence's start,
    a punctuation mark or another term, or a word that tells the roles or is none of the phrase's."""
    text, tokens, j = reading.text, reading.tokens, reading.j
    if j < 0:
        reading.at_start = not text[: tokens[0].start()].strip(' *_"„“«»#-+>|0123456789.)')
        return False
    gap = text[tokens[j].end() : tokens[j + 1].start()]
    if tokens[j].group(0).lower() == "s" and re.search(r"['’]$", text[: tokens[j].start()]):
        _skip_owner_name(reading)
        return True
    if not _MARKUP.fullmatch(gap):
        reading.at_start = bool(_SENTENCE_MARK.search(gap))
        return False
    if j in reading.taken:
        if _possessor(text, tokens[j], reading.rules):
            _skip_owner_term(reading)
            return True
        return False  # another term
    return _read_word(reading, tokens[j].group(0))


def _skip_owner_name(reading: _Reading) -> None:
    """The possessive 's of a name before the term ('Player 1's starting card'): the name is read too."""
    tokens, j = reading.tokens, reading.j - 1
    while j >= 0 and (tokens[j].group(0)[:1].isupper() or tokens[j].group(0).isdigit()) and j not in reading.taken:
        j -= 1
    reading.j, reading.zone = j, "det"


def _skip_owner_term(reading: _Reading) -> None:
    """A term owning this one ('the leader's coin'): a determiner of its phrase, its other words read too
    ('the discard pile's top card')."""
    j = reading.j - 1
    while j >= 0 and j in reading.taken:
        j -= 1
    reading.j, reading.zone = j, "det"


def _read_word(reading: _Reading, word: str) -> bool:
    """Read `word` (no term's, at `reading.j`): a phrase governing the term decides its roles, a phrase marking
    one, a determiner or a modifier is read on; a word the lexicon reads as saying a subject follows decides the
    subject; any other word stops the reading."""
    rules, tokens, j = reading.rules, reading.tokens, reading.j
    governed = _ending_at(rules.governs, tokens, j, reading.text)
    if governed:
        reading.decided = reading.found | governed[1]
        return False
    marked = _ending_at(rules.marks, tokens, j, reading.text)
    if marked:
        reading.found |= marked[1]
        reading.j, reading.zone = j - marked[0], "det"
        return True
    if any(p.fullmatch(word) for p in rules.determiners) or word.isdigit():
        reading.dets.append(word.lower())
        reading.j, reading.zone = j - 1, "det"
        return True
    if _is_modifier(reading, word):
        reading.j, reading.modifiers = j - 1, reading.modifiers + 1
        return True
    if word.lower() in rules.subject_after and reading.zone == "det" and not reading.modifiers:
        reading.decided = reading.found | {
            "subject"
        }  # a clause's subject: 'sobald das Dabb entschieden ist', 'once the bid'
        return False
    reading.stopped = word
    return False


def _is_modifier(reading: _Reading, word: str) -> bool:
    """Can `word` be one of the (at most two) modifiers between the term and its determiners?"""
    rules = reading.rules
    return (
        reading.zone == "modifier"
        and reading.modifiers < 2
        and word.islower()
        and word.lower() not in rules.stops
        and rules.modifier is not None
        and bool(rules.modifier.fullmatch(word))
    )


def _phrase_role(reading: _Reading, noun: str, lang: str, start: int) -> set[str]:
    """The roles the determiners read before the term `noun` tell (object, genitive), else a sentence's start
    (the subject), else the word the reading stopped at (`_stop_role`)."""
    rules, dets, found, stopped = reading.rules, reading.dets, reading.found, reading.stopped
    plural = noun.endswith("n") and terms.lemma(noun, lang) != noun.lower()
    if any(d in rules.object for d in dets) and not plural:
        return found | {"object"}
    if any(d in rules.genitive for d in dets) or (
        stopped is not None and stopped[:1].isupper() and any(d in rules.genitive_after_noun for d in dets)
    ):
        return found | {"of"}
    if any(d in rules.object for d in dets):
        return found
    if reading.at_start:
        return found | {"subject"}
    return _stop_role(reading, start)


def _stop_role(reading: _Reading, start: int) -> set[str]:
    """The roles the word the reading stopped at tells: after a copula a complement
    ('is Player 1's starting card', 'ist die Startkarte'), after a verb an object where the lexicon says so."""
    rules, found, stopped = reading.rules, reading.found, reading.stopped
    if stopped is not None and stopped.lower() in rules.copula:
        return found | {"complement"}
    verb = stopped is not None and stopped.islower() and stopped.lower() not in rules.stops  # 'und' is no verb
    if rules.object_after_subject and verb and _opens_with_subject(reading.text, reading.tokens, start, rules):
        return found | {"object"}  # 'Jeder Spieler stellt seine Spielfigur': the subject is said
    if rules.verb_object and verb:
        return found | {"object"}
    return found


def _possessor(text: str, word: re.Match, rules: _Rules) -> bool:
    """Is `word` (a term's last word) followed by a possessive 's ('the pawn's space', 'the players' cards')?"""
    return rules.possessive_s and bool(_POSSESSIVE.match(text, word.end()) or re.search(r"['’]s$", word.group(0)))


def _opens_with_subject(text: str, tokens: list[re.Match], start: int, rules: _Rules) -> bool:
    """Does the sentence of `tokens[start]` open with a subject (lexicon ``subject_openers``: an article, a
    pronoun, 'jeder'), so that a noun phrase after its verb is an object ('Der Spieler legt seine Karte'), not
    the subject said after the verb ('Pro Zug kann nur eine Karte ...')?"""
    first = start
    while first > 0 and not _SENTENCE_MARK.search(text[tokens[first - 1].end() : tokens[first].start()]):
        first -= 1
    return first < start and any(p.fullmatch(tokens[first].group(0)) for p in rules.subject_openers)


def _clauses(text: str, tokens: list[re.Match], rules: _Rules) -> list[tuple[int, int, frozenset[str]]]:
    """The conditional and temporal clauses of `text` (lexicon ``clause_openers``: 'if', 'wenn', 'sobald', 'si'):
    (first token, end token, kinds), each from the word after its opener to the comma that closes it (outside
    parentheses; in German the comma after the clause's final verb, a lower-case word), or the sentence's end."""
    found = []
    for j in range(len(tokens)):
        opener = _ending_at(rules.clause_openers, tokens, j, text)
        if opener is not None:
            found.append((j + 1, _clause_end(text, tokens, j + 1, rules), opener[1]))
    return found


def _clause_end(text: str, tokens: list[re.Match], first: int, rules: _Rules) -> int:
    """The token after the last one of the clause whose first word is `tokens[first]` (see `_clauses`)."""
    depth = 0
    for k in range(first + 1, len(tokens)):
        for char in text[tokens[k - 1].end() : tokens[k].start()]:
            depth += {"(": 1, ")": -1}.get(char, 0)
            depth = max(depth, 0)
            if depth == 0 and _SENTENCE_MARK.match(char):
                return k
            if depth == 0 and char == "," and (not rules.clause_ends_after_verb or tokens[k - 1].group(0).islower()):
                return k
    return len(tokens)


def _main_clauses(text: str, tokens: list[re.Match], rules: _Rules, clauses, taken: set[int]) -> list[int]:
    """The first tokens of the coordinated main clauses of `text` ('Take the card from the display and replace it
    with ...'; lexicon ``coordinators``), [0] for one: a coordinator outside parentheses and the clauses of
    `_clauses` parts the sentence where the words before it and those after it, each up to a comma or another
    coordinator, have a verb (`_has_verb`): 'After taking the Dabb and declaring trump, ...' is one clause."""
    depth, candidates, commas = 0, [], [0]
    for k in range(1, len(tokens)):
        for char in text[tokens[k - 1].end() : tokens[k].start()]:
            depth = max(depth + {"(": 1, ")": -1}.get(char, 0), 0)
            if char in ",;:" and depth == 0:
                commas.append(k)
        inside = any(first <= k < end for first, end, _ in clauses)
        if depth == 0 and not inside and tokens[k].group(0).lower() in rules.coordinators:
            candidates.append(k)
    starts = [0]
    for k in candidates:
        before = max([starts[-1]] + [c for c in commas if c <= k])
        after = min([c for c in commas + candidates if c > k + 1] + [len(tokens)])
        if _has_verb(text, tokens, before, k, rules, taken) and _has_verb(text, tokens, k + 1, after, rules, taken):
            starts.append(k + 1)
    return starts


def _has_verb(text: str, tokens: list[re.Match], first: int, end: int, rules: _Rules, taken: set[int]) -> bool:
    """Do `tokens[first:end]` hold a verb: a copula, a word (lower-case, or the sentence's first) that is no
    preposition, mark, determiner, stop or term, follows no preposition and is followed by a determiner or a
    pronoun ('replace it', 'take the'; not 'after taking the'), or (``verb_final``) a lower-case word ending them
    ('die Karte nehmen')?"""

    def plain_word(k: int) -> bool:
        word = tokens[k].group(0)
        return (
            k not in taken
            and not word.isdigit()
            and word.lower() not in rules.stops
            and not any(p.fullmatch(word) for p in rules.determiners)
            and _ending_at(rules.governs, tokens, k, text) is None
            and _ending_at(rules.marks, tokens, k, text) is None
        )

    for k in range(first, end):
        word = tokens[k].group(0)
        if word.lower() in rules.copula:
            return True
        if (
            k + 1 >= end
            or not (word.islower() or k == 0)
            or not plain_word(k)
            or _after_preposition(text, tokens, k, rules)
        ):
            continue
        following = tokens[k + 1].group(0)
        if _MARKUP.fullmatch(text[tokens[k].end() : tokens[k + 1].start()]) and (
            following.lower() in rules.pronouns or any(p.fullmatch(following) for p in rules.determiners)
        ):
            return True
    last = end - 1
    return rules.verb_final and last >= first and tokens[last].group(0).islower() and plain_word(last)


def _after_preposition(text: str, tokens: list[re.Match], k: int, rules: _Rules) -> bool:
    """Does a preposition stand right before `tokens[k]` (then it heads the preposition's phrase, no clause: 'After
    taking the coin')?"""
    return (
        k > 0
        and _MARKUP.fullmatch(text[tokens[k - 1].end() : tokens[k].start()]) is not None
        and _ending_at(rules.governs, tokens, k - 1, text) is not None
    )


def _part_role(start: int, parts: list[int]) -> frozenset[str]:
    """'and-2/3' for a term in the second of three coordinated main clauses; none in a sentence of one."""
    if len(parts) < 2:
        return frozenset()
    index = max(i for i, first in enumerate(parts) if first <= start)
    return frozenset({f"and-{index + 1}/{len(parts)}"})


def _clause_roles(start: int, clauses: list[tuple[int, int, frozenset[str]]]) -> frozenset[str]:
    """The clause roles of a term whose first word is token `start`: the kinds of the clause it stands in
    ('if-clause'; the innermost one), 'main-clause' in a sentence with such a clause where it stands in none."""
    if not clauses:
        return frozenset()
    inside = [(first, kinds) for first, end, kinds in clauses if first <= start < end]
    if not inside:
        return frozenset({"main-clause"})
    return frozenset(f"{kind}-clause" for kind in max(inside, key=lambda c: c[0])[1])


def _read(
    text: str, lang: str, glossary: terms.Glossary
) -> tuple[str, list[re.Match], list[tuple[str, int, frozenset]]]:
    """The sentence `text` as the roles read it: its plain text, its words, and (term id, first word, roles) of
    each use of a glossary term, in reading order (no roles in a language whose lexicon tells none)."""
    rules = _rules(lang)
    said = glossary.places(text, lang)
    plain = terms.plain(text)
    tokens = terms.words(plain)
    if rules is None:
        return plain, tokens, [(term, start, frozenset()) for term, start, _ in said]
    taken = {i for _, start, end in said for i in range(start, end)}
    clauses = _clauses(plain, tokens, rules)
    parts = _main_clauses(plain, tokens, rules, clauses, taken)
    return (
        plain,
        tokens,
        [
            (
                term,
                start,
                _role(plain, tokens, start, end, taken, rules, lang)
                | _clause_roles(start, clauses)
                | _part_role(start, parts),
            )
            for term, start, end in said
        ],
    )


def uses(text: str, lang: str, glossary: terms.Glossary) -> list[tuple[str, frozenset[str]]]:
    """(term id, roles) of each use of a glossary term in the sentence `text`, in reading order."""
    return [(term, said) for term, _, said in _read(text, lang, glossary)[2]]


def roles(text: str, lang: str, glossary: terms.Glossary) -> dict[str, frozenset[str]]:
    """Term id -> the roles of its uses in the sentence `text` (every term it says)."""
    return _joined(uses(text, lang, glossary))


def _joined(said: list[tuple[str, frozenset[str]]]) -> dict[str, frozenset[str]]:
    """Term id -> the roles of all its uses."""
    found: dict[str, frozenset[str]] = {}
    for term, its_roles in said:
        found[term] = found.get(term, frozenset()) | its_roles
    return found


def counted(text: str, lang: str, glossary: terms.Glossary) -> dict[str, list[frozenset[str]]]:
    """Term id -> how each of its uses in the sentence `text` is counted: 'each' (its role each: 'each', 'jede',
    'chaque', 'per') and 'one' (a determiner of the lexicon's ``one`` before its noun phrase, over up to two
    modifiers: 'one suit', 'einer Farbe', 'une couleur')."""
    rules = _rules(lang)
    found: dict[str, list[frozenset[str]]] = {}
    if rules is None:
        return found
    plain, tokens, said = _read(text, lang, glossary)
    for term, start, its_roles in said:
        how = {"each"} & its_roles
        if _says_one(plain, tokens, start, rules):
            how.add("one")
        found.setdefault(term, []).append(frozenset(how))
    return found


def _says_one(text: str, tokens: list[re.Match], start: int, rules: _Rules) -> bool:
    """Does a determiner saying one (``one``) open the noun phrase of the term whose first word is `tokens[start]`,
    up to two modifiers between them ('einer Farbe', 'one other card')?"""
    j, modifiers = start - 1, 0
    while j >= 0 and _MARKUP.fullmatch(text[tokens[j].end() : tokens[j + 1].start()]):
        word = tokens[j].group(0)
        if any(p.fullmatch(word) for p in rules.one):
            return True
        modifier = rules.modifier is not None and rules.modifier.fullmatch(word)
        if modifiers == 2 or not word.islower() or word.lower() in rules.stops or not modifier:
            return False
        j, modifiers = j - 1, modifiers + 1
    return False


def quantified(
    text_a: str, lang_a: str, text_b: str, lang_b: str, glossary: terms.Glossary
) -> tuple[str, str, str] | None:
    """(term, how side a counts it, how side b counts it) where a term said once on each side is counted 'each' on
    one side and 'one' on the other ('One Ace from each suit' / 'Je ein Ass aus einer Farbe'), or None. A
    distributive 'je' / 'jeweils' elsewhere in the sentence does not answer it: which term is counted each is
    what the rule says ('jeweils 4 Figuren in einer Farbe' / '4 pieces in each color' is reported too)."""
    said_a, said_b = counted(text_a, lang_a, glossary), counted(text_b, lang_b, glossary)
    for term in sorted(set(said_a) & set(said_b)):
        if len(said_a[term]) != 1 or len(said_b[term]) != 1:
            continue
        (how_a,), (how_b,) = said_a[term], said_b[term]
        if {"each"} <= how_a - how_b and {"one"} <= how_b - how_a:
            return term, "each", "one"
        if {"one"} <= how_a - how_b and {"each"} <= how_b - how_a:
            return term, "one", "each"
    return None


def exchanged(
    text_a: str, lang_a: str, text_b: str, lang_b: str, glossary: terms.Glossary
) -> tuple[str, str, str, str] | None:
    """(term a, term b, role, other role) where two terms said on both sides exchange roles, or None:

    - the roles cross: on side a, term a has `role` and term b has not, on side b term b has it and term a has
      not; and term b has `other role` on side a (a not), term a has it on side b (b not): 'from the start to
      the goal' / 'vom Ziel zum Start';
    - or a preposition's role (`_prepositions`) goes from one term to the other where both terms have roles on both
      sides: 'Wer mehrere Steine auf der Laufbahn hat, ... mit welchem Stein' against 'several pieces on the
      piece ... which track' (`role` and `other role` are then the same).
    """
    uses_a, uses_b = uses(text_a, lang_a, glossary), uses(text_b, lang_b, glossary)
    said_a, said_b = _joined(uses_a), _joined(uses_b)
    pairs = list(combinations(sorted(set(said_a) & set(said_b)), 2))
    crossed = _crossed(said_a, said_b, pairs)
    if crossed is not None:
        return crossed
    prepositions = _prepositions(lang_a) & _prepositions(lang_b)
    return _preposition_moved(said_a, said_b, pairs, prepositions) or _exchanged_uses(uses_a, uses_b, prepositions)


_Said = dict[str, frozenset[str]]  # term id -> the roles one side gives it


def _crossed(said_a: _Said, said_b: _Said, pairs: list[tuple[str, str]]) -> tuple[str, str, str, str] | None:
    """(term a, term b, role, other role) of the first of `pairs` whose roles cross (see `exchanged`), or None."""
    for a, b in pairs:
        for first, second in ((a, b), (b, a)):
            for role in sorted(said_a[first] - said_a[second]):
                if role not in said_b[second] - said_b[first]:
                    continue
                for other in sorted(said_a[second] - said_a[first]):
                    if other in said_b[first] - said_b[second]:
                        return first, second, role, other
    return None


def _preposition_moved(
    said_a: _Said, said_b: _Said, pairs: list[tuple[str, str]], prepositions: frozenset[str]
) -> tuple[str, str, str, str] | None:
    """(term a, term b, role, role) of the first of `pairs`, each term with word roles on both sides, where one of
    the `prepositions`' roles goes from term a on side a to term b on side b, or None."""
    for a, b in pairs:
        if not all(_word_roles(r) for r in (said_a[a], said_a[b], said_b[a], said_b[b])):
            continue
        for first, second in ((a, b), (b, a)):
            for role in sorted((said_a[first] - said_a[second]) & prepositions):
                if role in said_b[second] - said_b[first]:
                    return first, second, role, role
    return None


def _exchanged_uses(uses_a, uses_b, prepositions: frozenset[str]) -> tuple[str, str, str, str] | None:
    """The rules of `exchanged` counted over the uses of two terms where one of them is said more than once (and
    each as often on both sides): the roles of a term said twice are those of both uses, so the one use that moved
    hides behind the other ('In Runde 9 wird dein Rivale ... in der finalen Runde'). A role moves from term a to
    term b where a has it more often on side a than on side b, and b more often on side b than on side a."""
    count_a, count_b = _counted(uses_a), _counted(uses_b)
    for a, b in combinations(sorted(set(count_a) & set(count_b)), 2):
        if count_a[a][""] != count_b[a][""] or count_a[b][""] != count_b[b][""] or count_a[a][""] + count_a[b][""] < 3:
            continue
        for first, second in ((a, b), (b, a)):
            forth = _moved(count_a[first], count_b[first], count_b[second], count_a[second])
            back = _moved(count_a[second], count_b[second], count_b[first], count_a[first])
            for role in forth:
                for other in (r for r in back if r != role):
                    return first, second, role, other
            for role in sorted(set(forth) & prepositions):
                return first, second, role, role
    return None


def _counted(said: list[tuple[str, frozenset[str]]]) -> dict[str, Counter]:
    """Term id -> how often each role is said of it (the key "": how often the term is said)."""
    found: dict[str, Counter] = {}
    for term, found_roles in said:
        found.setdefault(term, Counter())[""] += 1
        found[term].update(found_roles)
    return found


def _moved(had: Counter, has: Counter, gets: Counter, got: Counter) -> list[str]:
    """The roles one term says less often on the other side (`had` -> `has`) while another says them more often
    there (`got` -> `gets`)."""
    return sorted(r for r in had if r and had[r] > has[r] and gets[r] > got[r])


def _word_roles(found: frozenset[str]) -> frozenset[str]:
    """`found` without the roles of the clause a term stands in ('if-clause', 'main-clause', 'and-1/2'): the roles
    the words of its noun phrase and before it give."""
    return frozenset(r for r in found if not r.endswith("-clause") and not r.startswith("and-"))


def _prepositions(lang: str) -> frozenset[str]:
    """The roles only a preposition gives in `lang` (``governs``, not ``marks``: 'per' says each as 'each' does,
    and a distributive each moves between a text and its translation: 'jeweils 4 Figuren in einer Farbe' /
    '4 pieces in each color')."""
    rules = _rules(lang)
    if rules is None:
        return frozenset()
    marked = {role for _, found in rules.marks for role in found}
    return frozenset(role for _, found in rules.governs for role in found) - marked
