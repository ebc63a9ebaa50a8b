"""The package layout stays navigable: no import circles between Folio's modules (deferred
imports included), no stray top-level modules where a package now lives."""
from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "core"


def module_name(path: Path) -> str:
    parts = path.relative_to(CORE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, known: set[str]) -> set[str]:
    """Modules of `known` that `path` imports, at module level or inside a function (a deferred
    import only hides a circle). `from pkg import sub` counts as importing `pkg.sub`; a module's
    own packages are left out (they are always initialised first)."""
    name = module_name(path)
    own = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in known]
            names = subs or [node.module]
        else:
            continue
        found.update(n for n in names if n in known and n not in own)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in CORE.rglob("*.py")}
    return {name: imported(path, set(files)) - {name} for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle as a list of modules, or [] when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return []


def test_the_cycle_finder_sees_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_between_core_modules():
    assert find_cycle(import_graph()) == []


def test_the_library_and_the_cli_are_packages():
    loose = {"library.py", "library_jobs.py", "library_write.py", "live.py", "trash.py", "worker.py",
             "cli_jobs.py", "cli_render.py", "cli_scope.py"}
    assert not loose & {p.name for p in CORE.glob("*.py")}
    assert (CORE / "library" / "facade.py").is_file() and (CORE / "cli" / "main.py").is_file()
