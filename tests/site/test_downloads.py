"""The downloads page: bundles named by the renderers, file facts, deterministic ZIPs, the real built pages."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pikepdf
import pytest
from bs4 import BeautifulSoup

from rulepress.model import load_games
from rulepress.render.site import shown_items
from rulepress.site import downloads
from rulepress.site.downloads import FileFacts
from rulepress.site.sources import Shown
from rulepress.text.words import strings

# the bundles each kind's renderer names (`Artifact.bundles`), with a paper and without
RENDERED = {
    ("calibration", True): ("play",),
    ("cards", True): ("play",),
    ("tiles", True): ("play",),
    ("tokens", True): ("play",),
    ("money", True): ("play",),
    ("board", True): ("play",),
    ("quickref", True): ("play", "quickref"),
    ("rulebook", True): ("play",),
    ("pieces", True): ("play",),
    ("rulebook-booklet", True): ("play",),
    ("credits", False): ("credits",),
    ("print", False): ("shop",),
    ("board", False): ("board",),
    ("board-png", False): ("board",),
    ("png", False): ("digital",),
    ("tts", False): ("digital",),
}


def _shown(game, kind, path, lang=None, paper=None, files=()) -> Shown:
    return Shown(
        game=game, kind=kind, path=path, lang=lang, paper=paper, files=files, bundles=RENDERED[kind, paper is not None]
    )


def _items(game: str = "g") -> list[Shown]:
    """The artifacts a game with one deck, a board and a quick reference builds (as the renderers name them)."""
    items = [_shown(game, "calibration", f"{game}/calibration.{p}.pdf", None, p) for p in ("a4", "letter")]
    items.append(_shown(game, "credits", f"{game}/icons-license.txt"))
    for lang in ("de", "en"):
        for p in ("letter", "a4"):
            items += [
                _shown(game, "cards", f"{game}/deck.{lang}.{p}.pdf", lang, p),
                _shown(game, "board", f"{game}/board-map.{lang}.{p}.tiled.pdf", lang, p),
                _shown(game, "quickref", f"{game}/quickref-sheet.{lang}.{p}.pdf", lang, p),
            ]
        items += [
            _shown(game, "print", f"{game}/deck.{lang}.print.pdf", lang),
            _shown(game, "board", f"{game}/board-map.{lang}.pdf", lang),
            _shown(game, "board-png", f"{game}/board-map.{lang}.preview.png", lang),
            _shown(
                game,
                "png",
                f"{game}/deck.{lang}.images",
                lang,
                None,
                tuple(f"{game}/deck.{lang}.images/{part}/{card}.png" for part in ("bleed", "trim") for card in "ab"),
            ),
            _shown(
                game,
                "tts",
                f"{game}/deck.{lang}.tts",
                lang,
                None,
                (f"{game}/deck.{lang}.tts/back.png", f"{game}/deck.{lang}.tts/deck-1.jpg"),
            ),
        ]
    return items


def _facts(items: list[Shown]) -> dict[str, FileFacts]:
    facts = {}
    for n, item in enumerate(items):
        for m, path in enumerate(item.files or (item.path,)):
            pages = (n + 2) if path.endswith(".pdf") else None
            facts[path] = FileFacts(1000 * (n + 1) + m, pages, None if item.paper else (63, 88))
    return facts


def test_each_file_lands_in_the_bundles_its_renderer_names():
    assert downloads.bundle_keys(("play",), "a4") == [("play", "a4")]  # one print-and-play set per paper
    assert downloads.bundle_keys(("play", "quickref"), "a4") == [("play", "a4"), ("quickref", None)]
    assert downloads.bundle_keys(("board",), None) == [("board", None)]  # one sheet: a poster print
    assert downloads.bundle_keys(("shop",), None) == [("shop", None)]
    assert downloads.bundle_keys(("digital",), None) == [("digital", None)]
    assert downloads.bundle_keys(("credits",), None) == [("credits", None)]
    assert downloads.bundle_keys((), None) == [("other", None)]  # nothing built is left out


def test_the_renderers_name_the_bundle_a_player_looks_for(bundled_build):
    """The bundled games' files, as the manifest records them: in the bundles `_items` assumes."""
    _out, result = bundled_build
    shown = [e for e in result.manifest if e["game"] and e["kind"] not in ("site", "report")]
    assert shown
    shared = {(e["game"], e["lang"], e["paper"]) for e in shown if "/one-sided-pieces." in e["path"]}
    assert shared  # the Anti-Monopoly bomb and pawns
    for entry in shown:
        expected = RENDERED[entry["kind"], entry["paper"] is not None]
        held = entry["kind"] == "pieces" and "/one-sided-pieces." not in entry["path"]
        if held and (entry["game"], entry["lang"], entry["paper"]) in shared:
            expected = ()  # the play set prints the shared sheet instead; this one is among the other files
        assert tuple(entry["bundles"]) == expected, entry


def test_bundles_in_german_start_with_the_print_and_play_sets_and_name_every_file():
    items = _items()
    facts = _facts(items)
    s = strings()["de"]
    german = [i for i in items if i.lang in (None, "de")]
    found = downloads.bundles(
        german,
        facts,
        downloads.zip_plan(items),
        "de",
        {i.path: "Stapel" for i in items},
        "de",
        s,
        lambda path: "../../files/" + path,
    )
    assert [b["key"] for b in found] == ["play-a4", "play-letter", "shop", "board", "quickref", "digital", "credits"]
    play = found[0]
    assert play["title"] == "Print-and-Play-Set (A4)" and "A4" in play["explain"]
    # the calibration page first, the quick reference last; only A4 files, only German or language-free ones
    assert [f["file"] for f in play["files"]] == [
        "calibration.a4.pdf",
        "deck.de.a4.pdf",
        "board-map.de.a4.tiled.pdf",
        "quickref-sheet.de.a4.pdf",
    ]
    pages = sum(facts[f"g/{f['file']}"].pages for f in play["files"])
    assert play["total"].startswith(f"4 Dateien · {pages} Seiten · ")
    assert play["zip"]["file"] == "g-print-and-play.de.a4.zip" and "4 Dateien" in play["zip"]["label"]
    assert [href for _name, href in json.loads(play["zip"]["files"])] == sorted(
        f"../../files/g/{f['file']}" for f in play["files"]
    )
    deck = play["files"][1]
    assert (
        deck["meta"]
        == f"{facts['g/deck.de.a4.pdf'].pages} Seiten · A4 · {facts['g/deck.de.a4.pdf'].size // 1000} kB · PDF"
    )
    shop = found[2]["files"][0]
    assert "63 × 88 mm" in shop["meta"]  # no paper: the page size of the PDF
    digital = [f["name"] for f in found[5]["files"]]
    assert digital == [
        "Stapel – Einzelbilder (beschnitten, für den Bildschirm; zum Drucken das PDF für die Druckerei)",
        "Stapel – Rückseite",
        "Stapel – Kartenbogen 1",
    ]
    images = json.loads(found[5]["files"][0]["zip"])  # made by the page from the files on the site
    assert found[5]["files"][0]["file"] == "deck.de.images.zip" and images[0][1].startswith(
        "../../files/g/deck.de.images/"
    )
    quickref = [f["file"] for f in found[4]["files"]]
    assert quickref == ["quickref-sheet.de.a4.pdf", "quickref-sheet.de.letter.pdf"]
    every = {f["file"] for b in found for f in b["files"]}
    assert not any(".en." in f for f in every)


@pytest.mark.parametrize(
    "size,lang,shown",
    [
        (412_600, "de", "410 kB"),  # two significant digits: a few bytes more do not change the page
        (413_400, "de", "410 kB"),
        (94_600, "en", "95 kB"),
        (994_000, "de", "990 kB"),
        (999_499, "de", "1,0 MB"),
        (1_234_567, "de", "1,2 MB"),
        (1_234_567, "en", "1.2 MB"),
        (71_308_736, "en", "71 MB"),
        (123_456_789, "en", "120 MB"),
        (20, "en", "1 kB"),
    ],
)
def test_sizes_in_the_page_s_number_format(size, lang, shown):
    assert downloads.size_text(size, lang, strings()[lang]) == shown


def test_language_names_in_the_page_s_language():
    assert downloads.language_name("en", "de") == "Englisch" and downloads.language_name("de", "en") == "German"


def test_zip_plan_puts_language_free_files_into_every_language_s_set():
    plan = downloads.zip_plan(_items())
    assert sorted(plan) == [
        "g/deck.de.images.zip",
        "g/deck.en.images.zip",
        "g/g-print-and-play.de.a4.zip",
        "g/g-print-and-play.de.letter.zip",
        "g/g-print-and-play.en.a4.zip",
        "g/g-print-and-play.en.letter.zip",
    ]  # one print-shop file each: no ZIP
    assert ("calibration.a4.pdf", "g/calibration.a4.pdf") in plan["g/g-print-and-play.en.a4.zip"]
    assert ("deck.de.images/trim/a.png", "g/deck.de.images/trim/a.png") in plan["g/deck.de.images.zip"]


def test_zip_plan_has_no_zip_for_a_single_file():
    items = [_shown("g", "print", "g/deck.de.print.pdf", "de"), _shown("g", "cards", "g/deck.de.a4.pdf", "de", "a4")]
    assert downloads.zip_plan(items) == {}


def test_zips_are_deterministic_and_their_size_is_known_before_writing(tmp_path):
    files = []
    for n, name in enumerate(["b.pdf", "ä-card.png", "a.txt"]):
        file = tmp_path / "in" / name
        file.parent.mkdir(exist_ok=True)
        file.write_bytes(bytes(range(256)) * (n + 3))
        files.append((f"folder/{name}", file))
    first, second = tmp_path / "1.zip", tmp_path / "2.zip"
    downloads.write_zip(first, files)
    files[0][1].touch()  # a newer modification time changes nothing
    downloads.write_zip(second, files)
    assert first.read_bytes() == second.read_bytes()
    assert first.stat().st_size == downloads.zip_size([(n, f.stat().st_size) for n, f in files])
    with zipfile.ZipFile(first) as archive:
        assert archive.testzip() is None
        assert [i.filename for i in archive.infolist()] == [n for n, _f in files]
        assert {i.date_time for i in archive.infolist()} == {downloads.ZIP_TIME}
        assert archive.read("folder/a.txt") == files[2][1].read_bytes()


def test_read_facts_of_a_pdf_and_a_png(bundled_build):
    out, _result = bundled_build
    pdf = next(out.glob("*/calibration.a4.pdf"))
    facts = downloads.read_facts(pdf)
    with pikepdf.open(pdf) as doc:
        assert facts.pages == len(doc.pages)
    assert facts.page_mm == (210, 297) and facts.size == pdf.stat().st_size
    png = next(out.glob("*/*.tts/back.png"))
    assert downloads.read_facts(png).pixels is not None and downloads.read_facts(png).pages is None


def test_read_all_reads_again_only_files_that_changed(bundled_build, tmp_path):
    import json
    import shutil

    out, _result = bundled_build
    for name in ("a.pdf", "b.pdf"):
        shutil.copyfile(next(out.glob("*/calibration.a4.pdf")), tmp_path / name)
    items = [_shown("g", "calibration", "a.pdf", None, "a4"), _shown("g", "calibration", "b.pdf", None, "letter")]
    facts, keep = downloads.read_all(items, lambda path: tmp_path / path)
    assert facts["a.pdf"] == downloads.read_facts(tmp_path / "a.pdf") and facts["a.pdf"].pages == 2
    keep = json.loads(json.dumps(keep))
    keep["a.pdf"][1][1] = keep["b.pdf"][1][1] = 99  # what was kept is believed while the file is unchanged
    (tmp_path / "b.pdf").write_bytes((tmp_path / "b.pdf").read_bytes() + b"\n")
    again, _keep = downloads.read_all(items, lambda path: tmp_path / path, keep)
    assert again["a.pdf"].pages == 99 and again["a.pdf"].page_mm == (210, 297)
    assert again["b.pdf"].pages == 2 and again["b.pdf"].size == facts["b.pdf"].size + 1


# --- the real built site ------------------------------------------------------------------------------------


def _games():
    from rulepress import paths

    return load_games(paths.BUNDLED_CONTENT)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_built_downloads_pages_list_every_file_with_true_facts_and_zips_of_the_listed_files(bundled_build, lang):
    out, _result = bundled_build
    s = strings()[lang]
    site = out / "site"
    for content in _games():
        page = site / lang / content.id / "downloads.html"
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        headings = [h.get_text(" ", strip=True).rstrip("¶ ").strip() for h in soup.select("article h2")]
        assert headings[0] == s["bundles"]["play"]["title"].format(paper="A4"), (content.id, headings)
        # every file the page links is in site/files, with the size and page count the page states
        for item in soup.select(".rp-files li"):
            if item.find("a") is None:
                continue  # a folder of card images: one ZIP the page makes (below)
            href = item.find("a")["href"]
            file = (page.parent / href).resolve()
            assert file.is_file() and file.is_relative_to(site.resolve()), href
            meta = item.select_one(".rp-file-meta").get_text()
            assert downloads.size_text(file.stat().st_size, lang, s) in meta, (href, meta)
            if file.suffix == ".pdf":
                with pikepdf.open(file) as pdf:
                    assert downloads.count_text(len(pdf.pages), s["n_pages"]) in meta, (href, meta)
        # each ZIP (made by the page, rp-zip.js) holds exactly the files its bundle lists, named as listed
        zips = soup.select(".rp-bundle-zip button.rp-zip")
        assert len(zips) >= 3, content.id  # both paper sizes and the print-shop files
        for button in zips:
            entries = json.loads(button["data-rp-files"])
            listed = {a.find("a")["href"] for a in button.find_parent(class_="rp-downloads").select(".rp-files li")}
            assert listed <= {href for _name, href in entries}, (button["data-rp-zip"], listed, entries)
            assert all((page.parent / href).resolve().is_file() for _name, href in entries)
            size = downloads.zip_size([(n, (page.parent / h).resolve().stat().st_size) for n, h in entries])
            assert downloads.size_text(size, lang, s) in button.get_text(), button.get_text()
        # every built file of the game in the page's language is offered (card images in a ZIP the page makes)
        items = [i for i in shown_items(content.id, _artifacts(out, content.id), out) if i.lang in (None, lang)]
        offered = {(page.parent / a["href"]).resolve() for a in soup.select(".rp-downloads a")}
        in_zips = {
            (page.parent / href).resolve()
            for b in soup.select(".rp-files button.rp-zip")
            for _name, href in json.loads(b["data-rp-files"])
        }
        for item in items:
            for path in item.files or (item.path,):
                assert (site / "files" / path).resolve() in (in_zips if item.kind == "png" else offered), path


def _artifacts(out: Path, game: str):
    import json

    from rulepress.render import Artifact

    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    return [
        Artifact(
            game=e["game"],
            kind=e["kind"],
            path=e["path"],
            inputs=None,
            write=None,
            lang=e.get("lang"),
            paper=e.get("paper"),
            directory=(out / e["path"]).is_dir(),
        )
        for e in entries
        if e.get("game") == game and e["kind"] not in ("site", "report")
    ]


def test_the_german_downloads_page_is_german(bundled_build):
    out, _result = bundled_build
    english = strings()["en"]
    words = [english["bundles"][k]["title"] for k in ("shop", "board", "quickref", "credits")] + [
        english["downloads_intro"][:30],
        "Download all",
        " pages",
        " files",
    ]
    for content in _games():
        text = BeautifulSoup(
            (out / "site" / "de" / content.id / "downloads.html").read_text(encoding="utf-8"), "html.parser"
        ).select_one("article")
        for tag in text.select("small"):
            tag.decompose()  # file names
        shown = " ".join(text.get_text(" ").split())
        assert not [w for w in words if w in shown], content.id
        assert "Dateien auf Englisch" in shown and re.search(r"\d+ Seiten · A4 · \d+ kB · PDF", shown)


def test_a_game_whose_files_have_no_language_gets_its_zip_too():
    items = [
        _shown("g", "calibration", "g/calibration.a4.pdf", None, "a4"),
        _shown("g", "cards", "g/deck.a4.pdf", None, "a4"),
    ]
    zips = downloads.zip_plan(items)
    assert list(zips) == ["g/g-print-and-play.a4.zip"]
    found = downloads.bundles(items, _facts(items), zips, "en", {}, "en", strings()["en"], lambda p: p)
    assert found[0]["zip"]["file"] == "g-print-and-play.a4.zip" and found[0]["files"][0]["name"] == "Calibration"
    assert "calibration page" in found[0]["explain"]


def test_a_print_and_play_set_without_a_calibration_page_does_not_name_one():
    items = [
        _shown("g", "board", "g/board-map.de.a4.tiled.pdf", "de", "a4"),
        _shown("g", "quickref", "g/q.de.a4.pdf", "de", "a4"),
    ]
    found = downloads.bundles(items, _facts(items), {}, "de", {}, "de", strings()["de"], lambda p: p)
    assert found[0]["key"] == "play-a4" and found[0]["explain"].startswith("Alles für den Drucker zu Hause auf A4")
    assert "Kalibrierung" not in found[0]["explain"]


def test_a_card_text_edit_shows_the_new_sizes_on_the_downloads_page_and_leaves_other_pages(tmp_path):
    from rulepress.build import BuildOptions, build
    from rulepress.scaffold import new_game

    content = tmp_path / "content"
    new_game("demo", content, table=False)
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out))
    rules = (out / "site" / "en" / "demo" / "rules.html").read_bytes()
    before = (out / "site" / "en" / "demo" / "downloads.html").read_text(encoding="utf-8")
    game_yaml = content / "demo" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace(
            "Move **2** spaces forward.", "Move **2** spaces forward, then **2** more, and then once more **2**."
        ),
        encoding="utf-8",
    )
    result = build(BuildOptions(content=content, out=out))
    assert "site/en" in result.built and "demo/cards.en.a4.pdf" in result.built
    assert (out / "site" / "en" / "demo" / "rules.html").read_bytes() == rules
    page = out / "site" / "en" / "demo" / "downloads.html"
    assert page.read_text(encoding="utf-8") != before  # the sizes changed (the page's words did not)
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    s = strings()["en"]
    for item in soup.select(".rp-files li"):
        if item.find("a") is None:
            continue  # a folder of card images: one ZIP the page makes
        file = (page.parent / item.find("a")["href"]).resolve()
        assert downloads.size_text(file.stat().st_size, "en", s) in item.get_text(), item.get_text()


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "One-sided pieces together"), ("de", "Einseitige Spielfiguren zusammen")]
)
def test_the_shared_sheet_of_one_sided_pieces_is_named_for_what_it_holds(bundled_build, lang, label):
    out, _result = bundled_build
    page = BeautifulSoup(
        (out / "site" / lang / "anti-monopoly-3" / "downloads.html").read_text(encoding="utf-8"), "html.parser"
    )
    links = [a for a in page.select("article a") if a.get("href", "").endswith(f"one-sided-pieces.{lang}.a4.pdf")]
    assert links and all(a.get_text().startswith(label) for a in links)
