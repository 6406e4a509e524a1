// Layers the Back button closes: the menu, full screen, position setup (B5).
// Each open layer has a history entry, so the browser's Back closes the top one;
// a layer closed another way takes its entry back without closing anything else.
// A history entry is added only once every earlier step back has landed, so that
// the steps back and the new entries never overtake each other.

/** Returns {open(name, close), close(name), isOpen(name)} over `win`'s history. */
export function createLayers(win = window) {
  const stack = []; // [{name, close(fromHistory)}], the top last
  let skips = 0; // history.back() calls of ours whose popstate closes nothing
  let waiting = []; // names whose history entry waits for those steps back to land

  const push = (name) => win.history.pushState({ layer: name }, "");

  win.addEventListener("popstate", () => {
    if (skips > 0) {
      skips -= 1;
      if (skips === 0) waiting.splice(0).forEach(push);
      return;
    }
    const top = stack.pop();
    if (top) top.close(true);
  });

  return {
    /** Opens a layer: `close(fromHistory)` is called when Back closes it. */
    open(name, close) {
      if (stack.some((layer) => layer.name === name)) return;
      stack.push({ name, close });
      if (skips > 0) waiting.push(name);
      else push(name);
    },
    /** Forgets a layer that was closed another way, taking its history entry back. */
    close(name) {
      const index = stack.findLastIndex((layer) => layer.name === name);
      if (index < 0) return;
      stack.splice(index, 1);
      if (waiting.includes(name)) {
        waiting = waiting.filter((waiter) => waiter !== name); // its entry was never added
        return;
      }
      skips += 1;
      win.history.back();
    },
    /** Checks if a layer is open. */
    isOpen: (name) => stack.some((layer) => layer.name === name),
  };
}
