// Formatting helpers with no DOM: pure functions, unit-tested under node --test.

/** Formats milliseconds as m:ss (or h:mm:ss), rounding down to the second. */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`;
}

let dateFormat = null;

/** Formats a date (an ISO string or milliseconds) as date and time in the reader's
 * locale, as `Date.toLocaleString` does, with one formatter for the page: the
 * first use loads the locale's data (about 20 ms), so the page makes it while idle. */
export function formatDate(date) {
  dateFormat ??= new Intl.DateTimeFormat(undefined, {
    year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  });
  return dateFormat.format(new Date(date));
}

/** Returns the name of square index i (0 = a1, 63 = h8; R1). */
export function squareName(i) {
  return "abcdefgh"[i % 8] + String(Math.floor(i / 8) + 1);
}

/** Returns the index (0 = a1, 63 = h8) of a square name such as "d3". */
export function squareIndex(name) {
  return "abcdefgh".indexOf(name[0]) + 8 * (Number(name[1]) - 1);
}
