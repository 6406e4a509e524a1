// Announcements: the one live region (role=status) that speaks turns, passes and results (B7).

/** Returns a function that puts `text` in the live region `el`, re-announcing repeats. */
export function createAnnouncer(el) {
  let last = "";
  return (text) => {
    if (text === last) {
      el.textContent = "";
      requestAnimationFrame(() => { if (last === text) el.textContent = text; }); // unless newer words came since
    } else {
      el.textContent = text;
    }
    last = text;
  };
}
