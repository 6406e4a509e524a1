// Boot: builds the page's parts and wires them together. Every decision is Python's
// (in the worker) and every flow is the controller's; this file only connects them.

import { createAnnouncer } from "./browser/announce.js";
import { BoardView } from "./board/board-view.js";
import { createController } from "./control/controller.js";
import { createEngine } from "./engine/engine.js";
import { createEngineState } from "./engine/engine-state.js";
import { formatDate } from "./text/format.js";
import { createFullscreen } from "./browser/fullscreen.js";
import { bindInput } from "./board/input.js";
import { applyWords, matchLanguage, word } from "./text/language.js";
import { createLayers } from "./browser/layers.js";
import { createMenu } from "./panels/menu.js";
import { createMoveList } from "./panels/movelist.js";
import { createPanels } from "./panels/panels.js";
import { renderPuzzle } from "./control/puzzles.js";
import { analysisInView } from "./control/mistakes.js";
import { FEATURES } from "./features.js";
import { drawPictures, renderHowto, renderLearn } from "./panels/learn-panel.js";
import { createEditorState } from "./control/editor.js";
import { refreshFiles, replaceableEngine } from "./engine/recovery.js";
import { createReview, frameSnapshot } from "./control/review.js";
import { createSound } from "./browser/sound.js";
import { browserStorage, createStore, savedView, sessionFlag } from "./browser/storage.js";
import { readFiles, takeDrops } from "./browser/files.js";
import { LANGUAGES, WORDS } from "./words.js";
import { CHUNK_NAME, PARTS } from "./house.js";

const TICK_MS = 1000;
const $ = (id) => document.getElementById(id);

const store = createStore(browserStorage("localStorage"), { parts: PARTS, chunkName: CHUNK_NAME });
const documents = store.readAll();
performance.mark("saves-read");
const saved = savedView(documents.game || documents.legacy);
const codes = LANGUAGES.map((language) => language.code);
/** The browser's language among the page's (L2): what the page speaks until the player chooses. */
const browserLanguage = matchLanguage(navigator.languages || [navigator.language], codes);
let language = saved && codes.includes(saved.language) ? saved.language : browserLanguage;
const words = () => WORDS[language];

const view = new BoardView($("board-canvas"), $("board"), words());
const announce = createAnnouncer($("status"));
const ui = createPanels({ emit: (intent, detail) => controller.emit(intent, detail), words });
const moveList = createMoveList($("move-list"), (ply) => controller.emit("reviewAt", ply));

/** Speaks `code` on the page: its words, <html lang>, the install name (L1, L2, L4). */
function speak(code) {
  language = code;
  document.documentElement.lang = code;
  applyWords(document, words());
  document.querySelector("link[rel=manifest]").href = code === "en" ? "manifest.webmanifest" : `manifest-${code}.webmanifest`;
  view.setWords(words());
  $("language-setting").value = code;
}
const review = createReview({
  draw({ frame, announce: say, ...info }) {
    view.show(frameSnapshot(frame));
    $("count-black").textContent = frame.counts.black;
    $("count-white").textContent = frame.counts.white;
    ui.reviewFrame(info);
    moveList.show(review.current().move_list || [], frame.ply);
    $("graph-meaning").textContent = review.current().meaning;
    if (say) announce(frame.text);
    for (const feature of FEATURES) if (feature.frame) controller.emit(feature.frame);
  },
});
const engine = replaceableEngine(() => createEngine((stage) => {
  performance.mark(`engine-${stage}`);
  $("loading").lastChild.textContent = word(words(), `page.loading.${stage}`);
}));
const opening = JSON.parse($("opening-view").textContent);
const controller = createController({
  engine, store, view, review, editor: createEditorState(), announce, sound: createSound(),
  ui: { ...withLayers(ui), render: renderIn, engineState: createEngineState(), analysisInView: () => analysisInView($) },
  browserLanguage,
  opening: opening.cells,
  clipboard: { write: (text) => navigator.clipboard.writeText(text) },
  share: navigator.share ? (data) => navigator.share(data) : null,
  pageUrl: () => location.href.split("#")[0],
  timers: {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    now: () => performance.now(),
    measure: (name, start, detail) => performance.measure(name, { start, detail }),
  },
  hidden: () => document.hidden,
});
const layers = createLayers();
const menu = createMenu($("menu"), $("menu-open"), layers);
/** How to play (N1): a sheet like the menu's, Back and Escape close it. */
const howto = createMenu($("howto"), $("menu-open"), layers, "howto");
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => drawPictures($("howto-list")));
const fullscreen = createFullscreen({
  layers,
  onChange(active) {
    $("back").hidden = !active;
    (active ? $("back") : $("menu-open")).focus();
  },
});
const emit = controller.emit;

let shownHowto = null;
/** Draws a snapshot's panels, first switching the page to the language it speaks. */
function renderIn(snap, flags) {
  if (snap.language && snap.language !== language) speak(snap.language);
  ui.render(snap, flags);
  if (!flags.reviewing && !flags.editing) moveList.show(snap.move_list || []);
  renderPuzzle(snap.puzzle || null, $);
  for (const feature of FEATURES) if (feature.render) feature.render(snap, { $, review, flags });
  renderLearn(snap.learn || null, $, words);
  if (snap.howto && snap.howto !== shownHowto) { // once per reply: a snapshot is drawn again and again
    shownHowto = snap.howto;
    renderHowto(snap.howto, $);
    howto.open();
  }
}

/** Returns the panels with the position setup made a layer: the browser's Back closes it. */
function withLayers(panels) {
  return {
    ...panels,
    editorOpened() {
      panels.editorOpened();
      layers.open("setup", () => emit("closeSetup"));
    },
    editorClosed() {
      panels.editorClosed();
      layers.close("setup");
    },
  };
}

/** Connects the buttons, fields and page events to the controller's intents. */
function bindControls() {
  const clicks = {
    "new-game": "newGame", undo: "undo", redo: "redo", pause: "pause",
    "legal-dots": "toggleLegal", sound: "toggleSound", "close-review": "closeReview",
    analyse: "analyseInView", "analysis-cancel": "cancelAnalysis", "copy-transcript": "copyTranscript",
    "copy-review": "copyReview", takeover: "takeover",
    "result-new": "newGame", "result-review": "review", "result-analyse": "reviewAndAnalyse",
    "result-copy": "copyTranscript", "hint-toggle": "toggleHints", "result-share": "shareGame",
    "share-review": "shareReview",
    "editor-close": "closeSetup", "editor-clear": "setupClear", "editor-opening": "setupOpening",
    "editor-copy": "setupCopy", "editor-solve": "setupSolve", "editor-analyse": "setupAnalyse",
    "puzzle-close": "closePuzzles", "puzzle-retry": "retryPuzzle", "puzzle-answer": "showAnswer",
    "puzzle-play-out": "playOut", "puzzle-next": "nextPuzzle", "puzzle-daily": "dailyPuzzle",
    "lesson-close": "closeLessons", "lesson-retry": "retryLesson", "lesson-next": "nextLesson", "lesson-howto": "openHowto",
  };
  for (const [id, intent] of Object.entries(clicks)) $(id).addEventListener("click", () => emit(intent));
  // Menu items that act on the game close the menu first, so the player sees what happened.
  const fromMenu = {
    "menu-new": "newGame", restart: "restart", review: "review", "setup-open": "openSetup", "puzzles-open": "openPuzzles",
    "howto-open": "openHowto", "lessons-open": "openLessons",
  };
  for (const [id, intent] of [...Object.entries(fromMenu), ...FEATURES.flatMap((feature) => Object.entries(feature.menu || {}))]) {
    $(id).addEventListener("click", () => {
      menu.close();
      emit(intent);
    });
  }
  $("menu-open").addEventListener("click", () => menu.open());
  for (const [type, key] of [["click", "clicks"], ["change", "changes"]]) {
    for (const [id, intent] of FEATURES.flatMap((feature) => Object.entries(feature[key] || {}))) {
      $(id).addEventListener(type, (event) => emit(...(typeof intent === "function" ? intent(event) : [intent])));
    }
  }
  $("editor-play").addEventListener("click", () => emit("setupPlay", "computer"));
  $("editor-local").addEventListener("click", () => emit("setupPlay", "local"));
  $("editor-apply").addEventListener("click", () => emit("setupApply", $("editor-board").value));
  $("editor-turn").addEventListener("change", (event) => emit("setupTurn", Number(event.target.value)));
  $("menu-close").addEventListener("click", () => menu.close());
  // A history row's Review or Retry opens over the board: the menu closes first, as for its other actions.
  $("history-table").addEventListener("click", (event) => { if (event.target.closest("button")) menu.close(); });
  $("howto-close").addEventListener("click", () => howto.close());
  // Closed over a lesson, How to play gives the focus back to the lesson's own button.
  $("howto").addEventListener("close", () => { if (!$("lesson").hidden) $("lesson-howto").focus(); });
  $("howto-lessons").addEventListener("click", () => {
    howto.close();
    emit("openLessons");
  });
  $("invite-learn").addEventListener("click", () => emit("openLessons"));
  $("invite-play").addEventListener("click", () => {
    emit("dismissInvite");
    $("board").querySelector("[tabindex='0']").focus();
  });
  $("lesson-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-lesson]");
    if (button) emit("openLessons", Number(button.dataset.lesson));
  });
  const steps = { "review-start": "Home", "review-back": "ArrowLeft", "review-forward": "ArrowRight", "review-end": "End" };
  for (const [id, key] of Object.entries(steps)) $(id).addEventListener("click", () => emit("navigate", key));
  for (const name of ["mode", "side", "level", "variant", "opening"]) {
    $(name).addEventListener("change", (event) => emit("setting", { name, value: event.target.value }));
  }
  $("language-setting").addEventListener("change", (event) => emit("setting", { name: "language", value: event.target.value }));
  $("move-clock-setting").addEventListener("change", (event) => emit("setting", { name: "move_clock", value: Number(event.target.value) }));
  $("swap-sides").addEventListener("change", (event) => emit("setting", { name: "swap_sides", value: event.target.checked }));
  $("ponder-setting").addEventListener("change", (event) => emit("setting", { name: "ponder", value: event.target.checked }));
  $("import-transcript").addEventListener("click", async () => {
    if (await emit("importTranscript", $("transcript-in").value)) menu.close();
  });
  // R9: game files, chosen in the menu or dropped anywhere on the page
  const openFiles = async (files) => {
    const taker = FEATURES.find((feature) => feature.drops && !$(feature.drops.card).hidden);
    if (taker) return emit(taker.drops.intent, files); // a feature's card that shows takes them (R10)
    if (files.length && (await emit("importFiles", await readFiles(files)))) menu.close();
  };
  $("open-files").addEventListener("change", async (event) => {
    await openFiles(event.target.files);
    event.target.value = ""; // the same file chosen again opens again
  });
  takeDrops(document, openFiles);
  $("review-prev-game").addEventListener("click", () => emit("importedGame", -1));
  $("review-next-game").addEventListener("click", () => emit("importedGame", 1));
  $("watch-start").addEventListener("click", () => {
    menu.close();
    emit("watch", { black: $("watch-black").value, white: $("watch-white").value, seed: Math.floor(Math.random() * 2 ** 30) });
  });
  const confirmClear = (asking) => {
    $("clear-history").hidden = asking;
    $("clear-confirm").hidden = $("clear-cancel").hidden = !asking;
    (asking ? $("clear-cancel") : $("clear-history")).focus();
  };
  $("clear-history").addEventListener("click", () => confirmClear(true));
  $("clear-cancel").addEventListener("click", () => confirmClear(false));
  $("clear-confirm").addEventListener("click", () => {
    confirmClear(false);
    emit("clearHistory");
  });
  $("fullscreen").addEventListener("click", () => {
    menu.close();
    fullscreen.enter();
  });
  $("back").addEventListener("click", () => fullscreen.leave());
  $("update-reload").addEventListener("click", () => location.reload());
  $("engine-retry").addEventListener("click", async (event) => {
    event.currentTarget.hidden = true;
    await refreshFiles(JSON.parse(event.currentTarget.dataset.files || "[]")).catch(() => {});
    if (await controller.retry()) performance.mark("interactive");
  });
  $("alert-dismiss").addEventListener("click", () => ui.dismiss());
  document.addEventListener("visibilitychange", () => (document.hidden ? controller.hide() : controller.visible()));
  window.addEventListener("pagehide", () => controller.leave());
  store.onExternal((part) => controller.external(part));
  let lastTick = performance.now();
  setInterval(() => {
    const now = performance.now();
    controller.tick(Math.round(now - lastTick));
    lastTick = now;
  }, TICK_MS);
}

/** Opens the game a link carries (#moves=…) in review, then takes the fragment
 * off the address, so that a reload is the player's own game again. */
function openLink() {
  if (!/^#moves=/.test(location.hash)) return;
  const fragment = location.hash;
  history.replaceState(history.state, "", location.pathname + location.search);
  emit("openLink", fragment);
}

/** Registers the service worker (O1) and says when the page is ready to play offline. */
function registerServiceWorker(isLoading) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  const isolating = sessionFlag("reversi.isolating");
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.ready.then(() => { $("offline-note").hidden = false; });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // On a host that sends no isolation headers, the worker's headers isolate the page from the next load on.
    const needsIsolation = !hadController && !self.crossOriginIsolated && !isolating.get() && isolating.set();
    // A new build took over: reload once so that no page runs a mix of versions.
    if ((hadController || needsIsolation) && isLoading()) location.reload();
    else if (hadController) $("update").hidden = false;
  });
}

async function start() {
  $("language-setting").replaceChildren(...LANGUAGES.map(({ code, name }) => {
    const option = Object.assign(document.createElement("option"), { value: code, textContent: name });
    option.lang = code;
    return option;
  }));
  speak(language);
  document.documentElement.dataset.words = "applied";
  controller.paint({ ...opening, ...(saved || {}) });
  performance.mark("board-painted");
  // The date formatter's first use costs about 20 ms: spend them while Python starts,
  // not when the first finished game enters the history.
  (self.requestIdleCallback || setTimeout)(() => formatDate(Date.now()));
  bindInput($("board"), view.cells, (intent, detail) => (intent === "escape" ? fullscreen.leave() : emit(intent, detail)));
  bindControls();
  let loading = true;
  registerServiceWorker(() => loading);
  engine.ready.then(() => performance.mark("engine-ready"), () => {});
  if (await controller.start(documents)) performance.mark("interactive");
  loading = false;
  openLink();
  window.addEventListener("hashchange", openLink);
}

start();
