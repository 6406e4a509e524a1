"""The repository stands on its own: every cited contract id resolves, and no
tracked file reaches above the repository root.

Ids are defined in ``docs/contract.md``, one a line (``- **R1** …``).  A file
*cites* an id in its prose: Python comments and docstrings, test names
(``test_p3_…``), JavaScript comments and test titles, and Markdown outside code.
A token such as ``P9`` counts as a citation when its letter is one of the
contract's families; squares are written in lower case (``d3``, R6), so an
upper-case square name in prose would be read as an id, and is worth fixing.
"""

from __future__ import annotations

import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = ROOT / "docs" / "contract.md"
DEFINED = re.compile(r"^- \*\*([A-Z])(\d+)\*\*", re.MULTILINE)
#: An id or a range of ids (``R2-R5`` cites both ends).
CITED = re.compile(r"\b([A-Z])(\d{1,2})(?:\s*[-–]\s*([A-Z]?)(\d{1,2}))?\b")
TEST_NAME = re.compile(r"\btest_((?:[a-z]\d{1,2}_)+)")
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
JS_TEST_TITLE = re.compile(r"\btest\(\s*([\"'`])(.*?)\1", re.DOTALL)
MD_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
#: Files whose words are data, not prose: the FFO files name squares in upper case.
DATA = re.compile(r"^(tests/data/|py/reversi/engine/data/)")


def tracked_files() -> list[str]:
    """Returns the repository's tracked files (git), relative to the root."""
    result = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in result.stdout.splitlines() if (ROOT / name).is_file()]


def defined_ids() -> set[str]:
    """Returns the ids the contract defines."""
    return {f"{letter}{number}" for letter, number in DEFINED.findall(CONTRACT.read_text())}


def python_prose(text: str) -> list[str]:
    """Returns a Python file's comments, docstrings and the id parts of its test names."""
    prose, previous = [], tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            prose.append(token.string)
        elif token.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                                              tokenize.NL):
            prose.append(token.string)
        elif token.type == tokenize.NAME:
            prose.extend(part.upper().replace("_", " ") for part in TEST_NAME.findall(token.string))
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token.type
    return prose


def prose_of(name: str, text: str) -> list[str]:
    """Returns the parts of a tracked file that are prose, by its kind."""
    if name.endswith(".py"):
        return python_prose(text)
    if name.endswith((".js", ".mjs")):
        return JS_COMMENT.findall(text) + [title for _, title in JS_TEST_TITLE.findall(text)]
    if name.endswith(".md"):
        return [MD_CODE.sub(" ", text)]
    return []


def citations(prose: list[str], families: set[str]) -> set[str]:
    """Returns the ids cited in ``prose`` whose letter is one of ``families``."""
    found = set()
    for text in prose:
        for letter, number, second_letter, second in CITED.findall(text):
            if letter in families:
                found.add(f"{letter}{number}")
                if second:
                    found.add(f"{second_letter or letter}{second}")
    return found


def test_every_cited_id_is_in_the_contract():
    """Each id that code, tests or documents cite is a line of docs/contract.md."""
    defined = defined_ids()
    families = {name[0] for name in defined}
    missing = {}
    for name in tracked_files():
        if DATA.match(name) or name == "docs/contract.md":
            continue
        unknown = citations(prose_of(name, (ROOT / name).read_text(errors="replace")), families) - defined
        if unknown:
            missing[name] = sorted(unknown)
    assert not missing, f"cited ids missing from docs/contract.md: {missing}"


def test_the_contract_defines_the_cited_families():
    """The contract has the rule families the code has always cited, each numbered from 1."""
    defined = defined_ids()
    for family, last in {"R": 6, "C": 3, "B": 9, "U": 6, "A": 5, "S": 8, "P": 8, "H": 3, "E": 2, "V": 3,
                         "O": 3}.items():
        assert {f"{family}{n}" for n in range(1, last + 1)} <= defined, family


def test_the_checker_sees_a_citation_the_contract_lacks():
    """The checker is not blind: a docstring, a comment and a test name citing unknown ids are found."""
    text = '"""Docstring citing R99."""\n# comment: P77\ndef test_s42_thing():\n    x = "B55"\n'
    assert citations(python_prose(text), {"R", "P", "S", "B"}) == {"R99", "P77", "S42"}


#: A relative path that climbs: one or more ``../``.
CLIMB = re.compile(r"(?:\.\./)+")
#: ``Path(__file__)`` climbing by ``parents[n]`` or a chain of ``.parent``.
PARENTS = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?((?:\.parents\[\d+\])?(?:\.parent)*)")


def climbs_above_root(name: str, text: str) -> list[str]:
    """Returns the path expressions in a tracked file that reach above the repository root."""
    depth = name.count("/")
    found = [f"names the folder beside the repository: {m}" for m in re.findall(r"\.\./shared\b|shared/data", text)]
    for match in CLIMB.finditer(text):
        if match.group().count("../") > depth:
            found.append(f"climbs {match.group()!r} from a file {depth} folder(s) deep")
    for chain in PARENTS.findall(text) if name.endswith(".py") else []:
        index = re.search(r"parents\[(\d+)\]", chain)  # parents[k] is k levels above the file's folder
        up = int(index.group(1)) + chain.count(".parent") - 1 if index else chain.count(".parent") - 1
        if up > depth:
            found.append(f"Path(__file__){chain} climbs {up} levels from {depth} folder(s) deep")
    return found


def test_no_tracked_file_refers_above_the_repository_root():
    """A clone with nothing beside it is complete: no tracked file names a path above its root."""
    offenders = {}
    for name in tracked_files():
        if name == "tests/test_contract.py" or DATA.match(name):
            continue
        found = climbs_above_root(name, (ROOT / name).read_text(errors="replace"))
        if found:
            offenders[name] = found
    assert not offenders, offenders


def test_the_path_check_sees_a_climb():
    """The path check is not blind: the old ways of reaching the data beside the repository are found."""
    assert climbs_above_root("tests/test_x.py", 'Path(__file__).resolve().parents[2] / "beside"')
    assert climbs_above_root("py/reversi/app/cli.py", "Path(__file__).resolve().parents[3].parent / 'x'")
    assert climbs_above_root("README.md", "see ../../notes.md")
    assert not climbs_above_root("web/engine/worker.js", 'import { loadPyodide } from "../../pyodide/pyodide.mjs";')
    assert not climbs_above_root("tests/test_x.py", "Path(__file__).resolve().parents[1] / 'py'")


#: A citation that leads nowhere from a clone: a tracker's number, or the old spec file
#: (the contract's ids are the citations that resolve).
DEAD_CITATION = re.compile(r"\bissues? #?\d+|\bSPEC\.md\b", re.IGNORECASE)
#: The code, whose comments, docstrings and test names must cite the contract.
CODE = re.compile(r"^(py|web|tests|bench|build_tools)/.*\.(py|js|mjs|html|css|toml)$|^build\.py$|^index\.html$")


def dead_citations(text: str) -> list[str]:
    """Returns the lines of ``text`` that cite an issue number or a file outside the repository."""
    return [line.strip() for line in text.splitlines() if DEAD_CITATION.search(line)]


def test_code_cites_the_contract_not_issue_numbers():
    """Code, comments and test names under py/, web/, tests/ and bench/ cite contract ids, never an
    issue's number nor the old spec file: a reader with only the repository can follow them."""
    offenders = {}
    for name in tracked_files():
        if name == "tests/test_contract.py" or not CODE.match(name) or DATA.match(name):
            continue
        found = dead_citations((ROOT / name).read_text(errors="replace"))
        if found:
            offenders[name] = found
    assert not offenders, offenders


def test_the_citation_check_sees_an_issue_number():
    """The citation check is not blind: an issue's number and the old spec file are found."""
    assert dead_citations("# fixed in Issue 19, P9")
    assert dead_citations('"""See SPEC.md R1."""')
    assert dead_citations("// issues 10 and 12")
    assert not dead_citations("# the tissue 3 times; P7 (R2-R5)")
