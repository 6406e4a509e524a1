// The player's rating and Play at my level (C8), as a feature of the page (web/features.js):
// the Level choice's "My level" line (the rung it plays and that rung's rating), the Every
// level list of the ladder's rungs (C7), and, in the menu's statistics, the rating with its
// uncertainty and its history as a small graph. Python rates the games, picks the rung and
// words all of it (py/reversi/app/rating/room.py: every reply's `rating` field); this module
// only draws it and relays the list's choice as the `setting` intent, as the level radios do.

const SVG = "http://www.w3.org/2000/svg";

/** The graph's drawing box, in the units of its viewBox (index.html): the SVG scales as a
 * whole to the menu's width, so it stays sharp at any pixel density (B8). */
export const CHART = { width: 320, height: 112, left: 44, right: 10, top: 10, bottom: 10 };
/** The least span of ratings the graph's height stands for: a flat history stays a line in
 * the middle rather than a jagged one magnifying a point or two. */
export const MIN_SPAN = 40;
/** Up to this many points each has its dot; past it, only the last one does. */
export const DOTS_UP_TO = 40;

/** Returns the line graph of `points` (the rating before the kept games, then after each,
 * oldest first) in the box `box`: `line` an SVG path through the points, evenly spaced left to
 * right, higher ratings higher up; `dots` the points drawn as dots (all, or only the last of
 * a long history); `last`, the newest point; `ticks` the highest and the lowest rating with
 * their heights (one tick when they are equal). */
export function chart(points, box = CHART) {
  const lo = Math.min(...points), hi = Math.max(...points);
  const span = Math.max(MIN_SPAN, hi - lo);
  const top = (lo + hi) / 2 + span / 2;
  const width = box.width - box.left - box.right, height = box.height - box.top - box.bottom;
  const round = (n) => Math.round(n * 10) / 10;
  const x = (k) => round(box.left + (points.length > 1 ? k / (points.length - 1) : 0.5) * width);
  const y = (value) => round(box.top + ((top - value) / span) * height);
  const at = points.map((value, k) => ({ x: x(k), y: y(value) }));
  const last = at[at.length - 1];
  return {
    line: at.map((p, k) => `${k ? "L" : "M"}${p.x} ${p.y}`).join(" "),
    dots: points.length <= DOTS_UP_TO ? at : [last],
    last,
    ticks: [...new Set([hi, lo])].map((value) => ({ value, y: y(value) })),
  };
}

/** Returns an SVG element made from a tag and its attributes (text in `text`). */
function shape(tag, { text, ...attributes }) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Draws `points` into the SVG `svg` (its viewBox is CHART), the axis's highest and lowest
 * ratings in Python's words (`scale`: {high, low}); its colours are the theme's (style.css:
 * .rating-graph). */
function drawChart(svg, points, scale) {
  const { line, dots, last, ticks } = chart(points);
  const words = (value) => (value === Math.max(...points) ? scale.high : scale.low);
  svg.replaceChildren(
    ...ticks.flatMap(({ value, y }) => [
      shape("line", { class: "grid", x1: CHART.left, x2: CHART.width - CHART.right, y1: y, y2: y }),
      shape("text", { class: "tick", x: CHART.left - 6, y, text: words(value) }),
    ]),
    shape("path", { class: "line", d: line }),
    ...dots.map(({ x, y }) => shape("circle", { class: "dot", cx: x, cy: y, r: 2.5 })),
    shape("circle", { class: "dot last", cx: last.x, cy: last.y, r: 4 }),
  );
}

/** Returns the level the page shows as chosen: the player's pick until Python answered it
 * (`choosing`, as the level radios show it: web/panels/panels.js), else the setting. */
function shownLevel(snap, flags) {
  const choosing = flags && flags.choosing;
  if (choosing && choosing.name === "level") return choosing.value;
  return snap.options ? snap.options.level : null;
}

/** Draws Play at my level's line under the Level choice, shown while "My level" is chosen,
 * and the Every level list: each rung in Python's words ("name · rating"), the chosen one selected (none while
 * "My level" is), enabled exactly when the level radios are (panels.js drew them first). */
function renderLevels(report, level, $) {
  const note = $("my-level");
  note.textContent = report ? report.rung_text : "";
  note.hidden = !report || level !== "mine";
  const field = $("every-level-field");
  field.hidden = !report;
  if (!report) return;
  $("every-level-label").textContent = report.every_level;
  const select = $("every-level");
  const key = JSON.stringify(report.rungs);
  if (select.dataset.shown !== key) { // rebuilt only when it changed: never under the player's hand
    select.dataset.shown = key;
    select.replaceChildren(...report.rungs.map(({ id, label }) =>
      Object.assign(document.createElement("option"), { value: id, textContent: label })));
  }
  const index = report.rungs.findIndex((rung) => rung.id === level);
  if (select.selectedIndex !== index) select.selectedIndex = index; // -1: "My level", no rung of the list
  const radio = $("level").querySelector("input[name=level]");
  select.disabled = Boolean(radio && radio.disabled);
}

/** Draws the rating in the statistics: its title, its words (the value ± the deviation,
 * provisional or not, or that no game is rated yet) and its graph, hidden until a game is. */
function renderRating(report, $) {
  const box = $("rating");
  box.hidden = !report;
  if (!report) return;
  $("rating-title").textContent = report.title;
  $("rating-text").textContent = report.text;
  const svg = $("rating-graph");
  const drawn = report.games > 0 && report.points.length > 1;
  svg.toggleAttribute("hidden", !drawn);
  if (!drawn) return;
  svg.setAttribute("aria-label", report.label);
  const key = JSON.stringify([report.points, report.scale]);
  if (svg.dataset.shown !== key) {
    svg.dataset.shown = key;
    drawChart(svg, report.points, report.scale);
  }
}

/** The feature as the page reads it (web/features.js): the Every level list's choice, and
 * what it draws of each snapshot. */
export const feature = {
  changes: {
    "every-level": (event) => ["setting", { name: "level", value: event.currentTarget.value }],
  },
  render(snap, { $, flags }) {
    const report = snap.rating || null; // none before Python is ready (O3)
    renderLevels(report, shownLevel(snap, flags), $);
    renderRating(report, $);
  },
};
