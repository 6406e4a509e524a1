// Files the player opens or drops on the page (R9): read in the browser, sent to Python as
// their names and bytes (base64), which Python reads as games (py/reversi/app/files.py).

/** Returns the base64 of an ArrayBuffer's bytes. */
export function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let k = 0; k < bytes.length; k += 0x8000) text += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(text);
}

/** Returns the files of a FileList (or an array of File) as [{name, data}]. */
export async function readFiles(files) {
  return Promise.all([...files].map(async (file) => ({ name: file.name, data: base64(await file.arrayBuffer()) })));
}

/** Calls `open(files)` with the files dropped anywhere on the page (the browser would
 * otherwise open them in place of the page). */
export function takeDrops(target, open) {
  const carriesFiles = (event) => event.dataTransfer && [...event.dataTransfer.types].includes("Files");
  target.addEventListener("dragover", (event) => {
    if (carriesFiles(event)) event.preventDefault();
  });
  target.addEventListener("drop", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    open(event.dataTransfer.files);
  });
}
