// Input: turns taps, clicks and keys into a few named intents. Knows no rules.

import { moveFocus } from "./focus.js";

const KEY_INTENTS = { l: "toggleLegal", u: "undo", r: "redo", p: "pause", h: "toggleHints", escape: "escape" };
/** The keys that step through a reviewed game, and how far (B3: Home and End go to its ends). */
const REVIEW_STEPS = Object.freeze({ ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity });
const NAVIGATION_KEYS = new Set(Object.keys(REVIEW_STEPS));

/** Returns how far a navigation key steps through a reviewed game (undefined: not one). */
export function reviewStep(key) {
  return REVIEW_STEPS[key];
}

/** Checks if a key event comes from a form control or an open dialog (the menu), where
 * the page's shortcuts must not fire (Escape belongs to the dialog there). */
function isTyping(event) {
  const el = event.target;
  return el instanceof HTMLElement
    && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || Boolean(el.closest("dialog")));
}

/**
 * Binds the board grid and the document; calls `emit(intent, detail)`.
 * Returns a function that removes every listener.
 */
export function bindInput(grid, cells, emit) {
  const onClick = (event) => {
    const cell = event.target.closest("[role=gridcell]");
    if (cell) {
      focusCell(cells, cells.indexOf(cell));
      emit("place", cell.dataset.square);
    }
  };
  const onGridKey = (event) => {
    const index = cells.indexOf(document.activeElement);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (NAVIGATION_KEYS.has(event.key) && emit("navigate", event.key)) {
      event.preventDefault(); // reviewing: the keys step through the game instead
      return;
    }
    const next = moveFocus(index, event.key);
    if (next !== null) {
      event.preventDefault();
      focusCell(cells, next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      emit("place", cells[index].dataset.square);
    }
  };
  const onDocKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event)) return;
    if (NAVIGATION_KEYS.has(event.key) && !grid.contains(event.target) && emit("navigate", event.key)) {
      event.preventDefault();
      return;
    }
    const intent = KEY_INTENTS[event.key.toLowerCase()];
    if (intent) {
      event.preventDefault();
      emit(intent);
    }
  };
  // Flip preview follows the pointer and the keyboard focus.
  const onOver = (event) => {
    const cell = event.target.closest("[role=gridcell]");
    emit("preview", cell ? cell.dataset.square : null);
  };
  const onLeave = () => emit("preview", grid.contains(document.activeElement) ? document.activeElement.dataset.square : null);
  const listeners = [
    [grid, "click", onClick], [grid, "keydown", onGridKey], [document, "keydown", onDocKey],
    [grid, "pointerover", onOver], [grid, "focusin", onOver], [grid, "pointerleave", onLeave], [grid, "focusout", onLeave],
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
  return () => {
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
  };
}

/** Moves the roving tabindex to cell `index` and focuses it. */
function focusCell(cells, index) {
  cells.forEach((cell, i) => { cell.tabIndex = i === index ? 0 : -1; });
  cells[index].focus({ preventScroll: true });
}
