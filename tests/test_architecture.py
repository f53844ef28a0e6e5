"""The pipeline's import layers hold (the contracts in pyproject.toml, checked by import-linter).

load -> analyse -> plan -> write: every module imports only from the layers below its own, the
renderers and the website never import the checks (they read the analysis as data), and the checks
never import the renderers.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(tmp_path):
    # the linter imports the package by name, from the folder that holds it (generator/rulepress/)
    done = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"PYTHONPATH": str(ROOT / "generator"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 kept, 0 broken" in done.stdout, done.stdout


def _lint_with(tmp_path, module: str, added: str):
    """import-linter's output on a copy of the package with `added` appended to `module` (a path under it)."""
    import shutil

    package = tmp_path / "rulepress"
    shutil.copytree(ROOT / "generator" / "rulepress", package, ignore=shutil.ignore_patterns("__pycache__"))
    target = package / module
    target.write_text(target.read_text(encoding="utf-8") + added)
    return subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip


def test_a_broken_layer_is_found(tmp_path):
    # the contract is not empty: a renderer importing a check breaks it
    done = _lint_with(tmp_path, "render/quickref.py", "\nfrom rulepress.check import examples  # noqa\n")
    assert done.returncode != 0 and "rulepress.render.quickref -> rulepress.check.examples" in done.stdout


def test_a_renderer_importing_another_is_found(tmp_path):
    # what two renderers share lives in the drawing library: an import between renderers breaks the contract,
    # even one inside a function
    added = "\n\ndef _late():\n    from rulepress.render import cards  # noqa\n"
    done = _lint_with(tmp_path, "render/rulebook.py", added)
    assert done.returncode != 0 and "rulepress.render.rulebook -> rulepress.render.cards" in done.stdout


def test_the_drawing_library_imports_no_renderer(tmp_path):
    done = _lint_with(tmp_path, "draw/painter.py", "\nfrom rulepress.render import boards  # noqa\n")
    assert done.returncode != 0 and "rulepress.draw.painter" in done.stdout


# Import cycles, counting imports inside functions (an import moved into a function hides a cycle from the
# import system but not from a reader). None is left since the drawing library moved below the renderers.
MAX_IMPORT_CYCLES = 0


def import_cycles() -> list[list[str]]:
    """The package's import cycles (strongly connected modules), from grimp, the graph import-linter reads."""
    import grimp  # import-linter's own import graph (installed with it)

    graph = grimp.build_graph("rulepress", exclude_type_checking_imports=True, cache_dir=None)
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            found = []
            while not found or found[-1] != module:
                found.append(stack.pop())
            if len(found) > 1:
                cycles.append(sorted(found))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return cycles


def test_import_cycles_do_not_grow():
    cycles = import_cycles()
    assert len(cycles) <= MAX_IMPORT_CYCLES, "\n".join(" <-> ".join(c) for c in cycles)


def test_an_import_inside_a_function_that_closes_a_cycle_is_one(monkeypatch, tmp_path):
    import shutil

    package = tmp_path / "rulepress"
    shutil.copytree(ROOT / "generator" / "rulepress", package, ignore=shutil.ignore_patterns("__pycache__"))
    target = package / "plainyaml.py"
    target.write_text(target.read_text(encoding="utf-8") + "\n\ndef _late():\n    from rulepress import i18n  # noqa\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "rulepress" or m.startswith("rulepress.")]:
        monkeypatch.delitem(sys.modules, name)
    assert ["rulepress.i18n", "rulepress.plainyaml"] in import_cycles()
