// Engine state: the loading line at the top and the banner that says what became of the
// engine (O3, O4): loading, ready, failed (with Retry and the files that arrived
// broken), restarting after a death, back again. The words are the page's own, in
// index.html, since a dead engine can say nothing.

const $ = (id) => document.getElementById(id);

/** Returns `engineState(state, {error, files})` for the controller's `ui`. */
export function createEngineState() {
  return function engineState(state, { error = "", files = [] } = {}) {
    const loading = $("loading");
    const banner = $("engine-note");
    const text = $("engine-text");
    loading.hidden = !(state === "loading" || state === "restarting");
    if (state === "loading") {
      banner.hidden = true;
      return;
    }
    const words = text.dataset;
    const said = {
      ready: null,
      restarting: words.restarting,
      back: words.back,
      failed: files.length ? words.files.replace("{files}", files.join(", ")) : words.failed.replace("{error}", error),
    }[state];
    banner.hidden = !said;
    banner.classList.toggle("alert", state === "failed" || state === "restarting");
    text.textContent = said || "";
    $("engine-retry").hidden = state !== "failed";
    $("engine-retry").dataset.files = JSON.stringify(files);
    if (state === "failed") $("engine-retry").focus({ preventScroll: true });
  };
}
