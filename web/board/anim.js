// Animation planning (B6): what to animate between two boards, and how far each
// square is at a given time. Pure functions, unit-tested under node --test; the
// board view draws what they say. Planned from two snapshots (which squares
// changed colour), never from the rules.

export const APPEAR_MS = 140;
export const FLIP_MS = 260;
export const STAGGER_MS = 70;

/**
 * Returns the animation from `before` to `after` (64-character cells strings) when
 * exactly one disc was placed: {placed, flips: [{i, delay}], start}, flips ordered
 * outward from the placed disc by ring; null for anything else (undo, a new game, a jump).
 */
export function planAnimation(before, after, start = 0) {
  if (!before || before.length !== 64 || !after || after.length !== 64) return null;
  let placed = -1;
  const changed = [];
  for (let i = 0; i < 64; i++) {
    if (before[i] === after[i]) continue;
    if (before[i] === "-" && after[i] !== "-" && placed < 0) placed = i;
    else if (before[i] !== "-" && after[i] !== "-") changed.push(i);
    else return null; // a disc vanished or two appeared
  }
  if (placed < 0) return null;
  const px = placed % 8, py = Math.floor(placed / 8);
  const flips = changed.map((i) => {
    const ring = Math.max(Math.abs(i % 8 - px), Math.abs(Math.floor(i / 8) - py));
    return { i, delay: APPEAR_MS * 0.6 + (ring - 1) * STAGGER_MS };
  });
  return { placed, flips, start };
}

/**
 * Returns the progress (0..1) of each animated square at time `now`, as a Map; an
 * empty Map once everything has finished.
 */
export function progressAt(animation, now) {
  const out = new Map();
  if (!animation) return out;
  const t = now - animation.start;
  let running = t < APPEAR_MS;
  out.set(animation.placed, Math.min(1, Math.max(0.05, t / APPEAR_MS)));
  for (const { i, delay } of animation.flips) {
    const p = Math.min(1, Math.max(0, (t - delay) / FLIP_MS));
    if (p < 1) running = true;
    out.set(i, p);
  }
  return running ? out : new Map();
}
