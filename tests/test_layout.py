"""The folder layout shows the architecture: entry points at the top, packages named for the
clerk's work below them, tests mirroring them, and no module importing itself back in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ethics_desk"
TESTS = ROOT / "tests"

ENTRY_POINTS = {"__init__.py", "__main__.py", "cli.py"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")
            if "versions" not in path.parts and path.name != "env.py"}


def _import_time_imports(path: Path) -> list[str]:
    """What a module imports when it is first imported: the module-level statements, not the
    imports inside functions (deferred on purpose) nor those under ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target in _import_time_imports(path):
            # Importing a.b.c runs the packages a and a.b first.
            parts = target.split(".")
            for end in range(1, len(parts) + 1):
                prefix = ".".join(parts[:end])
                if prefix in modules and prefix != name and not name.startswith(prefix + "."):
                    graph[name].add(prefix)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_top_of_the_package_holds_only_the_entry_points_and_packages() -> None:
    loose = sorted(path.name for path in PACKAGE.glob("*.py") if path.name not in ENTRY_POINTS)
    packages = sorted(path.name for path in PACKAGE.iterdir()
                      if path.is_dir() and (path / "__init__.py").exists())
    assert loose == []
    assert {"core", "storage", "models", "deadlines", "workflow", "intake", "cases", "board",
            "documents", "mail", "office", "demo", "ui"} <= set(packages)


def test_no_module_imports_itself_back_through_a_circle() -> None:
    assert _circles(_import_graph()) == []


def test_the_circle_check_finds_a_circle_when_there_is_one() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_tests_mirror_the_packages() -> None:
    package_dirs = {path.relative_to(PACKAGE) for path in PACKAGE.rglob("__init__.py")}
    for init in TESTS.rglob("__init__.py"):
        folder = init.parent.relative_to(TESTS)
        if folder != Path("."):
            assert folder / "__init__.py" in package_dirs, f"tests/{folder} mirrors no package"
    top_level = sorted(path.name for path in TESTS.glob("test_*.py"))
    assert all(name.startswith(("test_benchmarks", "test_bundle", "test_cli", "test_house_rules",
                                "test_layout", "test_lock", "test_types"))
               for name in top_level), top_level


def _readme_map() -> str:
    return (ROOT / "docs" / "dev" / "architecture.md").read_text(encoding="utf-8")


def test_every_path_the_readme_map_names_exists() -> None:
    import re

    section = _readme_map()
    named = set(re.findall(r"`([A-Za-z_][\w./-]*(?:\.py|/))`", section))
    block = section[section.index("```"):section.rindex("```")]
    named |= {f"{m}/" for m in re.findall(r"^  ([a-z_]+)/", block, re.M)}
    assert len(named) > 20
    missing = sorted(name for name in named
                     if not (PACKAGE / name).exists() and not (ROOT / name).exists())
    assert missing == []


def test_the_readme_map_lists_every_package() -> None:
    section = _readme_map()
    packages = sorted(path.name for path in PACKAGE.iterdir()
                      if path.is_dir() and (path / "__init__.py").exists())
    assert [name for name in packages if f"  {name}/" not in section] == []


def test_every_link_between_the_readme_and_the_guides_leads_to_a_file() -> None:
    import re

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert broken == []


def test_the_readme_is_short_and_points_each_reader_to_their_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 120
    for guide in ("docs/manual/README.md", "docs/it/README.md", "docs/dev/README.md"):
        assert f"]({guide})" in readme
