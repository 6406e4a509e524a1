// Analysis graph: the expected final disc difference (Black minus White) before
// each move, drawn on a canvas; a text list says the same for screen readers.

const GRAPH_COLORS = { line: "#1f7a4d", zero: "#8a857b", exact: "#1f7a4d", mark: "#e11d48", text: "#55524c" };

/** Draws `report.plies` values on `canvas`, marking the placements in `marks` (plies). */
export function drawGraph(canvas, report, marks) {
  const css = { w: canvas.clientWidth, h: canvas.clientHeight };
  if (!css.w || !css.h) return;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(css.w * dpr);
  canvas.height = Math.round(css.h * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, css.w, css.h);
  const pad = { l: 30, r: 8, t: 8, b: 16 };
  const plies = report.plies;
  const span = Math.max(8, ...plies.map((p) => Math.abs(p.value)));
  const x = (ply) => pad.l + (ply / Math.max(1, report.total - 1)) * (css.w - pad.l - pad.r);
  const y = (value) => pad.t + (1 - (value + span) / (2 * span)) * (css.h - pad.t - pad.b);
  ctx.font = "11px system-ui, sans-serif";
  ctx.fillStyle = GRAPH_COLORS.text;
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const v of [span, 0, -span]) ctx.fillText(`${v > 0 ? "+" : ""}${Math.round(v)}`, pad.l - 4, y(v));
  ctx.strokeStyle = GRAPH_COLORS.zero;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(pad.l, y(0));
  ctx.lineTo(css.w - pad.r, y(0));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = GRAPH_COLORS.line;
  ctx.lineWidth = 2;
  ctx.beginPath();
  plies.forEach((p, k) => (k ? ctx.lineTo(x(p.ply), y(p.value)) : ctx.moveTo(x(p.ply), y(p.value))));
  ctx.stroke();
  for (const p of plies) {
    ctx.beginPath();
    ctx.arc(x(p.ply), y(p.value), 2.5, 0, Math.PI * 2);
    if (p.exact) {
      ctx.fillStyle = GRAPH_COLORS.exact;
      ctx.fill();
    } else {
      ctx.strokeStyle = GRAPH_COLORS.line;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  }
  ctx.fillStyle = GRAPH_COLORS.mark;
  for (const ply of marks) {
    const p = plies[ply];
    if (!p) continue;
    ctx.beginPath();
    ctx.moveTo(x(ply), y(p.value) - 9);
    ctx.lineTo(x(ply) - 5, y(p.value) - 17);
    ctx.lineTo(x(ply) + 5, y(p.value) - 17);
    ctx.fill();
  }
}

/** Returns the text lines of an analysis: the start and end values, then each marked placement. */
export function describe(report, marked) {
  const signed = (v) => `${v > 0 ? "+" : ""}${Math.round(v)}`;
  const lines = [];
  const first = report.plies[0];
  if (first) lines.push(`Start: expected ${signed(first.value)} for Black (${first.exact ? "exact" : "estimate"}).`);
  for (const m of marked) {
    lines.push(`Move ${m.ply + 1}, ${m.mover} ${m.played}: lost ${m.loss} disc${m.loss === 1 ? "" : "s"} ` +
      `(${m.exact ? "exact" : "estimate"}); best was ${m.best}.`);
  }
  const last = report.plies[report.plies.length - 1];
  if (report.finished && last) lines.push(`End: ${signed(last.value)} for Black.`);
  if (report.finished && !marked.length) lines.push("No placement lost ground.");
  return lines;
}
