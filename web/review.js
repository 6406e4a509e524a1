// Review mode: steps through the frames Python sent (SPEC A3: never changes the
// game), shows the analysis graph, and hands intents back to main.js.

import { drawGraph, describe } from "./graph.js";

const $ = (id) => document.getElementById(id);

/** Returns the review controller; `draw(frameSnapshot)` paints a frame, `say(text)` announces. */
export function createReview({ draw, say }) {
  let review = null;
  let index = 0;

  function frameSnapshot() {
    const f = review.frames[index];
    return {
      cells: f.cells, counts: f.counts, last: f.last, flipped: f.flipped, legal: [],
      options: { legal_dots: false }, status: f.text,
    };
  }

  function render(announce = true) {
    const total = review.frames.length - 1;
    $("review-title").textContent = `${review.title}: ${index === 0 ? "start" : `move ${index} of ${total}`}`;
    $("review-start").disabled = $("review-back").disabled = index === 0;
    $("review-forward").disabled = $("review-end").disabled = index === total;
    draw(frameSnapshot());
    if (announce) say(review.frames[index].text);
  }

  return {
    /** Checks if a game is being reviewed. */
    active: () => review !== null,
    /** The reviewed game's transcript and source, or null. */
    current: () => review,
    /** Opens a review payload at its last frame. */
    open(payload) {
      review = payload;
      index = payload.frames.length - 1;
      $("review-bar").hidden = false;
      document.body.classList.add("reviewing");
      render();
    },
    /** Takes a longer version of the open game (a watched game growing); a player
     * who was at its last frame follows on to the new one. */
    extend(payload) {
      const following = index === review.frames.length - 1;
      review = payload;
      if (following) index = payload.frames.length - 1;
      render(following);
    },
    /** Moves by `delta` frames, or to the start (-Infinity) or end (Infinity). */
    step(delta) {
      if (!review) return;
      const next = Math.max(0, Math.min(review.frames.length - 1, index + delta));
      if (next !== index) {
        index = next;
        render();
      }
    },
    /** Repaints the current frame (e.g. after the live snapshot changed underneath). */
    redraw() {
      if (review) draw(frameSnapshot());
    },
    /** Leaves review. */
    close() {
      review = null;
      $("review-bar").hidden = true;
      $("analysis").hidden = true;
      document.body.classList.remove("reviewing");
    },
  };
}

/** Shows an analysis report: progress, graph and its text alternative. */
export function showAnalysis(report, human) {
  const panel = $("analysis");
  panel.hidden = !report;
  if (!report) return;
  $("analysis-title").textContent = `· ${report.title}`;
  $("analysis-progress").value = report.done / report.total;
  $("analysis-progress").setAttribute("aria-valuetext", `${report.done} of ${report.total} positions`);
  $("analysis-progress-row").hidden = report.finished;
  const marked = report.losses.filter((m) => m.lost_ground && (!human || m.mover === human));
  drawGraph($("analysis-graph"), report, marked.map((m) => m.ply));
  const lines = describe(report, marked);
  $("analysis-graph").setAttribute("aria-label", `Graph of the expected final disc difference. ${lines.join(" ")}`);
  $("analysis-text").replaceChildren(...lines.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
}
