// The history saved to a file (R8), as a feature of the page (web/features.js): the menu's
// Results offer the finished games as GGF or as transcripts. Python writes the file and
// words what was saved (py/reversi/app/export.py: the `export` reply field); this module
// only saves the text under Python's file name and says it.

/** Saves `text` as a file named `name` (a download; nothing leaves the device). */
export function saveText(text, name, doc = document) {
  const link = doc.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Saves the file a reply's `export` field holds (when it holds games) and says what was
 * saved; returns the reply. */
export function saveExport(reply, { save = saveText, announce }) {
  const file = reply && reply.export;
  if (file) {
    if (file.count) save(file.text, file.file);
    announce(file.said);
  }
  return reply;
}

/** Returns the intents: the history as GGF or as transcripts, saved, and said. */
export function exportIntents({ command, announce, save = saveText }) {
  const saveAs = async (form) => saveExport(await command("export_games", { form }), { save, announce });
  return { exportGgf: () => saveAs("ggf"), exportText: () => saveAs("text") };
}

/** The feature as the page reads it (web/features.js). */
export const feature = {
  clicks: { "export-ggf": "exportGgf", "export-text": "exportText" },
  intents: ({ command, announce }) => exportIntents({ command, announce }),
};
