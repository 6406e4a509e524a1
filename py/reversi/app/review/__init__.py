"""Looking back at games: the review open on the page (:mod:`.room`), a game's frames
(:mod:`.frames`), its analysis (:mod:`.analysis`) and two levels watched (:mod:`.watch`)."""
