// Watching two levels play each other: one placement per request, shown in review as
// the game grows, a pause between two moves to see each one. The watched game is the
// state's "watch" work (state.js); a newer watch, a review or the engine's death ends it.

export const WATCH_DELAY_MS = 600; // time to see each move of a watched game

export function createWatching({ state, engine, command, overrule, openReview, review, timers, show }) {
  /** Ends a watched game, interrupting the search for its next move. */
  function stopWatching() {
    const game = state.detail("watch");
    if (game && game.busy) engine.cancel();
    state.finish("watch");
  }

  /** Lets two levels play each other until the game ends or the watch is stopped. */
  async function watch({ black, white, seed }) {
    const game = { black, white, seed, busy: false };
    const step = async (moves) => {
      game.busy = true;
      const reply = await command("watch", { moves, black, white, seed });
      game.busy = false;
      return state.detail("watch") === game && reply ? reply.review : null;
    };
    stopWatching();
    if (state.running("analysis")) await overrule("analysis_stop");
    if (!state.start("watch", game)) return;
    try {
      let current = await step("");
      if (!current) return;
      openReview({ review: current });
      while (state.detail("watch") === game && current.frames[current.frames.length - 1].turn !== null) {
        await new Promise((resolve) => timers.setTimeout(resolve, WATCH_DELAY_MS));
        if (state.detail("watch") !== game) return;
        current = await step(current.transcript);
        if (!current) return;
        review.extend(current);
      }
    } finally {
      state.finish("watch", game); // over, failed or stopped
      show();
    }
  }

  return { watch, stopWatching };
}
