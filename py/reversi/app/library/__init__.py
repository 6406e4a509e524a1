"""The library of imported games (R10-R13)."""
