"""Openings (K2-K6): the explorer of the book (:mod:`.explorer`), the trainer of its lines
(:mod:`.trainer`), their schedule and stored part (:mod:`.deck`), the trainer's words
(:mod:`.views`) and the room (:mod:`.room`)."""
