"""The JSON Schema shipped for editors is current, and every field of the model is described."""

import json

import pytest
from pydantic import BaseModel, ValidationError

from rulepress import paths
from rulepress.model import schema


def test_shipped_json_schema_is_current():
    shipped = json.loads((paths.BUNDLED_CONTENT / "game.schema.json").read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(schema.json_schema())), (
        "run: rulepress schema --out content/game.schema.json"
    )


def test_every_field_has_a_description():
    classes = [
        c for c in vars(schema).values() if isinstance(c, type) and issubclass(c, BaseModel) and c is not schema.Model
    ]
    assert len(classes) > 15
    for cls in classes:
        for name, field in cls.model_fields.items():
            assert field.description, f"{cls.__name__}.{name} has no description"


def test_unknown_keys_are_forbidden_everywhere():
    """Every class forbids unknown keys; a text and a glossary term take language codes as keys (and only those)."""
    classes = [c for c in vars(schema).values() if isinstance(c, type) and issubclass(c, schema.Model)]
    by_language = {schema.Text, schema.Term}
    assert all(c.model_config.get("extra") == "forbid" for c in classes if c not in by_language)
    for cls in by_language:
        with pytest.raises(ValidationError, match="language codes"):
            cls.model_validate({"id": "x", "definition": {"de": "a"}, "German": "b"})


def test_shipped_layout_schema_is_current_and_described():
    from rulepress.layout import spec
    from rulepress.layout.elements import KINDS

    shipped = json.loads((paths.BUNDLED_CONTENT / "layout.schema.json").read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(spec.json_schema())), (
        "run: rulepress schema --layout --out content/layout.schema.json"
    )
    for cls in list(KINDS.values()) + [spec.LayoutFile, spec.TextStyle, spec.SheetSection]:
        for name, field in cls.model_fields.items():
            assert field.description, f"{cls.__name__}.{name} has no description"
    assert set(KINDS) <= {
        d["properties"]["kind"]["const"] for d in shipped["$defs"].values() if "kind" in d.get("properties", {})
    }


def test_source_passages_written_short_or_long():
    from rulepress.model.schema import NoRuleLines, RuleMeta, SourceRef

    meta = RuleMeta.model_validate(
        {
            "id": "x",
            "provenance": "seed",
            "based_on": ["seed-004:41-62", "seed-004: 7", {"source": "seed-001", "lines": 3}],
        }
    )
    assert [(r.source, r.lines) for r in meta.based_on] == [
        ("seed-004", (41, 62)),
        ("seed-004", (7, 7)),
        ("seed-001", (3, 3)),
    ]
    assert [str(r) for r in meta.based_on] == ["seed-004:41-62", "seed-004:7", "seed-001:3"]
    assert NoRuleLines.model_validate({"lines": "1-9", "reason": "title"}).lines == (1, 9)
    import pydantic

    for bad in ("seed-004", "seed-004:9-3", "seed-004:0", "seed-004:a-b"):
        with pytest.raises(pydantic.ValidationError):
            SourceRef.model_validate(bad)
