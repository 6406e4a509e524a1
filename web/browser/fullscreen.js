// Full screen (B5): all 64 squares and the tools together. The in-page Back
// button, the browser's Back and Escape all restore the page.

/** Returns {enter(), leave(), active()} for the page's full-screen mode; `layers` handles Back. */
export function createFullscreen({ onChange, layers }) {
  let active = false;

  function set(value) {
    if (value === active) return;
    active = value;
    document.body.classList.toggle("fullscreen", value);
    onChange(value);
  }

  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && active) leave();
  });

  function enter() {
    if (active) return;
    layers.open("fullscreen", (fromHistory) => leave({ fromHistory }));
    set(true);
    const el = document.documentElement;
    if (el.requestFullscreen) el.requestFullscreen().catch(() => {}); // the page mode works without it
  }

  function leave({ fromHistory = false } = {}) {
    if (!active) return;
    set(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    if (!fromHistory) layers.close("fullscreen");
  }

  return { enter, leave, active: () => active };
}
