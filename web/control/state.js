// The controller's state, named in one place: the engine's phase and the work under way.
//
// phase: "loading"    the first engine starts; only the intents that need no reply run
//        "recovering" the engine died and a new one starts (O4); as loading
//        "ready"      requests flow
// work:  "computer"   the computer's move is asked for (C1, C3)
//        "hints"      the next step of the hints is asked for (H1, H3)
//        "ponder"     a slice of pondering is asked for (C4)
//        "analysis"   a reviewed game is analysed position by position
//        "watch"      two levels play each other; its detail is the game {black, white, seed, busy}
//        "mistakes"   the next placement of a finished game is searched for mistakes (N6)
// A piece of work starts only when the engine is ready, it is not under way already, and
// the work that excludes it is not (hints wait for the computer, a slice of pondering for
// the computer and the hints, an analysis for a watched game, the search for mistakes for
// all but pondering); it ends by itself, or all at once when the engine dies. `choice` is
// the setting the player just picked, shown over any snapshot until its reply.
//
// Transitions: start(work, detail) -> boolean, finish(work, detail?), ready(), died(restarting),
// choose(choice), chosen(choice). They are unit-tested in tests/js/state.test.mjs.

export const PHASES = Object.freeze(["loading", "recovering", "ready"]);
export const WORK = Object.freeze(["computer", "hints", "analysis", "watch", "ponder", "mistakes"]);
/** The work each piece of work waits for. */
const WAITS_FOR = Object.freeze({
  computer: [], hints: ["computer"], analysis: ["watch"], watch: [], ponder: ["computer", "hints"],
  mistakes: ["computer", "hints", "analysis", "watch"],
});

export function createState() {
  let phase = "loading";
  let choice = null;
  const under = new Map(); // work -> its detail (true when it has none)

  return {
    get phase() { return phase; },
    /** Whether no request may be sent yet (starting or restarting the engine). */
    get loading() { return phase !== "ready"; },
    get recovering() { return phase === "recovering"; },
    get choice() { return choice; },
    /** Whether `work` is under way. */
    running: (work) => under.has(work),
    /** The detail `work` started with (the watched game), or null. */
    detail: (work) => (under.has(work) ? under.get(work) : null),
    /** Whether any of `works` is under way. */
    any: (...works) => works.some((work) => under.has(work)),
    /** Starts `work` when it may start now; returns whether it did. */
    start(work, detail = true) {
      if (!WORK.includes(work)) throw new Error(`unknown work ${work}`);
      if (phase !== "ready" || under.has(work) || WAITS_FOR[work].some((other) => under.has(other))) return false;
      under.set(work, detail);
      return true;
    },
    /** Ends `work`; with `detail`, only if it is still that one (a newer watch stays). */
    finish(work, detail = undefined) {
      if (detail === undefined || under.get(work) === detail) under.delete(work);
    },
    /** The engine answered the load: requests flow. */
    ready() { phase = "ready"; },
    /** The engine died: all work ends; a new engine starts (`restarting`), or, when the
     * page gave up on it, requests wait for Retry. */
    died(restarting = true) {
      if (restarting) phase = "recovering";
      else if (phase === "ready") phase = "loading";
      under.clear();
    },
    /** The player picked a setting: shown until `chosen` with the same choice. */
    choose(next) { choice = next; },
    chosen(mine) { if (choice === mine) choice = null; },
    /** The flags the panels draw from. */
    flags: () => ({
      loading: phase !== "ready", thinking: under.has("computer"), hinting: under.has("hints"),
      watching: under.has("watch"), choosing: choice,
    }),
  };
}
