"""Learning to play (N1-N5): How to play (:mod:`.howto`), the lessons (:mod:`.lessons`) and
the room with its stored part (:mod:`.room`)."""
