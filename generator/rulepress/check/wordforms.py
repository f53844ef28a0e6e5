"""How German and English words inflect, and which words are function words: what the name finder
(`rulepress.check.names`) and the ellipsis filler (`rulepress.check.ellipses`) read. Constants only."""

from __future__ import annotations

DE_INFLECTION = r"(?:e|en|n|s|es|er|ern|em|ns)?"
DE_INFLECTION_AFTER_E = r"(?:n|s|r|m|ns)?"  # 'absolute Mehrheit': 'absoluter', 'absolutem'
EN_INFLECTION = r"(?:s|es|'s|s')?"
# words that a spelling of several words may leave out where its other words stand ('trade in': 'traded')
FUNCTION_WORDS = {
    "de": frozenset(
        "der die das den dem des ein eine einen einem einer eines für in im an am auf aus von vom zu zum "
        "zur mit bei beim und oder je nach über unter vor".split()
    ),
    "en": frozenset("a an the of in on to for at by with from per and or into onto up".split()),
}
DE_SUFFIXES = ("ationen", "ation", "ungen", "ung", "en", "er", "es", "e", "n", "s")  # 'Kombination': 'kombiniert'
VERB_ENDINGS = ("ed", "d", "ing")  # 'planted', 'planting': the verb, not the noun a name is
AGENT_ENDINGS = ("er", "ers", "or", "ors")  # 'explorer': who explores, not the 'Exploration'
EN_SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "ers", "er", "ed", "es", "e", "s")
EN_ENDINGS = frozenset(
    EN_SUFFIXES
    + ("", "d", "ate", "ates", "ated", "ating", "ative", "ment", "ments", "y", "ied", "al", "ive", "able", "or", "ors")
)
