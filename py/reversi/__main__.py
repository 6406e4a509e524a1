"""Runs the command line (``python -m reversi``)."""

import sys

from .cli import main

sys.exit(main())
