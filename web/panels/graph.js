// Analysis graph: the expected final disc difference (Black minus White) before
// each move, drawn on a canvas. Python sends the values, the marked placements and
// the same in words for screen readers (reversi.app.review.analysis).

const GRAPH_COLORS = { line: "#1f7a4d", zero: "#8a857b", exact: "#1f7a4d", mark: "#e11d48", text: "#55524c" };

/** Draws `report.plies` values on `canvas`, marking the placements in `report.marked` (plies). */
export function drawGraph(canvas, report) {
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
  for (const ply of report.marked) {
    const p = plies[ply];
    if (!p) continue;
    ctx.beginPath();
    ctx.moveTo(x(ply), y(p.value) - 9);
    ctx.lineTo(x(ply) - 5, y(p.value) - 17);
    ctx.lineTo(x(ply) + 5, y(p.value) - 17);
    ctx.fill();
  }
}
