// Start-up and recovery (O3, O4, P9, P11): load the stored game into the engine once it is
// ready, the history chunks right after, then what other tabs stored meanwhile; when the
// engine dies, say so, start a new one and load the game again, going on where it was;
// after too many deaths, offer Retry.

/**
 * `show(reply)` paints and `persist(reply)` stores a reply; `command` is the pipeline
 * (for the requests after the load); `catchUp()` hands Python what other tabs stored while
 * this tab could hear no storage event (controller.js); `resetPage()` closes what the
 * dead engine had open.
 */
export function createStartup({ state, engine, store, ui, timers, announce, browserLanguage, show, persist, command,
  catchUp, scheduleComputer, resetPage }) {
  /** Loads the stored game into the engine once it is ready (`resume`: go on unpaused,
   * as before a restart); returns the reply, or null when the engine could not start. */
  async function begin(documents, { resume = false } = {}) {
    const again = state.recovering;
    ui.engineState(again ? "restarting" : "loading");
    let reply;
    const [parts, chunks] = store.split(documents);
    const follows = Object.keys(chunks).length > 0;
    try {
      await engine.ready;
      reply = await engine.call("load", { documents: parts, language: browserLanguage, ...(follows && { history_follows: true }) });
    } catch (error) {
      if (!error.dead || !engine.gaveUp()) ui.engineState("failed", { error: error.message, files: error.files || [] });
      return null;
    }
    state.ready();
    show(reply);
    persist(reply);
    // Sent before anything else can be: every later request finds the history read.
    if (follows) {
      const sent = timers.now();
      command("load_history", { documents: chunks }).then(() => timers.measure("history-read", sent)); // read by bench/page.py history
    }
    if (resume && reply.paused && !reply.result) reply = (await command("resume")) || reply;
    else if (reply.announce) announce(reply.announce);
    // The storage events of the start went unheard: another tab's game is adopted (or
    // shown as continuing there) and its stars merge before the player's first move (P11).
    reply = (await catchUp()) || reply;
    ui.engineState(again ? "back" : "ready");
    scheduleComputer();
    return reply;
  }

  /** The engine died (O4): the page says so, starts a new one and loads the saved
   * game into it, which goes on where it was; after too many deaths it offers Retry. */
  function recover(reason, snap) {
    const resume = Boolean(snap && !snap.paused);
    state.died(!engine.gaveUp());
    resetPage();
    if (engine.gaveUp()) {
      ui.engineState("failed", { error: reason, files: [] });
      return;
    }
    engine.restart();
    begin(store.readAll(), { resume });
  }

  return { begin, recover };
}
