"""The player's rating (C8): Glicko-2 (:mod:`.glicko`), the rated games and their stored part
(:mod:`.ledger`), and the feature with Play at my level (:mod:`.room`)."""
