// Pondering's slices (C4): while the snapshot's `ponder_due` says the computer may think
// on the person's turn (Python decides that: py/reversi/app/pondering.py), the page asks
// for one short slice at a time (`ponder`, about 10 ms of search), and the next only
// when the previous reply came and nothing else waits, so a tap or a key waits at most
// one slice (and a tap, Undo, New or Pause interrupts it: controller.js). It never
// ponders while the page is hidden, a review, the editor, a puzzle or a lesson holds the
// board, hint work is wanted (H3), or after PONDER_IDLE_MS with no input, until the next
// input; a slice that says no more is useful ends it for that game state (token).
//
// A run of slices is measured twice: "ponder" when its first slice replied (detail
// {more}) and "ponder-stop" when it ends (detail {reason, slices}), read by the browser
// tests (a slice each would fill the performance timeline).

/** With no input this long, pondering rests until the next input. */
export const PONDER_IDLE_MS = 60_000;

/**
 * Decides what to do now: "slice" (ask for one), "wait" (a request or hint work is under
 * way: the next reply asks again) or the reason pondering stops: "not due", "hidden",
 * "busy", "idle" or "done" (Python said no more is useful for this token).
 */
export function ponderStep({ snap, hidden, busy, hints, queued, running, idleMs, doneToken }) {
  if (!snap || !snap.ponder_due) return "not due";
  if (hidden) return "hidden";
  if (busy) return "busy";
  if (idleMs >= PONDER_IDLE_MS) return "idle";
  if (snap.token === doneToken) return "done";
  if (running || queued || hints || snap.hints_due) return "wait";
  return "slice";
}

/**
 * `state` the named state; `engine.call(method, params)`; `current()` the snapshot shown;
 * `hidden()`; `busy()` whether another view holds the board; `queued()` whether a command
 * is under way; `timers` {now(), measure(name, start, detail)}.
 */
export function createPondering({ state, engine, current, hidden, busy, queued, timers }) {
  let lastInput = timers.now();
  let doneToken = null; // the token for which Python said no more is useful
  let run = null; // {since, slices}: the run of slices under way, or null

  /** Asks for the next slice when it should come now; ends the run when pondering stops. */
  function schedulePonder() {
    const snap = current();
    const step = ponderStep({
      snap, hidden: hidden(), busy: busy(), hints: state.running("hints"), queued: queued(),
      running: state.running("ponder"), idleMs: timers.now() - lastInput, doneToken,
    });
    if (step === "wait") return;
    if (step !== "slice") {
      if (run) timers.measure("ponder-stop", run.since, { reason: step, slices: run.slices });
      run = null;
      return;
    }
    if (!state.start("ponder")) return;
    const token = snap.token;
    const asked = timers.now();
    run = run || { since: asked, slices: 0 };
    run.slices += 1;
    engine.call("ponder", { token }).then((reply) => {
      if (run && run.slices === 1) timers.measure("ponder", asked, { more: Boolean(reply && reply.ponder) });
      if (!(reply && reply.ponder)) doneToken = token;
    }, (error) => {
      if (!error.cancelled && !error.dead) { // a Python error: not asked again for this game state
        console.warn(`Pondering stopped: ${error.message}`);
        doneToken = token;
      }
    }).finally(() => {
      state.finish("ponder");
      schedulePonder();
    });
  }

  return {
    schedulePonder,
    /** The player did something: pondering may go on (PONDER_IDLE_MS counts from now). */
    input() {
      lastInput = timers.now();
    },
  };
}
