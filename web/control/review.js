// Review: steps through the frames of a game that Python sent (A3: it never
// changes the game in play). Pure state with a draw callback, so it is unit-tested
// under node --test; the page draws the frame and the review bar.

/**
 * Returns the review stepper. `draw({frame, index, total, title, heading, announce})`
 * paints frame `index` of `total` (0 = the opening), with the frame's heading for the
 * review bar, and says whether to announce its text.
 */
export function createReview({ draw }) {
  let review = null;
  let index = 0;

  const render = (announce) => draw({
    frame: review.frames[index], index, total: review.frames.length - 1, title: review.title,
    heading: review.frames[index].heading, announce,
  });

  return {
    /** Checks if a game is being reviewed. */
    active: () => review !== null,
    /** Returns the reviewed game ({title, source, moves, human, frames}), or null. */
    current: () => review,
    /** Opens a review payload at its last frame. */
    open(payload) {
      review = payload;
      index = payload.frames.length - 1;
      render(true);
    },
    /** Takes a longer version of the open game (a watched game growing); a player
     * at its last frame follows on to the new one. */
    extend(payload) {
      const following = index === review.frames.length - 1;
      review = payload;
      if (following) index = payload.frames.length - 1;
      render(following);
    },
    /** Shows frame `to` (0: the first position). */
    goto(to) {
      if (review) this.step(to - index);
    },
    /** Moves by `delta` frames, or to the start (-Infinity) or end (Infinity). */
    step(delta) {
      if (!review) return;
      const next = Math.max(0, Math.min(review.frames.length - 1, index + delta));
      if (next !== index) {
        index = next;
        render(true);
      }
    },
    /** Repaints the current frame without announcing it. */
    redraw() {
      if (review) render(false);
    },
    /** Leaves review. */
    close() {
      review = null;
    },
  };
}

/** Returns a review frame as a board snapshot for the board view (no legal dots). */
export function frameSnapshot(frame) {
  return {
    cells: frame.cells, counts: frame.counts, last: frame.last, flipped: frame.flipped, legal: [],
    options: { legal_dots: false }, status: frame.text,
  };
}
