// Drawing the board on a 2D canvas: the frame with its coordinates, the squares,
// discs with depth, and the marks (legal dots, last placement, flips, previews,
// hints). Pure drawing: what to draw comes from the board view.

const FILES = "abcdefgh";

/** The board's colours, light and dark (the page follows prefers-color-scheme). */
export const PALETTES = {
  light: {
    frame: "#1f4a37", label: "#d9e6de", surface: "#2f7a56", surfaceEdge: "#286a4b", line: "rgba(10, 40, 26, 0.55)",
    dot: "rgba(12, 36, 24, 0.38)", last: "#f59e0b", flip: "rgba(245, 158, 11, 0.9)", preview: "#fde68a",
    hint: "#ffffff", hintBg: "rgba(12, 30, 21, 0.62)", best: "#fbbf24",
  },
  dark: {
    frame: "#132d22", label: "#9fb8aa", surface: "#255e44", surfaceEdge: "#1f4f39", line: "rgba(4, 20, 12, 0.6)",
    dot: "rgba(220, 240, 228, 0.33)", last: "#fbbf24", flip: "rgba(251, 191, 36, 0.9)", preview: "#fde68a",
    hint: "#ffffff", hintBg: "rgba(4, 16, 10, 0.7)", best: "#fcd34d",
  },
};

/** Draws the frame, its coordinates and the 8x8 squares; returns nothing. */
export function drawBoard(ctx, size, gutter, cell, colors) {
  ctx.fillStyle = colors.frame;
  roundRect(ctx, 0, 0, size, size, 10);
  ctx.fill();
  const g = ctx.createRadialGradient(size * 0.45, size * 0.4, cell, size / 2, size / 2, size * 0.75);
  g.addColorStop(0, colors.surface);
  g.addColorStop(1, colors.surfaceEdge);
  ctx.fillStyle = g;
  ctx.fillRect(gutter, gutter, size - gutter - 2, size - gutter - 2);
  ctx.strokeStyle = colors.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let k = 1; k < 8; k++) {
    const at = Math.round(gutter + k * cell) + 0.5;
    ctx.moveTo(at, gutter);
    ctx.lineTo(at, size - 2);
    ctx.moveTo(gutter, at);
    ctx.lineTo(size - 2, at);
  }
  ctx.stroke();
  ctx.fillStyle = colors.line;
  for (const [cx, cy] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
    ctx.beginPath();
    ctx.arc(gutter + cx * cell, gutter + cy * cell, Math.max(2, cell * 0.045), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = colors.label;
  ctx.font = `600 ${Math.round(gutter * 0.6)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let k = 0; k < 8; k++) {
    ctx.fillText(FILES[k], gutter + (k + 0.5) * cell, gutter / 2 + 1);
    ctx.fillText(String(k + 1), gutter / 2 + 1, gutter + (k + 0.5) * cell);
  }
}

/** Draws a disc of radius r at (x, y); `squash` (0..1) narrows it while it turns over. */
export function drawDisc(ctx, x, y, r, squash, black) {
  if (r <= 0) return;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(Math.max(squash, 0.04), 1);
  ctx.shadowColor = "rgba(0, 0, 0, 0.42)";
  ctx.shadowBlur = r * 0.3;
  ctx.shadowOffsetY = r * 0.12;
  ctx.fillStyle = black ? "#050505" : "#b9bdb6"; // the rim
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowColor = "transparent";
  const g = ctx.createRadialGradient(-r * 0.32, -r * 0.38, r * 0.05, 0, 0, r * 0.92);
  g.addColorStop(0, black ? "#5b5f63" : "#ffffff");
  g.addColorStop(0.55, black ? "#23262a" : "#f1f2ee");
  g.addColorStop(1, black ? "#0d0e10" : "#d6d9d2");
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.9, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** Draws a filled dot of radius r. */
export function drawDot(ctx, x, y, r, color) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Draws a ring of radius r, `width` wide, dashed when `dash`. */
export function drawRing(ctx, x, y, r, color, width = 3, dash = false) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash ? [5, 3] : []);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Draws a hint's value (e.g. "+6") in the middle of a square of size `cell`; a value
 *  from the opening book (K1) gets a small open book above it. */
export function drawHint(ctx, x, y, cell, text, best, colors, book = false) {
  if (book) drawBook(ctx, x, y - cell * 0.34, cell * 0.09, colors);
  const w = cell * 0.74, h = cell * 0.44;
  ctx.fillStyle = colors.hintBg;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, h / 2);
  ctx.fill();
  if (best) {
    ctx.strokeStyle = colors.best;
    ctx.lineWidth = 2.5;
    ctx.stroke();
  }
  ctx.fillStyle = best ? colors.best : colors.hint;
  ctx.font = `700 ${Math.round(cell * 0.27)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 1);
}

/** Draws an open book of half-width `size` centred on (x, y): two pages on a dark backing. */
function drawBook(ctx, x, y, size, colors) {
  ctx.fillStyle = colors.hintBg;
  roundRect(ctx, x - size * 1.5, y - size, size * 3, size * 2, size * 0.5);
  ctx.fill();
  ctx.fillStyle = colors.hint;
  ctx.fillRect(x - size * 1.15, y - size * 0.6, size, size * 1.2);
  ctx.fillRect(x + size * 0.15, y - size * 0.6, size, size * 1.2);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
