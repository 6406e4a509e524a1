// Review: steps through the frames of a game that Python sent (A3: it never
// changes the game in play). Pure state with a draw callback, so it is unit-tested
// under node --test; the page draws the frame and the review bar. The review intents
// (open, step, close, import, a link, analyse) are reviewIntents below.

import { reviewStep } from "../board/input.js";

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
    /** Returns the frame shown (0: the first position). */
    shown: () => index,
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
    /** Takes the open game again, marked anew (its mistakes as the analysis finds them,
     * N6): the same frames, the frame shown stays; the next redraw shows it, unannounced. */
    refresh(payload) {
      review = payload;
      index = Math.min(index, payload.frames.length - 1);
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

/**
 * Returns the review intents, given the controller's parts: `command(method, params,
 * onError)` and `overrule` (the pipeline), `openReview(reply)`, `stopWatching()`,
 * `analyse()`, `show()` (the game in play), `analysing()` (whether an analysis runs),
 * the panels `ui`, `copy(text)` and `shareLink(link)`.
 */
export function reviewIntents({ review, command, overrule, openReview, stopWatching, analyse, show, ui, copy, shareLink,
  analysing }) {
  const current = async () => openReview(await command("review", { source: "current" }));
  /** Opens a game brought from outside (pasted, or files); its problem shows under the box. */
  async function openImported(method, params) {
    stopWatching();
    ui.transcript("");
    const reply = await command(method, params, ui.transcript);
    openReview(reply);
    return Boolean(reply);
  }
  /** Analyses the reviewed game and brings its mistakes and graph into view (N6). */
  async function analyseInView() {
    const analysing = analyse();
    if (ui.analysisInView) ui.analysisInView();
    await analysing;
  }
  return {
    async review() {
      stopWatching();
      await current();
    },
    async reviewHistory(index) {
      stopWatching();
      openReview(await command("review", { source: "history", index }));
    },
    async reviewAt(ply) {
      if (!review.active()) {
        stopWatching();
        await current();
      }
      review.goto(ply);
    },
    navigate(key) {
      if (!review.active()) return false;
      review.step(reviewStep(key));
      return true;
    },
    closeReview() {
      stopWatching();
      review.close();
      ui.reviewClosed();
      show(); // the game in play at once; Python's reply follows
      overrule("close_review");
    },
    cancelAnalysis: () => overrule("analysis_stop"),
    copyReview: () => copy(review.current().transcript),
    shareReview: () => shareLink(review.current().link),
    async openLink(fragment) {
      stopWatching();
      if (analysing()) await overrule("analysis_stop");
      openReview(await command("open_link", { fragment }));
    },
    importTranscript: (text) => openImported("import_transcript", { text }),
    /** Opens the first game of game files (R9: [{name, data}], read by web/browser/files.js). */
    importFiles: (files) => openImported("import_files", { files }),
    /** Opens the game before (-1) or after (1) the one shown, of those opened together (R9). */
    importedGame: (step) => openImported("import_game_at", { step }),
    analyseInView,
    /** The result card's Analyse: the game's review, analysed (N6). */
    async reviewAndAnalyse() {
      stopWatching();
      await current();
      await analyseInView();
    },
  };
}
