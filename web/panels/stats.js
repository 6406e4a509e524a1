// Statistics: the results table per variant, level and side (P9), and the accuracy
// trend of the analysed games (N7: the last 10, the last 50 and all of them, overall,
// per level and per variant). Python counts and words both; this only draws them.

const $ = (id) => document.getElementById(id);
const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);

/** Draws the statistics rows ({label, games, wins, draws, losses, best, average}). */
export function showStats(rows) {
  const signed = (v) => `${v > 0 ? "+" : ""}${v}`;
  $("stats-table").tBodies[0].replaceChildren(...rows.map((r) => {
    const tr = make("tr");
    tr.append(make("th", { scope: "row", textContent: r.label }),
      ...[r.games, r.wins, r.draws, r.losses, signed(r.best), signed(r.average)]
        .map((v) => make("td", { textContent: String(v) })));
    return tr;
  }));
  $("stats-table").hidden = $("stats-table").parentElement.hidden = rows.length === 0;
  if ($("clear-confirm").hidden) $("clear-history").hidden = rows.length === 0;
}

/** Draws the accuracy trend ({title, head, rows: [{label, values}]}, or null: none yet). */
export function showTrend(trend) {
  const table = $("trend-table");
  table.hidden = table.parentElement.hidden = !trend;
  if (!trend) return;
  table.caption.textContent = trend.title;
  table.parentElement.setAttribute("aria-label", trend.title);
  table.tHead.rows[0].replaceChildren(...trend.head.map((textContent) => make("th", { scope: "col", textContent })));
  table.tBodies[0].replaceChildren(...trend.rows.map((row) => {
    const tr = make("tr");
    tr.append(make("th", { scope: "row", textContent: row.label }), ...row.values.map((textContent) => make("td", { textContent })));
    return tr;
  }));
}
