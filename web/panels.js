// Panels: the parts of the page around the board that mirror the snapshot
// (scores, buttons, settings, notices, results history). They only draw.

const $ = (id) => document.getElementById(id);

/** Formats milliseconds as m:ss (or h:mm:ss). */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`;
}

/** Updates scores, turn line, buttons and settings from a snapshot. */
export function showControls(snap, { loading, thinking, reviewing }) {
  $("count-black").textContent = snap.counts.black;
  $("count-white").textContent = snap.counts.white;
  $("turn").textContent = snap.result ? "Game over" : snap.status;
  $("turn").classList.toggle("thinking", thinking);
  const ready = !loading && !reviewing;
  $("undo").disabled = !ready || !snap.can_undo;
  $("redo").disabled = !ready || !snap.can_redo;
  $("restart").disabled = !ready || !snap.moves;
  $("new-game").disabled = !ready;
  const pause = $("pause");
  pause.textContent = snap.paused ? "Resume" : "Pause";
  pause.disabled = !ready || (!snap.paused && !snap.clock_running);
  $("legal-dots").setAttribute("aria-pressed", String(snap.options.legal_dots));
  $("legal-dots").disabled = loading;
  $("review").disabled = !ready;
  for (const id of ["move-clock-setting", "swap-sides", "import-transcript", "clear-history", "watch-start"]) $(id).disabled = loading;
  for (const name of ["mode", "side", "level"]) {
    $(name).value = snap.options[name];
    $(name).disabled = !ready;
  }
  const local = snap.options.mode === "local";
  $("side").disabled ||= local;
  $("level").disabled ||= local;
  const differs = ["mode", "side", "level"].some((k) => snap.options[k] !== snap[k]);
  $("setup-note").textContent = differs ? "Your new choices apply from the next new game." : "";
}

/** Shows the notices that the player has not dismissed (SPEC P2, P3). */
export function showNotices(notices, dismissed) {
  const open = notices.filter((text) => !dismissed.has(text));
  $("alert-list").replaceChildren(...open.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  $("alert").hidden = open.length === 0;
}

const RESULT_WORDS = { win: "Win", loss: "Loss", draw: "Draw", black: "Black won", white: "White won" };

/** Fills the results history table, newest first; `onReview(index)` opens a game. */
export function showHistory(history, onReview) {
  const rows = history.map((r, index) => {
    const tr = document.createElement("tr");
    const game = r.mode === "local" ? "Two players" : `${cap(r.level)}, as ${cap(r.side)}`;
    const kind = r.mode === "local" ? "Local" : r.challenge ? "Challenge" : r.practice ? "Practice" : "—";
    const cells = [new Date(r.date).toLocaleString(), game, RESULT_WORDS[r.result], `${r.black}–${r.white}`, kind, formatTime(r.duration_ms)];
    tr.append(...cells.map((text) => Object.assign(document.createElement("td"), { textContent: text })));
    const td = document.createElement("td");
    if (r.moves) {
      const button = Object.assign(document.createElement("button"), { type: "button", textContent: "Review" });
      button.setAttribute("aria-label", `Review the game of ${cells[0]}`);
      button.addEventListener("click", () => onReview(index));
      td.append(button);
    }
    tr.append(td);
    return tr;
  }).reverse();
  $("history-table").tBodies[0].replaceChildren(...rows);
  $("history-table").hidden = rows.length === 0;
  $("history-empty").hidden = rows.length > 0;
}

/** Fills the statistics table: per level and side, games, results and disc differences. */
export function showStats(rows) {
  const signed = (v) => `${v > 0 ? "+" : ""}${v}`;
  $("stats-table").tBodies[0].replaceChildren(...rows.map((r) => {
    const tr = document.createElement("tr");
    const th = Object.assign(document.createElement("th"), { scope: "row", textContent: r.label });
    tr.append(th, ...[r.games, r.wins, r.draws, r.losses, signed(r.best), signed(r.average)]
      .map((v) => Object.assign(document.createElement("td"), { textContent: String(v) })));
    return tr;
  }));
  $("stats-table").hidden = rows.length === 0;
  if ($("clear-confirm").hidden) $("clear-history").hidden = rows.length === 0;
}

function cap(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Draws the star shelf: all eight, earned or not, each with how to earn it. */
export function showStars(stars) {
  const items = stars.map((star) => {
    const li = document.createElement("li");
    li.className = star.earned ? "earned" : "";
    const mark = Object.assign(document.createElement("span"), { className: "mark", textContent: star.earned ? "★" : "☆" });
    mark.setAttribute("aria-hidden", "true");
    const name = Object.assign(document.createElement("span"), { className: "name", textContent: `${star.name}${star.earned ? " (earned)" : " (not yet)"}` });
    const how = Object.assign(document.createElement("span"), { className: "how", textContent: star.how });
    li.append(mark, name, how);
    return li;
  });
  $("star-list").replaceChildren(...items);
  $("star-count").textContent = `${stars.filter((s) => s.earned).length} of ${stars.length}`;
}

const CELEBRATION_MS = 6000;
let celebrationTimer = 0;

/** Shows a short celebration below the board for newly earned stars (B6; the live region announces them). */
export function celebrate(stars, ids) {
  const names = stars.filter((s) => ids.includes(s.id)).map((s) => s.name);
  if (!names.length) return;
  const el = $("celebration");
  el.textContent = `Star earned: ${names.join(", ")}`;
  el.hidden = true;
  void el.offsetWidth; // restart the CSS animation
  el.hidden = false;
  clearTimeout(celebrationTimer);
  celebrationTimer = setTimeout(() => { el.hidden = true; }, CELEBRATION_MS);
}
