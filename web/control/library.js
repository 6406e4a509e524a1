// The game library (R10-R13), as a feature of the page (web/features.js): games added from
// files (chosen, or dropped while the library shows) or pasted text, read by Python a batch
// at a time (a tap lands between batches; Stop keeps what was read), searched, opened in
// review for a chosen side, deleted; and the table of what people played in the position
// on the board, which follows the game, the review's frame and the openings explorer.
// Python decides everything (py/reversi/app/library/room.py); this module relays and draws.

import { base64, readFiles } from "../browser/files.js";
import { renderLibrary, renderPeople } from "../panels/library-panel.js";
import { saveExport, saveText } from "../panels/export.js";

/** Returns the search as the card's fields hold it. */
export function searchOf($, page = 0) {
  return {
    player: $("library-player").value, year: $("library-year").value, event: $("library-event").value,
    opening: $("library-opening").value, result: $("library-result").value, page,
  };
}

/** Returns where the table of what people played looks: the explorer's board, the
 * review's frame (its game and ply), or the game in play. */
export function peopleSource(snap, review) {
  if (snap && snap.openings && snap.openings.explore) return { source: "explorer" };
  if (review.active()) {
    const game = review.current();
    return { source: "review", game: game.transcript, ply: game.frames[review.shown()].ply };
  }
  return { source: "play" };
}

/** Returns the intents, given the controller's wiring (web/features.js: intents). */
export function libraryIntents({ command, announce, review, current, timers, openReview,
  $ = (id) => document.getElementById(id), save = saveText }) {
  let peopleOn = false;
  let importing = false;
  async function ask(method, params = {}) {
    const asked = timers ? timers.now() : 0;
    const reply = await command(method, params);
    if (timers && timers.measure) timers.measure("library", asked, { method }); // read by bench/page.py library
    if (reply && reply.library && reply.library.news) announce(reply.library.news);
    return reply;
  }
  /** Reads the import a batch a request, until it is done or stopped; measured for
   * bench/page.py library ("library-import"). */
  async function follow(reply, since) {
    if (importing) return reply;
    importing = true;
    try {
      while (reply && reply.library && reply.library.importing) reply = await ask("library_step");
    } finally {
      importing = false;
    }
    if (timers && timers.measure) timers.measure("library-import", since, {});
    return reply;
  }
  async function add(files) {
    if (!files.length) return null;
    const since = timers ? timers.now() : 0;
    return follow(await ask("library_add", { files }), since);
  }
  let asked = ""; // the table's position asked last: a redraw of the same frame asks nothing
  const people = (again = false) => {
    const where = peopleSource(current(), review);
    if (!peopleOn || (!again && JSON.stringify(where) === asked)) return null;
    asked = JSON.stringify(where);
    return ask("people_table", where);
  };
  return {
    openLibrary: () => ask("library_open"),
    closeLibrary: () => ask("library_close"),
    libraryFiles: async (files) => add(await readFiles(files)),
    libraryPaste: async () => {
      const text = $("library-paste").value;
      if (!text.trim()) return null;
      const data = base64(new TextEncoder().encode(text).buffer);
      const reply = await add([{ name: "pasted.txt", data }]);
      if (reply && reply.library) $("library-paste").value = "";
      return reply;
    },
    libraryCancel: () => ask("library_cancel"),
    // the games the search finds, saved as the history's are (R8)
    libraryExport: async (form) => saveExport(await ask("library_export", { form }), { save, announce }),
    librarySearch: (page = 0) => ask("library_search", searchOf($, page)),
    libraryReview: async ([key, number]) => {
      const reply = await ask("library_review", { key, number, side: $("library-side").value });
      openReview(reply);
      return reply;
    },
    libraryDelete: ([key, number]) => ask("library_delete", { key, number }),
    libraryDeleteImport: (key) => ask("library_delete_import", { key }),
    openPeople: () => {
      peopleOn = true;
      return people(true);
    },
    closePeople: () => {
      peopleOn = false;
      return ask("people_close");
    },
    peopleFrame: () => people(),
  };
}

/** Returns [intent, detail] of a click on a results row's or an import's button. */
function rowButton(event) {
  const button = event.target.closest("button[data-act]");
  if (!button) return [];
  const { act, key, number } = button.dataset;
  if (act === "delete-import") return ["libraryDeleteImport", key];
  return [act === "open" ? "libraryReview" : "libraryDelete", [key, Number(number)]];
}

/** The feature as the page reads it (web/features.js). */
export const feature = {
  menu: { "library-open": "openLibrary", "people-open": "openPeople" },
  clicks: {
    "library-close": "closeLibrary", "library-cancel": "libraryCancel", "library-paste-add": "libraryPaste",
    "library-find": () => ["librarySearch", 0], "people-close": "closePeople",
    "library-export-ggf": () => ["libraryExport", "ggf"], "library-export-text": () => ["libraryExport", "text"],
    "library-previous": (event) => ["librarySearch", Number(event.currentTarget.dataset.page)],
    "library-next": (event) => ["librarySearch", Number(event.currentTarget.dataset.page)],
    "library-rows": rowButton, "library-imports": rowButton,
  },
  changes: {
    "library-files": (event) => ["libraryFiles", event.target.files], "library-result": () => ["librarySearch", 0],
    "library-player": () => ["librarySearch", 0], "library-year": () => ["librarySearch", 0],
    "library-event": () => ["librarySearch", 0], "library-opening": () => ["librarySearch", 0],
  },
  drops: { card: "library", intent: "libraryFiles" },
  frame: "peopleFrame",
  intents: (wiring) => libraryIntents(wiring),
  render(snap, { $ }) {
    if ("library" in snap) renderLibrary(snap.library, $);
    if ("people" in snap) renderPeople(snap.people, $);
  },
};
