// Board view: draws a snapshot on the canvas and mirrors it in the accessible grid.
// It knows no rules: legal squares, flips and previews all come in the snapshot.
// Animation is planned from two snapshots (which squares changed colour), and a
// new snapshot during an animation simply replaces it (B6: never delays state).

import { planAnimation, progressAt } from "./anim.js";
import { squareName } from "./format.js";

const FILES = "abcdefgh";
const COLORS = {
  board: "#1f7a4d",
  line: "#0f4a2d",
  label: "#ece9e2",
  labelBg: "#143d2a",
  dot: "rgba(255, 255, 255, 0.55)",
  last: "#e11d48",
  preview: "#fbbf24",
};

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
  return new Set(snapshot.options && snapshot.options.legal_dots ? snapshot.legal || [] : []);
}

export class BoardView {
  /** Builds the 64 grid cells inside `grid` and draws on `canvas`. */
  constructor(canvas, grid) {
    this.canvas = canvas;
    this.grid = grid;
    this.snapshot = null;
    this.previous = null;
    this.animation = null;
    this.preview = null;
    this.frame = 0;
    this.reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
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
    new ResizeObserver(() => this.render()).observe(canvas);
  }

  /** Shows a new snapshot (see py/reversi/snapshot.py); animates a single placement. */
  show(snapshot) {
    const before = this.snapshot && this.snapshot.cells;
    this.snapshot = snapshot;
    this.animation = this.reducedMotion.matches ? null : planAnimation(before, snapshot.cells, performance.now());
    const legal = shownLegal(snapshot);
    this.cells.forEach((cell, i) => {
      const name = squareName(i);
      const isLegal = legal.has(name);
      cell.setAttribute("aria-label", cellLabel(name, snapshot.cells[i], isLegal, snapshot.last === name));
      cell.classList.toggle("legal", isLegal);
    });
    if (this.preview && !legal.has(this.preview)) this.preview = null;
    this.schedule();
  }

  /** Outlines the discs that playing `name` would flip (null clears it). */
  setPreview(name) {
    const legal = this.snapshot ? shownLegal(this.snapshot) : new Set();
    const next = name && legal.has(name) ? name : null;
    if (next !== this.preview) {
      this.preview = next;
      this.schedule();
    }
  }

  /** Coalesces redraws into one per frame. */
  schedule() {
    if (!this.frame) {
      this.frame = requestAnimationFrame((now) => {
        this.frame = 0;
        this.render(now);
      });
    }
  }

  /** Redraws the canvas at the device's pixel ratio (crisp on high-DPI screens, B8). */
  render(now = performance.now()) {
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
    const progress = this.progress(now);
    const previewed = new Set(this.preview && snapshot.previews ? snapshot.previews[this.preview] || [] : []);
    for (let i = 0; i < 64; i++) {
      const x = gutter + (i % 8) * cell + cell / 2;
      const y = gutter + Math.floor(i / 8) * cell + cell / 2;
      const name = squareName(i);
      const c = snapshot.cells[i];
      const r = cell * 0.4;
      if (c === "X" || c === "O") {
        const p = progress.get(i);
        if (p === undefined) drawDisc(ctx, x, y, r, 1, c === "X");
        else if (i === this.animation.placed) drawDisc(ctx, x, y, r * p, 1, c === "X");
        else drawDisc(ctx, x, y, r, Math.abs(Math.cos(p * Math.PI)), p < 0.5 ? c !== "X" : c === "X");
        if (previewed.has(name)) drawRing(ctx, x, y, r + 2, COLORS.preview);
      } else if (legal.has(name)) {
        drawDot(ctx, x, y, cell * (this.preview === name ? 0.16 : 0.12));
      }
      if (snapshot.last === name && !progress.size) drawDot(ctx, x, y, cell * 0.09, COLORS.last);
    }
    if (progress.size) this.schedule();
  }

  /** Returns the animation progress (0..1) of each animated square, and ends a finished animation. */
  progress(now) {
    const out = progressAt(this.animation, now);
    if (!out.size) this.animation = null;
    return out;
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

/** Draws a disc of radius r; `squash` (0..1) narrows it horizontally while it turns over. */
function drawDisc(ctx, x, y, r, squash, black) {
  if (r <= 0) return;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(Math.max(squash, 0.04), 1);
  ctx.shadowColor = "rgba(0, 0, 0, 0.35)";
  ctx.shadowBlur = r * 0.25;
  ctx.shadowOffsetY = r * 0.08;
  const g = ctx.createRadialGradient(-r * 0.35, -r * 0.35, r * 0.1, 0, 0, r);
  g.addColorStop(0, black ? "#4a4a4a" : "#ffffff");
  g.addColorStop(1, black ? "#0b0b0b" : "#d4d4d0");
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawDot(ctx, x, y, r, color = COLORS.dot) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function drawRing(ctx, x, y, r, color) {
  ctx.strokeStyle = color;
  ctx.lineWidth = 3;
  ctx.setLineDash([5, 3]);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}
