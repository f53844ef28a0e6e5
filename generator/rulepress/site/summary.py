"""The description of a game's pages for search engines and link previews (``<meta name="description">``,
``og:description``): the title, the edition line, the player count and the first paragraph of the rules, as
plain text, cut at a word near 200 characters. Pure functions."""

from __future__ import annotations

from rulepress.markdown import parse, role_text

LIMIT = 200


def plain_text(markdown: str) -> str:
    """The text of the first paragraph of `markdown`, without marks, links or roles (what a role shows)."""
    tokens = parse(markdown)
    for index, token in enumerate(tokens):
        if token.type == "paragraph_open" and index + 1 < len(tokens):
            parts = []
            for child in tokens[index + 1].children or []:
                if child.type in ("text", "code_inline"):
                    parts.append(child.content)
                elif child.type == "myst_role":
                    parts.append(role_text(child))
                elif child.type in ("softbreak", "hardbreak"):
                    parts.append(" ")
            return " ".join("".join(parts).split())
    return ""


def shortened(text: str, limit: int = LIMIT) -> str:
    """`text` cut at the last word that fits in `limit` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.–-—")
    return cut + "…"


def game_description(title: str, subtitle: str, players: str, first_rules: str) -> str:
    """One sentence about a game, then the start of its rules: ``Title (edition): 2–6 · <first paragraph>``."""
    head = f"{title} ({subtitle})" if subtitle else title
    lead = f"{head} · {players}" if players else head
    body = plain_text(first_rules)
    return shortened(f"{lead}. {body}" if body else lead)
