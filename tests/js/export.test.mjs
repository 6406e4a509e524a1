// Unit tests of export.js (R8): the history's file is saved under Python's name and its
// count said; an empty history saves nothing but is still said.

import assert from "node:assert/strict";
import { test } from "node:test";

import { exportIntents } from "../../web/panels/export.js";

test("the file Python writes is saved under its name, and what was saved is said", async () => {
  const saved = [], said = [], asked = [];
  const replies = [
    { export: { text: "(;GM[Othello];)\n", file: "reversi-games-2026-12-07.ggf", count: 1, said: "Saved 1 game." } },
    { export: { text: "", file: "reversi-games-2026-12-07.txt", count: 0, said: "Saved 0 games." } },
  ];
  const intents = exportIntents({
    command: async (method, params) => { asked.push([method, params.form]); return replies.shift(); },
    announce: (text) => said.push(text), save: (text, name) => saved.push([text, name]),
  });
  await intents.exportGgf();
  await intents.exportText();
  assert.deepEqual(asked, [["export_games", "ggf"], ["export_games", "text"]]);
  assert.deepEqual(saved, [["(;GM[Othello];)\n", "reversi-games-2026-12-07.ggf"]]);
  assert.deepEqual(said, ["Saved 1 game.", "Saved 0 games."]);
});
