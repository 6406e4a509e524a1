// Learning's panels (N1-N5): the first-visit invitation, the lesson card and How to
// play with its small board pictures, drawn by the page's own board code (board-draw.js).
// Every word and fact comes from Python's `learn` and `howto` fields.

import { PALETTES, drawBoard, drawDisc, drawDot, drawRing } from "../board/board-draw.js";
import { squareIndex } from "../text/format.js";

/** Shows the `learn` report: the invitation, and the lesson card (hidden when no lesson). */
export function renderLearn(report, $, words) {
  const inviting = Boolean(report && report.invite);
  $("invite").hidden = !inviting;
  document.body.classList.toggle("inviting", inviting);
  const card = $("lesson");
  const was = !card.hidden;
  const lesson = report ? report.lesson : null;
  card.hidden = lesson === null;
  document.body.classList.toggle("learning", lesson !== null);
  if (report) {
    $("lesson-progress").textContent = report.progress;
    $("lesson-progress").classList.toggle("all-done", report.all_done);
    renderList($("lesson-list"), report, lesson, words);
  }
  if (lesson === null) return;
  $("lesson-title").textContent = lesson.words.title;
  $("lesson-goal").textContent = lesson.words.goal;
  $("lesson-message").textContent = lesson.words.message;
  $("lesson-message").className = `lesson-message ${lesson.phase}`;
  $("turn").textContent = lesson.words.name; // the goal is in the card; the line above the board stays short
  $("count-black").textContent = lesson.counts.black;
  $("count-white").textContent = lesson.counts.white;
  const done = lesson.phase === "done";
  $("lesson-next").classList.toggle("primary", done);
  $("lesson-retry").hidden = lesson.phase === "trying" && !lesson.last;
  if (!was) {
    card.scrollIntoView({ block: "nearest" });
    $("lesson-close").focus({ preventScroll: true });
  }
}

/** Lists every lesson as a button that opens it, its state in its name. */
function renderList(list, report, lesson, words) {
  const key = JSON.stringify([report.list, lesson && lesson.number]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...report.list.map((item) => {
    const button = Object.assign(document.createElement("button"), { type: "button" });
    button.dataset.lesson = String(item.number);
    button.textContent = `${item.number}. ${item.title}`;
    if (item.done) {
      const mark = Object.assign(document.createElement("span"), { className: "lesson-done" });
      mark.textContent = ` ✓ ${words()["page.lesson_done"]}`;
      button.append(mark);
    }
    if (lesson && lesson.number === item.number) button.setAttribute("aria-current", "true");
    const li = document.createElement("li");
    li.append(button);
    return li;
  }));
}

/** Fills How to play with Python's rules, each with its picture. */
export function renderHowto(howto, $) {
  const list = $("howto-list");
  list.replaceChildren(...howto.map((rule) => {
    const li = document.createElement("li");
    li.className = "howto-rule";
    const canvas = Object.assign(document.createElement("canvas"), { className: "howto-board" });
    canvas.setAttribute("aria-hidden", "true");
    canvas.picture = rule.picture;
    const text = document.createElement("div");
    const title = Object.assign(document.createElement("h3"), { textContent: rule.title });
    const body = Object.assign(document.createElement("p"), { textContent: rule.text });
    text.append(title, body);
    li.append(canvas, text);
    return li;
  }));
  drawPictures(list);
}

/** Draws every picture of How to play (again when the colour scheme changes). */
export function drawPictures(list) {
  const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  for (const canvas of list.querySelectorAll("canvas.howto-board")) drawPicture(canvas, canvas.picture, dark);
}

/** Draws a small position: its discs, the disc just placed and those it flipped, the
 * legal dots and a crossed-out square. */
export function drawPicture(canvas, picture, dark) {
  const css = canvas.clientWidth || 120;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = canvas.height = Math.round(css * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const colors = PALETTES[dark ? "dark" : "light"];
  const gutter = Math.round(css * 0.1);
  const cell = (css - gutter - 2) / 8;
  drawBoard(ctx, css, gutter, cell, colors);
  const centre = (i) => [gutter + (i % 8) * cell + cell / 2, gutter + Math.floor(i / 8) * cell + cell / 2];
  const flipped = new Set(picture.flipped.map(squareIndex));
  for (let i = 0; i < 64; i++) {
    const [x, y] = centre(i);
    const c = picture.cells[i];
    if (c === "X" || c === "O") drawDisc(ctx, x, y, cell * 0.42, 1, c === "X");
    if (flipped.has(i)) drawDot(ctx, x, y, cell * 0.1, colors.flip); // as on the play board
  }
  for (const name of picture.legal) drawDot(ctx, ...centre(squareIndex(name)), cell * 0.14, colors.dot);
  if (picture.last) drawRing(ctx, ...centre(squareIndex(picture.last)), cell * 0.42 + 1.5, colors.last, 2.5);
  if (picture.cross) {
    const [x, y] = centre(squareIndex(picture.cross));
    const r = cell * 0.3;
    ctx.strokeStyle = "#e0245e";
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x + r, y - r);
    ctx.lineTo(x - r, y + r);
    ctx.stroke();
  }
}
