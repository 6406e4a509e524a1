// Unit tests of language.js: the browser-language match and word filling.
// The move list draws into the DOM; its behaviour is tested in the browser
// (tests/browser/test_companion_page.py).

import assert from "node:assert/strict";
import { test } from "node:test";

import { matchLanguage, word } from "../../web/text/language.js";

const CODES = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "fr", "es", "de"];

test("L2: the browser's languages pick the best match, in order, else English", () => {
  assert.equal(matchLanguage(["ja-JP", "en-US"], CODES), "ja");
  assert.equal(matchLanguage(["pt-BR", "de-AT", "en"], CODES), "de");
  assert.equal(matchLanguage(["zh-TW"], CODES), "zh-Hant");
  assert.equal(matchLanguage(["zh-HK"], CODES), "zh-Hant");
  assert.equal(matchLanguage(["zh-Hant-TW"], CODES), "zh-Hant");
  assert.equal(matchLanguage(["zh-CN"], CODES), "zh-Hans");
  assert.equal(matchLanguage(["zh"], CODES), "zh-Hans");
  assert.equal(matchLanguage(["pt-BR", "ru"], CODES), "en");
  assert.equal(matchLanguage([], CODES), "en");
  assert.equal(matchLanguage(undefined, CODES), "en");
});

test("L3: a word's placeholders are filled; a missing key shows itself", () => {
  assert.equal(word({ "page.engine.failed": "No engine: {error}." }, "page.engine.failed", { error: "x" }), "No engine: x.");
  assert.equal(word({ a: "{n} and {m}" }, "a", { n: 1 }), "1 and {m}");
  assert.equal(word({}, "page.missing"), "page.missing");
});
