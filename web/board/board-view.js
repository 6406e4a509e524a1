// Board view: draws a snapshot on the canvas and mirrors it in the accessible grid.
// It knows no rules: legal squares, flips and previews all come in the snapshot.
// Animation is planned from two snapshots (which squares changed colour), and a
// new snapshot during an animation simply replaces it (B6: never delays state).

import { planAnimation, progressAt } from "./anim.js";
import { PALETTES, drawBoard, drawDisc, drawDot, drawHint, drawRing } from "./board-draw.js";
import { squareName } from "../text/format.js";

/** Returns the accessible name of a square in `words`' language, e.g. "d3, empty, legal move, hint +6". */
export function cellLabel(words, name, cell, legal, last, hint) {
  const content = cell === "X" ? "black" : cell === "O" ? "white" : "empty";
  const parts = [name, words[`page.cell.${content}`]];
  if (legal) parts.push(words["page.cell.legal"]);
  if (last) parts.push(words["page.cell.last"]);
  if (hint) {
    parts.push(words["page.cell.hint"].replace("{value}", hint.text));
    if (hint.best) parts.push(words["page.cell.best"]);
    if (hint.book) parts.push(words["page.cell.book"]);
  }
  return parts.join(words["page.cell.separator"]);
}

/** Returns the legal squares to mark: none when the player turned the dots off (B1). */
function shownLegal(snapshot) {
  return new Set(snapshot.options && snapshot.options.legal_dots ? snapshot.legal || [] : []);
}

export class BoardView {
  /** Builds the 64 grid cells inside `grid` and draws on `canvas`; `words` names the
   * squares (a table of web/words.js). */
  constructor(canvas, grid, words) {
    this.canvas = canvas;
    this.grid = grid;
    this.snapshot = null;
    this.previous = null;
    this.animation = null;
    this.preview = null;
    this.frame = 0;
    this.reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    this.dark = window.matchMedia("(prefers-color-scheme: dark)");
    this.dark.addEventListener("change", () => this.schedule());
    this.words = words;
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

  /** Names the squares in another language from now on (a table of web/words.js). */
  setWords(words) {
    this.words = words;
    if (this.snapshot) this.show(this.snapshot);
  }

  /** Shows a new snapshot (see py/reversi/snapshot.py); animates a single placement. */
  show(snapshot) {
    const before = this.snapshot && this.snapshot.cells;
    this.snapshot = snapshot;
    if (before !== snapshot.cells) {
      // The same board again (a clock tick, the hints) lets a running flip finish (B6).
      this.animation = this.reducedMotion.matches ? null : planAnimation(before, snapshot.cells, performance.now());
    }
    const legal = shownLegal(snapshot);
    const hints = (snapshot.hints && snapshot.hints.values) || {};
    this.cells.forEach((cell, i) => {
      const name = squareName(i);
      const isLegal = legal.has(name);
      cell.setAttribute("aria-label", cellLabel(this.words, name, snapshot.cells[i], isLegal, snapshot.last === name,
        hints[name]));
      cell.classList.toggle("legal", isLegal || Boolean(hints[name]));
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
    const gutter = this.grid.offsetLeft || 16; // the grid lies over the squares: the frame is its offset
    const cell = (cssSize - gutter - 2) / 8;
    const colors = PALETTES[this.dark.matches ? "dark" : "light"];
    drawBoard(ctx, cssSize, gutter, cell, colors);
    if (!snapshot) return;
    const legal = shownLegal(snapshot);
    const hints = (snapshot.hints && snapshot.hints.values) || {};
    const progress = this.progress(now);
    const previewed = new Set(this.preview && snapshot.previews ? snapshot.previews[this.preview] || [] : []);
    const flipped = new Set(progress.size ? [] : snapshot.flipped || []);
    for (let i = 0; i < 64; i++) {
      const x = gutter + (i % 8) * cell + cell / 2;
      const y = gutter + Math.floor(i / 8) * cell + cell / 2;
      const name = squareName(i);
      const c = snapshot.cells[i];
      const r = cell * 0.42;
      if (c === "X" || c === "O") {
        const p = progress.get(i);
        if (p === undefined) drawDisc(ctx, x, y, r, 1, c === "X");
        else if (i === this.animation.placed) drawDisc(ctx, x, y, r * p, 1, c === "X");
        else drawDisc(ctx, x, y, r, Math.abs(Math.cos(p * Math.PI)), p < 0.5 ? c !== "X" : c === "X");
        if (previewed.has(name)) drawRing(ctx, x, y, r + 2, colors.preview, 3, true);
        if (snapshot.last === name && !progress.size) drawRing(ctx, x, y, r + 1.5, colors.last, 2.5);
        if (flipped.has(name)) drawDot(ctx, x, y, cell * 0.07, colors.flip);
      } else if (hints[name]) {
        drawHint(ctx, x, y, cell, hints[name].text, hints[name].best, colors, hints[name].book);
      } else if (legal.has(name)) {
        drawDot(ctx, x, y, cell * (this.preview === name ? 0.15 : 0.11), colors.dot);
      }
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
