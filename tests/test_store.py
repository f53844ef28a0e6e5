"""The one cache abstraction: values by key, tied to a version, JSON or pickle, saved atomically."""

from __future__ import annotations

import time

import pytest

from rulepress.output import CACHE, STAGING
from rulepress.store import Store


@pytest.mark.parametrize("kind", ["json", "pickle"])
def test_a_store_keeps_what_a_run_used_for_the_same_version(tmp_path, kind):
    store = Store.at(tmp_path, "things/demo", "v1", kind)
    assert store.path == tmp_path / CACHE / "things" / f"demo.{kind}"
    assert store.get("a") is None
    store.put("a", [1, "x"])
    store.put("b", {"c": 2})
    store.save()
    again = Store.at(tmp_path / STAGING, "things/demo", "v1", kind)  # a build's staging area: its output folder
    assert again.get("a") == [1, "x"]
    again.save()  # only "a" was used: "b" is dropped
    assert Store.at(tmp_path, "things/demo", "v1", kind).everything() == {"a": [1, "x"]}
    assert Store.at(tmp_path, "things/demo", "v2", kind).get("a") is None  # another version: empty
    assert [p.name for p in store.path.parent.iterdir()] == [f"demo.{kind}"]  # no temporary files left


@pytest.mark.parametrize("kind", ["json", "pickle"])
@pytest.mark.parametrize("damage", [b"", b"garbage", b"\x80\x05K", b'{"version": "v1", "values": [1]}'])
def test_a_damaged_store_reads_as_empty(tmp_path, kind, damage):
    store = Store.in_folder(tmp_path, "demo", "v1", kind)
    store.path.write_bytes(damage)
    assert Store.in_folder(tmp_path, "demo", "v1", kind).everything() == {}
    store.put("a", 1)
    store.save()
    assert Store.in_folder(tmp_path, "demo", "v1", kind).get("a") == 1


def test_an_unchanged_store_is_not_written_again(tmp_path):
    store = Store.in_folder(tmp_path, "demo")
    store.replace({"a": (1, 2)})  # read back as a list: the same
    store.save()
    before = store.path.stat().st_mtime_ns, store.path.stat().st_ino
    again = Store.in_folder(tmp_path, "demo")
    again.replace({"a": (1, 2)})
    again.save()
    assert (store.path.stat().st_mtime_ns, store.path.stat().st_ino) == before


def test_a_store_without_a_path_or_that_cannot_be_written_only_forgets(tmp_path):
    Store(None).save()
    assert Store.at(None, "x").get("a") is None
    (tmp_path / "file").write_text("not a folder")
    store = Store.in_folder(tmp_path / "file", "demo")
    store.put("a", 1)
    store.save()  # no error


def test_a_files_store_keeps_each_value_in_a_file_and_writes_only_new_ones(tmp_path):
    store = Store.at(tmp_path, "faces/demo", "v1", "files")
    assert store.path == tmp_path / CACHE / "faces" / "demo"  # a folder: one file per value
    assert not store.has("a") and store.get("a") is None
    store.put("a", b"first")
    store.put(("b", 2), b"second")
    store.save()
    files = {p.name: p.stat().st_mtime_ns for p in store.path.iterdir()}
    assert len(files) == 3  # two values and the version

    again = Store.at(tmp_path / STAGING, "faces/demo", "v1", "files")
    assert again.has(("b", 2)) and again.get(("b", 2)) == b"second"
    again.put("c", b"third")
    target = tmp_path / "copy.png"
    again.link(("b", 2), target)
    again.link("c", tmp_path / "new.png")  # put in this run, not saved yet
    assert target.read_bytes() == b"second" and (tmp_path / "new.png").read_bytes() == b"third"
    again.save()  # "a" was not used: its file goes; "b" is not written again
    kept = {p.name: p.stat().st_mtime_ns for p in again.path.iterdir()}
    assert len(kept) == 3 and all(files[name] == kept[name] for name in set(files) & set(kept) if name != "VERSION")
    assert Store.at(tmp_path, "faces/demo", "v1", "files").get("a") is None

    assert target.stat().st_ino == (again.path / again._name(("b", 2))).stat().st_ino  # a hard link, no copy
    time.sleep(0.01)
    target.write_bytes(b"changed in place")  # through the link: the store's file changed too, and is no value now
    assert Store.at(tmp_path, "faces/demo", "v1", "files").get(("b", 2)) is None
    assert Store.at(tmp_path, "faces/demo", "v1", "files").get("c") == b"third"
    other = Store.at(tmp_path, "faces/demo", "v2", "files")  # another version: empty, and cleared when saved
    assert other.get(("b", 2)) is None
    other.put("d", b"fourth")
    other.save()
    assert len(list(other.path.iterdir())) == 2
