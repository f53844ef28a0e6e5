"""Translations of the theme's own words for one language build, written as a Sphinx catalog.

Sphinx and Furo route most of their words through gettext, but Sphinx's
German catalog leaves some empty ("Link to this heading") and Furo brings none.
`write_catalog` writes ``locale/<lang>/LC_MESSAGES/sphinx.mo`` (templates,
permalink titles; Sphinx chains it before its own catalog) and ``sphinx.js``
(the search page: Sphinx's own JavaScript messages with ours added) into a
Sphinx source folder. The words come from the ``site`` section of ``templates/locales/<lang>.yaml``
(``theme_gettext``, ``theme_js``). Writes only when the bytes change, so an
incremental build stays incremental.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import sphinx
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo


def mo_bytes(lang: str, messages: dict[str, str], plurals: dict[str, list[str]]) -> bytes:
    """A compiled gettext catalog of `messages` (and plural messages: singular -> [singular, plural])."""
    catalog = Catalog(locale=lang, domain="sphinx", fuzzy=False)
    for msgid, msgstr in sorted(messages.items()):
        catalog.add(msgid, msgstr)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def js_text(lang: str, messages: dict[str, str], plurals: dict[str, list[str]]) -> str:
    """Sphinx's JavaScript catalog for `lang` with `messages` and `plurals` added (ours win)."""
    own = Path(sphinx.__file__).parent / "locale" / lang / "LC_MESSAGES" / "sphinx.js"
    data: dict[str, Any] = {"locale": lang, "messages": {}, "plural_expr": "(n != 1)"}
    if own.is_file():
        text = own.read_text(encoding="utf-8")
        data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    data["messages"].update(messages)
    data["messages"].update(plurals)
    return f"Documentation.addTranslations({json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1)});\n"


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file holds it already (Sphinx goes by the time of change); True if written."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def write_catalog(src: Path, lang: str, words: dict) -> bool:
    """Write the catalogs of `lang` below ``src/locale`` (nothing when there are no words); True if changed."""
    messages = {k: v for k, v in (words.get("theme_gettext") or {}).items()}
    js = words.get("theme_js") or {}
    plurals = {k: v for k, v in js.items() if isinstance(v, list)}
    singles = {k: v for k, v in js.items() if not isinstance(v, list)}
    folder = src / "locale" / lang / "LC_MESSAGES"
    if not messages and not js:
        return False
    changed = write_if_changed(folder / "sphinx.mo", mo_bytes(lang, messages, plurals))
    return (
        write_if_changed(folder / "sphinx.js", js_text(lang, {**messages, **singles}, plurals).encode("utf-8"))
        or changed
    )
