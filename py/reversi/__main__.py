"""Runs the command line (``python -m reversi``, the same as the installed ``reversi``)."""

import sys

from .app.cli import main

sys.exit(main())
