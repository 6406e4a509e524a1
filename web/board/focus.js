// Keyboard focus movement over the 8x8 grid (B3): a pure function, unit-tested.

/** Returns the cell index the focus moves to from `index` (0..63, row by row) for
 * `key`, or null when the key does not move the focus. Arrows stop at the edges;
 * Home and End go to the ends of the row. */
export function moveFocus(index, key) {
  const row = Math.floor(index / 8), col = index % 8;
  switch (key) {
    case "ArrowLeft": return col > 0 ? index - 1 : index;
    case "ArrowRight": return col < 7 ? index + 1 : index;
    case "ArrowUp": return row > 0 ? index - 8 : index;
    case "ArrowDown": return row < 7 ? index + 8 : index;
    case "Home": return row * 8;
    case "End": return row * 8 + 7;
    default: return null;
  }
}
