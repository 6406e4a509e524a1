// Board view: draws a snapshot on the canvas and mirrors it in the accessible grid.
// It knows no rules: legal squares, last move and flips all come in the snapshot.

const FILES = "abcdefgh";
const COLORS = {
  board: "#1f7a4d",
  line: "#0f4a2d",
  label: "#ece9e2",
  labelBg: "#143d2a",
  dot: "rgba(255, 255, 255, 0.55)",
  last: "#e11d48",
};

/** Returns the name of square index i (0 = a1, 63 = h8). */
export function squareName(i) {
  return FILES[i % 8] + String(Math.floor(i / 8) + 1);
}

/** Returns the accessible name of a square, e.g. "d3, empty, legal move". */
function cellLabel(name, cell, legal, last) {
  const content = cell === "X" ? "black" : cell === "O" ? "white" : "empty";
  let label = `${name}, ${content}`;
  if (legal) label += ", legal move";
  if (last) label += ", last move";
  return label;
}

/** Returns the legal squares to mark: none when the player turned the dots off (B1). */
function shownLegal(snapshot) {
  return new Set(snapshot.options && snapshot.options.legal_dots ? snapshot.legal : []);
}

export class BoardView {
  /** Builds the 64 grid cells inside `grid` and draws on `canvas`. */
  constructor(canvas, grid) {
    this.canvas = canvas;
    this.grid = grid;
    this.snapshot = null;
    this.cells = [];
    for (let row = 0; row < 8; row++) {
      const rowEl = document.createElement("div");
      rowEl.setAttribute("role", "row");
      for (let col = 0; col < 8; col++) {
        const i = row * 8 + col;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.dataset.square = squareName(i);
        cell.tabIndex = i === 19 ? 0 : -1; // d3: a sensible first focus (roving tabindex)
        rowEl.append(cell);
        this.cells.push(cell);
      }
      grid.append(rowEl);
    }
    this.resizeObserver = new ResizeObserver(() => this.render());
    this.resizeObserver.observe(canvas);
  }

  /** Shows a new snapshot (see py/reversi/snapshot.py for its fields). */
  show(snapshot) {
    this.snapshot = snapshot;
    const legal = shownLegal(snapshot);
    this.cells.forEach((cell, i) => {
      const name = squareName(i);
      const isLegal = legal.has(name);
      cell.setAttribute("aria-label", cellLabel(name, snapshot.cells[i], isLegal, snapshot.last === name));
      cell.classList.toggle("legal", isLegal);
    });
    this.render();
  }

  /** Redraws the canvas at the device's pixel ratio (crisp on high-DPI screens, B8). */
  render() {
    const { canvas, snapshot } = this;
    const cssSize = canvas.clientWidth;
    if (!cssSize) return;
    const dpr = window.devicePixelRatio || 1;
    const px = Math.round(cssSize * dpr);
    if (canvas.width !== px || canvas.height !== px) {
      canvas.width = px;
      canvas.height = px;
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(px / cssSize, 0, 0, px / cssSize, 0, 0);
    const gutter = parseFloat(getComputedStyle(canvas.parentElement).getPropertyValue("--gutter")) || 18;
    const cell = (cssSize - gutter) / 8;
    drawFrame(ctx, cssSize, gutter, cell);
    if (!snapshot) return;
    const legal = shownLegal(snapshot);
    for (let i = 0; i < 64; i++) {
      const x = gutter + (i % 8) * cell;
      const y = gutter + Math.floor(i / 8) * cell;
      const c = snapshot.cells[i];
      if (c === "X" || c === "O") drawDisc(ctx, x + cell / 2, y + cell / 2, cell * 0.4, c === "X");
      else if (legal.has(squareName(i))) drawDot(ctx, x + cell / 2, y + cell / 2, cell * 0.12);
      if (snapshot.last === squareName(i)) drawLastMark(ctx, x + cell / 2, y + cell / 2, cell * 0.09);
    }
  }
}

function drawFrame(ctx, size, gutter, cell) {
  ctx.fillStyle = COLORS.labelBg;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = COLORS.board;
  ctx.fillRect(gutter, gutter, size - gutter, size - gutter);
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let k = 0; k <= 8; k++) {
    const at = gutter + k * cell;
    ctx.moveTo(at, gutter);
    ctx.lineTo(at, size);
    ctx.moveTo(gutter, at);
    ctx.lineTo(size, at);
  }
  ctx.stroke();
  // The four guide points of a real board.
  ctx.fillStyle = COLORS.line;
  for (const [cx, cy] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
    ctx.beginPath();
    ctx.arc(gutter + cx * cell, gutter + cy * cell, Math.max(2, cell * 0.05), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = COLORS.label;
  ctx.font = `600 ${Math.round(gutter * 0.62)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let k = 0; k < 8; k++) {
    ctx.fillText(FILES[k], gutter + (k + 0.5) * cell, gutter / 2);
    ctx.fillText(String(k + 1), gutter / 2, gutter + (k + 0.5) * cell);
  }
}

function drawDisc(ctx, x, y, r, black) {
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.35)";
  ctx.shadowBlur = r * 0.25;
  ctx.shadowOffsetY = r * 0.08;
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
  if (black) {
    g.addColorStop(0, "#4a4a4a");
    g.addColorStop(1, "#0b0b0b");
  } else {
    g.addColorStop(0, "#ffffff");
    g.addColorStop(1, "#d4d4d0");
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawDot(ctx, x, y, r) {
  ctx.fillStyle = COLORS.dot;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function drawLastMark(ctx, x, y, r) {
  ctx.fillStyle = COLORS.last;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}
