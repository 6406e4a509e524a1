#!/usr/bin/env python3
"""Builds the Reversi site into dist/, serves it locally, and runs the tests.

Commands:
    python3 build.py [build]                            build dist/, print its size
    python3 build.py serve [--port 8000] [--host H]     build, then serve dist/
    python3 build.py test [pytest args...]              install test needs, build, run pytest
    python3 build.py native                             compile the offline tools' C engine

Each command is a few lines over build_tools/: downloads.py (the pins, fetched by the
registries' clients into the git-ignored .cache/ and checked against their checksums;
a verified file there is used as is, with no network), site.py (the site and what it
holds), page_words.py, icons.py, snapshot.py (the engine's start-up snapshot),
server.py, and testrun.py (the test policy: what the tests need installed, and the whole
suite on two pytest-xdist workers with pytest-rerunfailures' one more try for a failed
browser test); the compiled engine of the offline tools builds itself (native/). A new
command is one entry in COMMANDS.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from typing import Callable

from build_tools import testrun
from build_tools.common import DIST, BuildError
from build_tools.downloads import fetch_axe, fetch_test_wheels
from build_tools.server import make_server
from build_tools.site import build_site, report_size


def command_build(args: argparse.Namespace | None = None) -> int:
    """Builds the site and prints its size."""
    started = time.perf_counter()
    report_size(build_site())
    print(f"built in {time.perf_counter() - started:.1f} s")
    return 0


def command_serve(args: argparse.Namespace) -> int:
    """Builds the site, then serves it until interrupted."""
    command_build()
    server = make_server(DIST, args.host, args.port, quiet=False)
    print(f"Open http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def serve_options(parser: argparse.ArgumentParser) -> None:
    """Adds serve's options."""
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")


def command_native(args: argparse.Namespace | None = None) -> int:
    """Compiles the offline tools' C engine (``native/``) into .cache/native/, if this
    source is not built yet."""
    testrun.ensure_test_packages()
    started = time.perf_counter()
    import native  # after the install: it loads through cffi

    try:
        path = native.build()
    except RuntimeError as error:
        raise BuildError(str(error)) from None
    print(f"build: compiled engine {path.name} ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


def command_test(args: argparse.Namespace) -> int:
    """Installs what the tests need, builds the site and the compiled engine, and returns
    pytest's exit status; with no arguments, the whole suite runs on two workers, with one
    more try for a failed browser test (build_tools/testrun.py)."""
    browser = testrun.start_chromium()  # apt-get, beside pip and the downloads
    testrun.ensure_test_packages()
    command_native()
    command_build()
    fetch_test_wheels()
    fetch_axe()
    browser.result()
    env = {**os.environ, "REVERSI_SITE": str(DIST)}  # the browser tests serve this build
    return testrun.run(args.pytest_args, env)


@dataclass(frozen=True)
class Command:
    """A subcommand: its help line, what runs it, and what adds its options."""

    help: str
    run: Callable[[argparse.Namespace], int]
    options: Callable[[argparse.ArgumentParser], None] = lambda parser: None
    #: All that follows the command's name goes to it untouched (as ``pytest_args``).
    passes_on: bool = False


#: The subcommands, by name; the first is the one run when none is named.
COMMANDS = {
    "build": Command("build dist/ and print its size", command_build),
    "serve": Command("build, then serve dist/ on localhost", command_serve, serve_options),
    "test": Command("install test needs, build, run pytest with any further args", command_test, passes_on=True),
    "native": Command("compile the offline tools' C engine into .cache/native/", command_native),
}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Returns the command and its options; all that follows "test" goes to pytest untouched."""
    if argv[:1] and argv[0] in COMMANDS and COMMANDS[argv[0]].passes_on:
        return argparse.Namespace(command=argv[0], pytest_args=argv[1:])
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command")
    for name, command in COMMANDS.items():
        command.options(subparsers.add_parser(name, help=command.help))
    args = parser.parse_args(argv)
    args.command = args.command or next(iter(COMMANDS))
    return args


def main(argv: list[str]) -> int:
    """Runs one command and returns the exit status."""
    args = parse_args(argv)
    try:
        return COMMANDS[args.command].run(args)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
