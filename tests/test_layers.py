"""The package ladder: engine below game below app, no upward import, no circle; the tools
import only what the package has.

Every module of ``py/reversi`` is parsed and each of its imports, including the
ones inside functions, is resolved to a module of the package.  A module may
import its own package or a lower one; ``reversi/__init__`` re-exports the
engine only, and ``reversi/__main__`` runs the app's command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "py"
#: The rung of each subpackage: a module may import only its own rung or a lower one.
RUNGS = {"engine": 0, "game": 1, "app": 2}
#: The top-level modules and the highest rung each may import.
TOP = {"reversi": 0, "reversi.__main__": 2}
#: The rungs inside ``app``, lowest first (a module or folder by its name under ``reversi.app``):
#: the house's patterns and the app's events; the words; what every feature shares, saving
#: among them; the snapshot and the game's commands; then every feature (any other module
#: or folder: a feature may use another, a review or the puzzle card, never in a circle);
#: the list of features; the hub; the command line.
APP_RUNGS = {
    "house": 0, "page_events": 0,
    "wording": 1,
    "game_text": 2, "movelist": 2, "stats": 2, "saving": 2,
    "snapshot": 3, "game_commands": 3,
    "features": 5, "bridge": 6, "cli": 7,
}
#: The rung of every feature.
FEATURE_RUNG = 4


def module_name(path: Path) -> str:
    """Returns the dotted name of a module file under ``py/``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Returns the ``reversi`` modules that the module at ``path`` imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    modules = {module_name(p) for p in ROOT.rglob("*.py")}
    return {m for m in found if m in modules and m != name}


MODULES = sorted(ROOT.rglob("*.py"))
GRAPH = {module_name(p): imports(p) for p in MODULES}


def rung(module: str) -> int:
    """Returns the rung of a module (a top-level module is on the rung it may import up to)."""
    parts = module.split(".")
    return RUNGS[parts[1]] if len(parts) > 1 and parts[1] in RUNGS else TOP[module]


def test_every_module_is_on_a_rung():
    """Each module belongs to engine, game or app (or is one of the two top-level ones)."""
    assert {m for m in GRAPH if rung(m) is None} == set()
    assert {"reversi.engine.board", "reversi.game.session", "reversi.app.bridge"} <= set(GRAPH)


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Returns every import of ``graph`` from a module to a higher rung."""
    return sorted((m, t) for m, targets in graph.items() for t in targets
                  if t not in TOP and rung(t) > rung(m))


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """Returns a chain of imports that leads back to where it started, or []."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        for target in sorted(graph[module]):
            if target in path:
                return path[path.index(target):] + [target]
            if target not in done:
                found = visit(target, path + [target])
                if found:
                    return found
        done.add(module)
        return []

    for module in sorted(graph):
        found = visit(module, [module]) if module not in done else []
        if found:
            return found
    return []


def test_no_module_imports_a_higher_rung():
    """A lower package never imports a higher one."""
    assert upward(GRAPH) == []


def app_rung(module: str) -> int | None:
    """Returns the rung of an app module inside the app (None for ``reversi.app`` itself)."""
    parts = module.split(".")
    return APP_RUNGS.get(parts[2], FEATURE_RUNG) if len(parts) > 2 and parts[:2] == ["reversi", "app"] else None


def upward_in_app(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Returns every import inside the app from a module to a higher app rung."""
    return sorted((m, t) for m, targets in graph.items() for t in targets
                  if app_rung(m) is not None and app_rung(t) is not None and app_rung(t) > app_rung(m))


def test_every_app_module_is_on_an_app_rung_and_imports_none_higher():
    """Inside the app, the house's patterns and the words are below saving, saving below the
    features, the features below the hub (STYLE §9): a feature never imports the hub."""
    assert {"reversi.app.puzzle_mode", "reversi.app.mistakes.room"} <= {m for m in GRAPH if app_rung(m) == FEATURE_RUNG}
    assert upward_in_app(GRAPH) == []
    bad = {**GRAPH, "reversi.app.puzzle_mode": GRAPH["reversi.app.puzzle_mode"] | {"reversi.app.bridge"}}
    assert upward_in_app(bad) == [("reversi.app.puzzle_mode", "reversi.app.bridge")]


def test_there_is_no_import_circle():
    """No chain of imports leads from a module back to itself (deferred imports included)."""
    assert cycle(GRAPH) == []


def test_the_checks_find_an_upward_import_and_a_circle():
    """The checks above can fail: a game module importing the app, or two modules
    importing each other, is caught."""
    bad = {**GRAPH, "reversi.game.stars": GRAPH["reversi.game.stars"] | {"reversi.app.wording"}}
    assert upward(bad) == [("reversi.game.stars", "reversi.app.wording")]
    circle = {**GRAPH, "reversi.engine.bitboard": GRAPH["reversi.engine.bitboard"] | {"reversi.engine.board"}}
    found = cycle(circle)
    assert found[0] == found[-1] and {"reversi.engine.bitboard", "reversi.engine.board"} <= set(found)


def test_the_package_reexports_the_engine_api():
    """``reversi`` gives the public engine API: the board, notation and the outcome."""
    import reversi

    assert {"Board", "Outcome", "parse_transcript", "format_transcript", "square_name"} <= set(reversi.__all__)
    assert reversi.Board().legal_moves() == [19, 26, 37, 44]


def top_names(module: str) -> set[str]:
    """Returns the names a module of the package binds at its top level."""
    path = ROOT.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def missing_names(paths: list[Path]) -> list[str]:
    """Returns ``file: reversi.module.name`` for each import of the package in ``paths``
    that names no module or top-level name of it."""
    modules = {module_name(p) for p in MODULES}
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found += [f"{path.name}: {a.name}" for a in node.names
                          if a.name.split(".")[0] == "reversi" and a.name not in modules]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "reversi":
                if node.module not in modules:
                    found.append(f"{path.name}: {node.module}")
                    continue
                found += [f"{path.name}: {node.module}.{a.name}" for a in node.names
                          if f"{node.module}.{a.name}" not in modules and a.name not in top_names(node.module)]
    return found


def test_the_tools_import_only_what_the_package_has(tmp_path):
    """bench/, build_tools/ and build.py import modules and names that py/reversi has (a
    rename once left bench/puzzles.py importing ``reversi.engine.puzzles``); the check can fail."""
    repo = ROOT.parent
    tools = [*repo.glob("bench/*.py"), *repo.glob("bench/lib/*.py"), *repo.glob("build_tools/*.py"), repo / "build.py"]
    assert missing_names(tools) == []
    tool = tmp_path / "tool.py"
    tool.write_text("from reversi.engine import puzzle_proofs, puzzles\nimport reversi.engine.gone\n"
                    "from reversi.nowhere import x\nfrom reversi.engine.board import Board, Nothing\n")
    assert missing_names([tool]) == ["tool.py: reversi.engine.puzzles", "tool.py: reversi.engine.gone",
                                     "tool.py: reversi.nowhere", "tool.py: reversi.engine.board.Nothing"]
