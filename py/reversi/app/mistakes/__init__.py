"""Learn from your own games (N6-N8): the search for mistakes and the accuracy
(:mod:`.finding`), the stored part (:mod:`.book`), what the page shows of them
(:mod:`.views`) and the room (:mod:`.room`)."""
