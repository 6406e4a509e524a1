// Module worker: loads Pyodide from the site, installs the engine wheel with
// micropip, and answers requests with one reversi.app.bridge.Bridge. Python runs
// here, never on the main thread. The messages are documented in engine.js.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
let interrupt = null; // Uint8Array over a SharedArrayBuffer, when the page is cross-origin isolated

/** Tells the page how far start-up got (shown by the loading indicator). */
function progress(stage) {
  self.postMessage({ type: "progress", stage, ms: Math.round(performance.now()) });
}

/** Starts Pyodide with micropip loaded, from the build's start-up snapshot when there
 * is one (much faster than starting Python from scratch). */
async function startPython(build) {
  const options = { indexURL: new URL(build.pyodide, site).href, packages: ["micropip"] };
  if (build.snapshot && self.DecompressionStream) {
    try {
      const response = await fetch(new URL(build.snapshot, site));
      const unzipped = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
      return await loadPyodide({ ...options, _loadSnapshot: new Uint8Array(await unzipped.arrayBuffer()) });
    } catch (error) {
      console.warn("Starting Python without its snapshot:", error);
    }
  }
  return loadPyodide(options);
}

async function boot() {
  const build = await (await fetch(new URL("build.json", site))).json();
  progress("python");
  const pyodide = await startPython(build);
  progress("engine");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install.callKwargs(new URL(build.wheel, site).href, { deps: false }); // it needs nothing else
  micropip.destroy();
  progress("installed");
  if (interrupt) pyodide.setInterruptBuffer(interrupt);
  return pyodide.pyimport("reversi.app.bridge").Bridge();
}

let bridgePromise = null;

/** Turns any thrown value into a one-line message for the page. */
function messageOf(error) {
  const text = String(error && error.message ? error.message : error);
  const lines = text.trim().split("\n").filter(Boolean);
  const last = lines[lines.length - 1] || "Unknown error";
  return last.startsWith("KeyboardInterrupt") ? last : last.replace(/^(?:\w+\.)*\w*(?:Error|Exception): /, "");
}

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    if (data.interrupt) interrupt = new Uint8Array(data.interrupt);
    bridgePromise = boot();
    bridgePromise.then(
      () => self.postMessage({ type: "ready" }),
      (error) => self.postMessage({ type: "failed", error: messageOf(error) }),
    );
    return;
  }
  const { id, method, params } = data;
  try {
    const bridge = await bridgePromise;
    if (interrupt) interrupt[0] = 0;
    const reply = bridge.call(method, JSON.stringify(params || {}));
    self.postMessage({ id, result: JSON.parse(reply) });
  } catch (error) {
    const text = messageOf(error);
    self.postMessage({ id, error: text, cancelled: text.startsWith("KeyboardInterrupt") });
  }
};
