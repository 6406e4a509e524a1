// Panels: the parts of the page around the board that mirror the snapshot (scores,
// buttons, settings, notices, history, stars, the review bar and the analysis).
// They only draw: every fact and every sentence comes from Python's snapshot.

import { drawGraph } from "./graph.js";
import { showStats, showTrend } from "./stats.js";
import { formatDate, formatTime } from "../text/format.js";
import { word } from "../text/language.js";

const $ = (id) => document.getElementById(id);
const CELEBRATION_MS = 6000;

/** Returns an element made from a tag and properties (text in `textContent`). */
function make(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

/** Returns the page's panels as the controller's `ui`; `emit(intent, detail)` runs an
 * intent, `words()` gives the page's words in the language of the moment (web/words.js). */
export function createPanels({ emit, words }) {
  const dismissed = new Set();
  let notices = []; // the last snapshot's
  let errors = []; // the page's own (an engine error), kept until dismissed: a snapshot does not carry them
  let shownLists = "";
  let celebrationTimer = 0;

  function showNotices() {
    const open = [...new Set([...notices, ...errors])].filter((text) => !dismissed.has(text));
    $("alert-list").replaceChildren(...open.map((text) => make("li", { textContent: text })));
    $("alert").hidden = open.length === 0;
  }

  function showScores(board) {
    $("count-black").textContent = board.counts.black;
    $("count-white").textContent = board.counts.white;
    $("turn").textContent = board.result ? word(words(), "page.game_over") : board.status;
  }

  /** Shows which of the games opened together is reviewed, with the steps to the others (R9). */
  function showImported(imported) {
    $("review-games").hidden = !imported;
    if (!imported) return;
    $("review-game-label").textContent = imported.label;
    $("review-prev-game").disabled = imported.index === 0;
    $("review-next-game").disabled = imported.index === imported.count - 1;
  }

  function showControls(snap, { loading, thinking, hinting, reviewing, editing, watching, puzzling, choosing }) {
    const option = (name) => (choosing && choosing.name === name ? choosing.value : snap.options[name]);
    if (!reviewing && !editing && !puzzling) showScores(snap);
    $("turn").classList.toggle("thinking", thinking);
    const ready = !loading && !reviewing && !editing && !puzzling && !snap.elsewhere;
    const hint = $("hint-toggle");
    hint.setAttribute("aria-pressed", String(Boolean(snap.options.hints)));
    hint.classList.toggle("busy", hinting);
    hint.disabled = !ready;
    $("undo").disabled = !ready || !snap.can_undo;
    $("redo").disabled = !ready || !snap.can_redo;
    $("restart").disabled = !ready || !snap.can_restart;
    $("new-game").disabled = $("menu-new").disabled = !ready;
    const pause = $("pause");
    pause.setAttribute("aria-label", word(words(), snap.paused ? "page.resume" : "page.pause"));
    pause.querySelector("use").setAttribute("href", snap.paused ? "#i-play" : "#i-pause");
    pause.disabled = !ready || !snap.can_pause;
    $("legal-dots").setAttribute("aria-pressed", String(Boolean(snap.options.legal_dots)));
    $("sound").setAttribute("aria-pressed", String(Boolean(snap.options.sound)));
    $("legal-dots").disabled = $("sound").disabled = loading || Boolean(snap.elsewhere);
    $("review").disabled = !ready;
    for (const id of ["move-clock-setting", "swap-sides", "ponder-setting", "import-transcript", "clear-history", "watch-start"]) {
      $(id).disabled = loading;
    }
    $("game-line").textContent = snap.game_line || "";
    for (const name of ["mode", "side", "level", "variant", "opening"]) {
      for (const input of document.querySelectorAll(`input[name=${name}]`)) {
        input.checked = input.value === option(name);
        input.disabled = !ready || ((name === "side" || name === "level") && !snap.side_and_level_apply)
          || (name === "opening" && !snap.opening_applies);
      }
    }
    $("move-clock-setting").value = String(option("move_clock"));
    $("swap-sides").checked = option("swap_sides");
    $("ponder-setting").checked = option("ponder"); // C4
    $("setup-note").textContent = snap.setup_note;
    $("analyse").disabled = watching; // a watched game is analysed once it is over
    $("elsewhere").hidden = !snap.elsewhere;
    if (snap.elsewhere_text) $("elsewhere-text").textContent = snap.elsewhere_text; // P11: what was not saved
    $("board").setAttribute("aria-busy", String(loading || thinking));
    $("transcript-out").value = snap.transcript || "";
    if (snap.message) $("message").textContent = snap.message;
    else if (snap.hints) $("message").textContent = snap.hints.text;
    $("setup-open").disabled = $("puzzles-open").disabled = !ready;
    showResult(reviewing || editing || puzzling ? null : snap.result_card);
  }

  function showResult(card) {
    const el = $("result");
    const shown = !el.hidden;
    el.hidden = !card;
    document.body.classList.toggle("game-over", Boolean(card));
    if (!card) return;
    $("result-title").textContent = card.title;
    $("result-score").textContent = card.score;
    $("result-detail").textContent = [card.detail, card.stars].filter(Boolean).join(" ");
    if (!shown) el.focus({ preventScroll: true }); // just ended: the card takes the keyboard (B9)
  }

  function showLists(snap) {
    // Rebuilt only when they changed, so a clock tick never takes the focus off them.
    const lists = JSON.stringify([snap.history, snap.stars, snap.stats, snap.history_loading, snap.accuracy_trend]);
    if (lists === shownLists) return;
    shownLists = lists;
    showHistory(snap.history, Boolean(snap.history_loading));
    showStats(snap.stats);
    showTrend(snap.accuracy_trend || null); // N7
    showStars(snap.stars, snap.star_count);
  }

  /** Draws one page of the results history ({page, pages, total, rows, words}, P9);
   * `reading`: the history is still being read (just after start-up). */
  function showHistory(page, reading = false) {
    const rows = page.rows.map((record) => {
      const date = formatDate(record.date);
      const { game, result, score, kind, mistakes } = record.words; // mistakes: N7's count and accuracy
      const tr = make("tr");
      tr.append(...[date, game, result, score, mistakes ? `${kind} · ${mistakes}` : kind, formatTime(record.duration_ms)]
        .map((textContent) => make("td", { textContent })));
      const td = make("td");
      if (record.reviewable) {
        const button = make("button", { type: "button", textContent: page.words.review });
        button.setAttribute("aria-label", page.words.review_date.replace("{date}", date));
        button.addEventListener("click", () => emit("reviewHistory", record.index));
        td.append(button);
      }
      if (record.retry) { // N8: that game's mistakes still to retry
        const button = make("button", { type: "button", textContent: record.words.retry });
        button.setAttribute("aria-label", record.words.retry_date.replace("{date}", date));
        button.addEventListener("click", () => emit("retryGameMistakes", record.game));
        td.append(button);
      }
      tr.append(td);
      return tr;
    });
    $("history-table").tBodies[0].replaceChildren(...rows);
    $("history-table").hidden = $("history-table").parentElement.hidden = rows.length === 0;
    $("history-empty").hidden = rows.length > 0 || reading;
    $("history-reading").hidden = !reading;
    $("history-pager").hidden = page.pages < 2;
    $("history-position").textContent = page.words.position;
    $("history-newer").disabled = page.page === 0;
    $("history-older").disabled = page.page >= page.pages - 1;
    $("history-newer").onclick = () => emit("historyPage", page.page - 1);
    $("history-older").onclick = () => emit("historyPage", page.page + 1);
  }

  function showStars(stars, count) {
    $("star-list").replaceChildren(...stars.map((star) => {
      const li = make("li", { className: star.earned ? "earned" : "" });
      const mark = make("span", { className: "mark", textContent: star.earned ? "★" : "☆" });
      mark.setAttribute("aria-hidden", "true");
      li.append(mark, make("span", { className: "name", textContent: star.label }),
        make("span", { className: "how", textContent: star.how }));
      return li;
    }));
    $("star-count").textContent = count;
  }

  function showAnalysis(report) {
    $("analysis").hidden = !report;
    if (!report) return;
    $("analysis-title").textContent = `· ${report.title}`;
    $("analysis-progress").value = report.done / report.total;
    $("analysis-progress").setAttribute("aria-valuetext", report.progress_text);
    $("analysis-progress-row").hidden = report.finished;
    drawGraph($("analysis-graph"), report);
    $("analysis-graph").setAttribute("aria-label", report.label);
    $("analysis-text").replaceChildren(...report.lines.map((textContent) => make("li", { textContent })));
  }

  return {
    /** Draws everything a snapshot shows but the board. */
    render(snap, flags) {
      showControls(snap, flags);
      notices = snap.notices;
      showNotices();
      showLists(snap);
      showAnalysis(flags.reviewing ? snap.analysis : null);
      showImported(flags.reviewing ? snap.imported : null);
    },
    /** Draws the scores and the turn line of a board (before Python is ready, O3). */
    scores: showScores,
    /** Draws the active-time clock (P6) and the move clock, counting on `since` ms. */
    clocks(snap, since, { loading, reviewing, hidden }) {
      const running = snap.clock_running && !hidden && !loading;
      $("clock").textContent = formatTime((snap.active_ms || 0) + (running ? since : 0));
      const moveClock = snap.move_clock;
      $("move-clock").hidden = !moveClock || reviewing;
      if (!moveClock) return;
      const left = Math.max(0, moveClock.left_ms - (moveClock.running && !hidden ? since : 0));
      $("move-clock-time").textContent = formatTime(Math.ceil(left / 1000) * 1000);
      $("move-clock").classList.toggle("urgent", left <= 10_000);
    },
    /** Shows a message until dismissed (an engine error). */
    notice(text) {
      errors = [...errors.filter((old) => old !== text), text];
      dismissed.delete(text); // the same failure again is news again
      showNotices();
    },
    /** Dismisses the notices shown now. */
    dismiss() {
      notices.forEach((text) => dismissed.add(text));
      errors = [];
      showNotices();
    },
    /** Shows a short note under the board for a tap that did not play (null: still loading). */
    hint(text) {
      $("hint").textContent = text === null ? $("hint").dataset.loading : text;
    },
    /** Shows a short celebration below the board for the stars just earned (B6); at the
     * end of a game the result card lists them instead. */
    celebrate(snap) {
      if (!$("result").hidden) return;
      const el = $("celebration");
      el.textContent = snap.celebration;
      el.hidden = true;
      void el.offsetWidth; // restart the CSS animation
      el.hidden = false;
      clearTimeout(celebrationTimer);
      celebrationTimer = setTimeout(() => { el.hidden = true; }, CELEBRATION_MS);
    },
    /** Draws a review frame's bar: its heading (Python's), position and the step buttons. */
    reviewFrame({ index, total, heading }) {
      $("turn").textContent = word(words(), "page.reviewing");
      $("review-title").textContent = heading;
      $("review-start").disabled = $("review-back").disabled = index === 0;
      $("review-forward").disabled = $("review-end").disabled = index === total;
    },
    /** Shows the review bar and brings the board and its tools into view. */
    reviewOpened() {
      $("review-bar").hidden = false;
      $("result").hidden = true;
      $("celebration").hidden = true; // the stars belong to play, not to a review
      document.body.classList.add("reviewing");
      document.querySelector(".scores").scrollIntoView({ block: "start" });
      ($("review-back").disabled ? $("close-review") : $("review-back")).focus({ preventScroll: true });
    },
    /** Hides the review bar and the analysis. */
    reviewClosed() {
      $("review-bar").hidden = true;
      $("analysis").hidden = true;
      document.body.classList.remove("reviewing");
    },
    /** Shows the position-setup card over the toolbar (E1). */
    editorOpened() {
      $("editor").hidden = false;
      $("editor-solution").textContent = "";
      document.body.classList.add("editing");
      $("turn").textContent = $("editor-title").textContent;
      $("editor").scrollIntoView({ block: "nearest" });
      $("editor-close").focus({ preventScroll: true });
    },
    /** Shows what Python says of the edited position: its words and what can be done. */
    editorState(setup) {
      $("editor-note").textContent = setup.valid ? setup.note : setup.problem;
      $("editor-solution").textContent = "";
      if (setup.valid) {
        const field = $("editor-board");
        if (document.activeElement !== field) field.value = setup.board; // never under the typing hand
        const turn = String(setup.side); // the side the board string names, read by Python
        for (const input of document.querySelectorAll("input[name=editor-turn]")) input.checked = input.value === turn;
        $("count-black").textContent = setup.counts.black;
        $("count-white").textContent = setup.counts.white;
      }
      $("editor-play").disabled = $("editor-local").disabled = !setup.playable;
      $("editor-solve").disabled = !setup.solvable;
      $("editor-analyse").disabled = !setup.valid;
      $("editor-copy").disabled = !setup.valid;
    },
    /** Shows the solver's answer, or why a set-up action could not be done. */
    editorSolution(text) {
      $("editor-solution").textContent = text;
    },
    /** Hides the position-setup card. */
    editorClosed() {
      $("editor").hidden = true;
      document.body.classList.remove("editing");
    },
    /** Shows another page of the results history (until the history changes). */
    historyPage: showHistory,
    /** Shows why a pasted transcript could not be opened ("" clears it). */
    transcript(text) {
      $("transcript-message").textContent = text;
    },
    /** Says whether a copy worked (in the menu's transcripts and on the message line);
     * if not, selects the text for a manual copy. Returns the words said. */
    copyResult(ok, text, kind = "transcript") {
      const message = $("transcript-message");
      if (!ok) {
        $("transcript-out").value = text;
        $("transcript-out").select();
      }
      const key = kind === "link" ? (ok ? "page.link_copied" : "page.link_manual") : null;
      message.textContent = key ? word(words(), key) : ok ? message.dataset.copied : message.dataset.manual;
      $("message").textContent = message.textContent;
      return message.textContent;
    },
  };
}
