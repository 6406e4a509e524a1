// The work the controller asks of Python by itself, between the player's intents: the
// computer's move when it is its turn (C1, C3), and the hints' next step while hint mode
// wants them (H1, H3). Each starts through the named state (state.js), so one request of
// each kind is under way at most, and none while the engine starts or the page is hidden.

export const COMPUTER_DELAY_MS = 250; // lets the player see their own move before the reply

/** Returns `later(run)`: calls `run()` (async) after `delay` ms, unless a call is pending
 * already (the computer's reply in a puzzle played out, a lesson or the trainer: one at a time). */
export function oneReplyLater(timers, delay) {
  let pending = false;
  return (run) => {
    if (pending) return;
    pending = true;
    timers.setTimeout(async () => {
      await run();
      pending = false;
    }, delay);
  };
}

/**
 * `current()` is the snapshot shown; `command(method, params, onError)` the pipeline;
 * `show()` repaints; `render()` redraws the panels only; `busyElsewhere()` whether a
 * review or the editor holds the board (no hints then).
 */
export function createScheduling({ state, current, command, show, render, hidden, timers, ui, busyElsewhere }) {
  let hintsAsked = null; // {token, at}: when the hints of the position at token were first asked for

  /** Asks Python for the computer's move when it is the computer's turn (C1, C3). */
  function scheduleComputer() {
    const snap = current();
    if (!snap || !snap.computer_to_move || hidden() || !state.start("computer")) return;
    show();
    const token = snap.token;
    timers.setTimeout(async () => {
      const asked = timers.now();
      let failed = false; // an engine error is said once, not asked again at once
      await command("computer_move", { token }, (message) => { failed = true; ui.notice(message); });
      timers.measure("computer-move", asked); // one move's thinking, read by bench/page.py
      state.finish("computer");
      show();
      if (!failed) scheduleComputer();
    }, COMPUTER_DELAY_MS);
  }

  /** Asks Python for the next step of the hints while hint mode wants them (H1, H3). */
  function scheduleHints() {
    const snap = current();
    if (!snap || !snap.hints_due || hidden() || busyElsewhere() || !state.start("hints")) return;
    render();
    const token = snap.token;
    if (!snap.hints) hintsAsked = { token, at: timers.now() };
    command("hint_step", { token }).then((reply) => {
      if (reply && reply.hints && reply.hints.final && hintsAsked && hintsAsked.token === token) {
        timers.measure("hints", hintsAsked.at, { empties: reply.empties }); // read by bench/page.py hints
      }
    }).finally(() => {
      state.finish("hints");
      show();
      scheduleHints();
    });
  }

  return { scheduleComputer, scheduleHints };
}
