"""Runs the command line (``python -m reversi``)."""

import sys

from .app.cli import main

sys.exit(main())
