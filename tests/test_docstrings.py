"""Every Python name and every page of docs/ that the prose names exists: a docstring or
comment under ``py/reversi``, a page under ``docs/`` (and, for pages, the README).

A docstring names an object with a role (``:mod:``, ``:class:``, ``:func:``,
``:meth:``, ``:data:``, ``:attr:``) or writes an absolute dotted name such as
``reversi.engine.board.Board`` in backquotes; a comment (``#:`` documents the
attribute below it) is read the same way.  A role's name resolves as Sphinx's
Python domain would: as written, then from the current class and module; a
leading ``.`` searches from the current class and module, then each package above.
``~`` and ``!`` prefixes, ``title <target>`` and a trailing ``()`` are allowed.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import re
import textwrap
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PY = ROOT / "py"
DOCS = ROOT / "docs"
ROLE = re.compile(r":(mod|class|func|meth|data|attr):`([^`]+)`")
#: A backquoted span, single or double (``reversi.x`` or `reversi.x`).
LITERAL = re.compile(r"`{1,2}([^`]+?)`{1,2}")
#: An absolute dotted name of the package inside a backquoted span.
DOTTED = re.compile(r"(?<![\w./-])reversi(?:\.[A-Za-z_]\w*)+")


@dataclass(frozen=True)
class Name:
    """A name that a piece of prose writes, with the scope it is read in."""

    role: str  # "mod", "class", … or "literal" for a backquoted dotted name
    target: str
    module: str  # the dotted name of the module the prose is in ("" for docs/)
    package: bool  # whether ``module`` is a package (its ``__init__``)
    classname: str  # the enclosing class's qualified name, or ""


def module_name(path: Path) -> str:
    """Returns the dotted name of a module file under ``py/``."""
    parts = list(path.relative_to(PY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def names_in(text: str, module: str = "", package: bool = False, classname: str = "") -> list[tuple[int, Name]]:
    """Returns the names that ``text`` writes, each with the number of lines before it: its
    roles, then the dotted names in its other backquotes."""
    found = [(text.count("\n", 0, m.start()), Name(m[1], m[2].strip(), module, package, classname))
             for m in ROLE.finditer(text)]
    rest = ROLE.sub(lambda m: " " * len(m[0]), text)
    for span in LITERAL.finditer(rest):
        found += [(rest.count("\n", 0, span.start()), Name("literal", dotted, module, package, classname))
                  for dotted in DOTTED.findall(span[1])]
    return found


def comments(source: str) -> dict[int, str]:
    """Returns the comments of ``source`` by line number."""
    return {token.start[0]: token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.COMMENT}


def prose_names(source: str, module: str, package: bool = False) -> list[tuple[int, Name]]:
    """Returns every name that the docstrings and comments of a module's ``source`` write,
    with its line, each in its scope (module, class)."""
    tree = ast.parse(source)
    found: list[tuple[int, Name]] = []
    classes: list[tuple[int, int, str]] = []  # first line, last line, qualified name

    def visit(node: ast.AST, qualname: str, classname: str) -> None:
        docstring = ast.get_docstring(node, clean=False) if isinstance(
            node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if isinstance(node, ast.ClassDef):
            classname = qualname
            classes.append((node.lineno, node.end_lineno or node.lineno, qualname))
        if docstring:
            line = node.body[0].lineno  # type: ignore[attr-defined]
            found.extend((line + below, name) for below, name in names_in(docstring, module, package, classname))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = f"{qualname}.{child.name}" if qualname else child.name
                visit(child, inner, classname)

    visit(tree, "", "")
    for line, comment in comments(source).items():
        inside = [name for first, last, name in classes if first < line <= last]
        classname = max(inside, key=len) if inside else ""
        found.extend((line, name) for _, name in names_in(comment, module, package, classname))
    return found


@cache
def imported(name: str) -> ModuleType | None:
    """Returns the module called ``name``, or None when there is none."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name and (name == error.name or name.startswith(error.name + ".")):
            return None
        raise


def instance_attributes(cls: type) -> set[str]:
    """Returns the names a class and its bases declare without a class attribute:
    annotations (dataclass and TypedDict fields) and ``self.x`` assignments."""
    names: set[str] = set()
    for klass in inspect.getmro(cls):
        names |= set(getattr(klass, "__annotations__", {}))
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
            names |= {t.attr for t in targets if isinstance(t, ast.Attribute)
                      and isinstance(t.value, ast.Name) and t.value.id == "self"}
    return names


def exists(dotted: str, role: str) -> bool:
    """Checks if ``dotted`` is a module of the package (all a ``:mod:`` may name), or an
    attribute reached from one: a submodule, class, function, constant or field."""
    parts = dotted.split(".")
    if not parts[0] or not all(part.isidentifier() for part in parts):
        return False
    if role == "mod":
        return imported(dotted) is not None
    for cut in range(len(parts), 0, -1):
        obj: object = imported(".".join(parts[:cut]))
        if obj is not None:
            break
    else:
        return False
    for part in parts[cut:]:
        if hasattr(obj, part):
            obj = getattr(obj, part)
        elif isinstance(obj, type) and part in instance_attributes(obj) or \
                isinstance(obj, ModuleType) and part in getattr(obj, "__annotations__", {}):
            return part == parts[-1]
        else:
            return False
    return True


def candidates(name: Name) -> list[str]:
    """Returns the full names a role's target may mean, in Sphinx's order; a literal means itself."""
    target = name.target
    if "<" in target and target.endswith(">"):
        target = target[target.index("<") + 1:-1]
    target = target.lstrip("~!").removesuffix("()")
    if name.role == "literal":
        return [target]
    scopes = []  # the current class, the current module, then (for a leading dot) each package above
    if name.classname:
        scopes.append(f"{name.module}.{name.classname}")
    if name.module:
        scopes.append(name.module)
    if target.startswith("."):
        target = target[1:]
        package = name.module.split(".") if name.package else name.module.split(".")[:-1]
        while package:
            scopes.append(".".join(package))
            package.pop()
        return [f"{scope}.{target}" for scope in scopes] + [target]
    return [target] + [f"{scope}.{target}" for scope in scopes]


def resolves(name: Name) -> bool:
    """Checks if one of the full names ``name`` may mean exists."""
    return any(exists(full, name.role) for full in candidates(name))


def broken_names() -> dict[str, set[str]]:
    """Returns, by file, the names written in ``py/reversi`` and ``docs/`` that resolve to nothing."""
    broken: dict[str, set[str]] = {}
    for path in sorted((PY / "reversi").rglob("*.py")):
        module = module_name(path)
        for line, name in prose_names(path.read_text(), module, path.name == "__init__.py"):
            if not resolves(name):
                broken.setdefault(str(path.relative_to(ROOT)), set()).add(f"{line}: {name.target}")
    for path in sorted(DOCS.glob("*.md")):
        for below, name in names_in(path.read_text()):
            if not resolves(name):
                broken.setdefault(str(path.relative_to(ROOT)), set()).add(f"{below + 1}: {name.target}")
    return broken


def test_every_name_the_prose_writes_exists():
    """Each module, class, function, method, constant and attribute that a docstring, a
    comment or a page of docs/ names is there, under that name."""
    broken = broken_names()
    assert not broken, broken


def test_the_checker_sees_a_name_that_is_not_there():
    """The checker is not blind: every way of writing a missing name is found, and the
    ways of writing a real one resolve."""
    source = textwrap.dedent('''\
        """The board's neighbour: see :mod:`reversi.nowhere`, ``reversi.nowhere.Board``,
        :func:`.nowhere`, :class:`~.board.Nowhere` and :meth:`Board.nowhere`."""

        class Board:
            """Names :meth:`nowhere` and :attr:`.nowhere`."""

            #: Cites :data:`reversi.engine.board.NOWHERE`.
            x = 1
    ''')
    written = [name.target for _, name in prose_names(source, "reversi.engine.board")
               if not resolves(name)]
    assert written == ["reversi.nowhere", ".nowhere", "~.board.Nowhere", "Board.nowhere",
                       "reversi.nowhere.Board", "nowhere", ".nowhere", "reversi.engine.board.NOWHERE"]
    real = textwrap.dedent('''\
        """See :mod:`reversi.engine`, :mod:`.variants`, ``reversi.engine.board.Board.play``,
        :meth:`Board.play`, :func:`~.notation.square_name`, :data:`BLACK`, :attr:`Board.steps`,
        :class:`the board <reversi.engine.board.Board>` and :func:`reversi.engine.perft.perft()`."""
    ''')
    assert all(resolves(name) for _, name in prose_names(real, "reversi.engine.board"))
    assert not [name for _, name in names_in("`reversi.nowhere` and :func:`reversi.engine.nowhere`") if resolves(name)]


#: A page of docs/ as the prose names it: ``docs/engine.md``, or a link between pages.
DOC_PAGE = re.compile(r"\bdocs/([\w-]+\.md)\b")
DOC_LINK = re.compile(r"\]\(([\w-]+\.md)(?:#[\w-]*)?\)")


def missing_pages(text: str, in_docs: bool = False) -> set[str]:
    """Returns the pages of docs/ that ``text`` names and that are not there; a page of
    docs/ (``in_docs``) also names the pages it links to."""
    pages = set(DOC_PAGE.findall(text)) | (set(DOC_LINK.findall(text)) if in_docs else set())
    return {page for page in pages if not (DOCS / page).is_file()}


def test_every_page_of_docs_that_the_prose_names_exists():
    """A docstring, a comment, the README or a page of docs/ that sends the reader to a page
    of docs/ sends them somewhere."""
    missing = {}
    for path in [*sorted((PY / "reversi").rglob("*.py")), ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        gone = missing_pages(path.read_text(), path.parent == DOCS)
        if gone:
            missing[str(path.relative_to(ROOT))] = gone
    assert not missing, missing
    assert missing_pages("why: ``docs/nowhere.md``; see [engine](engine.md)") == {"nowhere.md"}
    assert missing_pages("see [there](nowhere.md#a-section)", in_docs=True) == {"nowhere.md"}


def test_a_relative_name_reads_from_the_package_of_an_init():
    """In a package's ``__init__``, a leading ``.`` starts from the package itself."""
    assert resolves(Name("mod", ".board", "reversi.engine", True, ""))
    assert not resolves(Name("mod", ".board", "reversi.app", True, ""))


@pytest.mark.parametrize("target", ["reversi.engine.board", "reversi.engine.board.Board"])
def test_a_module_role_names_only_a_module(target):
    """``:mod:`` resolves a module and nothing else."""
    assert resolves(Name("mod", target, "", False, "")) == (target == "reversi.engine.board")
