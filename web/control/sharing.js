// Sharing: copies a transcript or a link to the clipboard, or hands a game's link to the
// system's share sheet; the page shows and announces whether it worked.
//   clipboard {write(text)}, share(data) | null (navigator.share), announce(text),
//   ui {copyResult(ok, text, kind)}, pageUrl() (the page's address without its fragment)

/** Returns `copy(text, kind)` and `shareLink(fragment)`. */
export function createSharing({ clipboard, share, announce, ui, pageUrl }) {
  /** Copies text (a transcript, or a link: `kind`) to the clipboard. */
  async function copy(text, kind = "transcript") {
    let ok = true;
    try {
      await clipboard.write(text);
    } catch {
      ok = false;
    }
    announce(ui.copyResult(ok, text, kind));
  }

  /** Shares the link that opens a game (its fragment from Python): the share sheet where
   * the browser has one, else a copy. */
  async function shareLink(fragment) {
    const url = `${pageUrl()}#${fragment}`;
    if (share) {
      try {
        await share({ url });
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // the player closed the sheet
      }
    }
    await copy(url, "link");
  }

  return { copy, shareLink };
}
