// Unit tests of files.js (R9): a file's bytes go to Python as base64, however large, and
// only a drag that carries files is taken from the browser.

import assert from "node:assert/strict";
import { test } from "node:test";

import { base64, takeDrops } from "../../web/browser/files.js";

test("bytes are sent as base64, in chunks that stay under the call stack's limit", () => {
  const bytes = Uint8Array.from({ length: 100_000 }, (_, k) => (k * 7) % 256);
  assert.equal(Buffer.from(base64(bytes.buffer), "base64").equals(Buffer.from(bytes)), true);
  assert.equal(base64(new Uint8Array([0, 255, 16]).buffer), "AP8Q");
});

test("a drop of files is taken and opened; a drag of text is left to the browser", () => {
  const listeners = {}, opened = [];
  takeDrops({ addEventListener: (type, fn) => { listeners[type] = fn; } }, (files) => opened.push(files));
  const event = (types, files = []) => ({ dataTransfer: { types, files }, prevented: false,
    preventDefault() { this.prevented = true; } });
  const text = event(["text/plain"]);
  listeners.dragover(text);
  listeners.drop(text);
  assert.deepEqual([text.prevented, opened.length], [false, 0]);
  const files = event(["Files"], ["a.ggf"]);
  listeners.dragover(files);
  listeners.drop(files);
  assert.deepEqual([files.prevented, opened], [true, [["a.ggf"]]]);
});
