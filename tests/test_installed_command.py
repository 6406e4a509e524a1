"""The installed command: ``pip install`` of the project into a fresh virtual
environment gives a ``reversi`` command that runs every subcommand.

The install is offline: pip builds from a clean copy of the sources with the
pinned build backend from the build's cache, as the site's engine wheel is built.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from build_tools.downloads import fetch_build_backend
from build_tools.site import copy_engine_sources

#: Five empty squares, Black to move: solved at once.
NEAR_END = "XXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOXXXXXXXXXXX----- X"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """Returns the ``bin`` folder of a fresh virtual environment with the project installed."""
    root = tmp_path_factory.mktemp("installed")
    source = root / "source"
    copy_engine_sources(source)
    venv.create(root / "env", with_pip=False)
    bin_dir = root / "env" / ("Scripts" if os.name == "nt" else "bin")
    backend = fetch_build_backend()
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet",
         "--no-deps", "--no-index", "--find-links", str(backend), str(source)],
        check=True, capture_output=True, text=True, timeout=120,
    )
    return bin_dir


@pytest.mark.parametrize("argv, expected", [
    (["--help"], "usage: reversi [-h]"),
    (["perft", "3"], "56"),
    (["solve", NEAR_END], " ("),
    (["best", "f5d6c3", "--level", "normal", "--nodes"], "move "),
    (["best", "f5d6", "--variant", "anti", "--level", "easy"], "move "),
    (["match", "easy", "easy", "--games", "1"], "easy vs easy"),
    (["bench", "--perft", "2", "--games", "1", "--levels", "easy"], "easy"),
])
def test_installed_reversi_command_runs_each_subcommand(installed, argv, expected):
    done = subprocess.run([str(installed / "reversi"), *argv], capture_output=True, text=True,
                          timeout=60, cwd=installed)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


def test_installed_reversi_command_refuses_bad_input_with_status_2(installed):
    done = subprocess.run([str(installed / "reversi"), "solve", "not a position"],
                          capture_output=True, text=True, timeout=60, cwd=installed)
    assert done.returncode == 2 and done.stderr.startswith("error:")
