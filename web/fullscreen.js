// Full screen (B5): all 64 squares and the tools together. The in-page Back
// button, the browser's Back and Escape all restore the page.

/** Returns {enter(), leave(), active()} for the page's full-screen mode. */
export function createFullscreen({ onChange }) {
  let active = false;

  function set(value) {
    if (value === active) return;
    active = value;
    document.body.classList.toggle("fullscreen", value);
    onChange(value);
  }

  window.addEventListener("popstate", () => {
    if (active) leave({ fromHistory: true });
  });
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && active) leave();
  });

  function enter() {
    if (active) return;
    history.pushState({ fullscreen: true }, "");
    set(true);
    const el = document.documentElement;
    if (el.requestFullscreen) el.requestFullscreen().catch(() => {}); // the page mode works without it
  }

  function leave({ fromHistory = false } = {}) {
    if (!active) return;
    set(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    if (!fromHistory && history.state && history.state.fullscreen) history.back();
  }

  return { enter, leave, active: () => active };
}
