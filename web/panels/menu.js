// The menu: a modal sheet over the page with the settings and tools. It
// traps the keyboard while open; Escape, the close button and the Back button close
// it, and the focus returns to the Menu button.

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex='0']";

/** Checks if Tab can reach `el`: laid out, and not inside a closed <details> (whose
 * content Chromium keeps laid out but out of the focus order) unless it is its summary. */
function reachable(el) {
  if (el.offsetParent === null) return false;
  for (let d = el.closest("details"); d; d = d.parentElement.closest("details")) {
    if (!d.open && !(el.tagName === "SUMMARY" && el.parentElement === d)) return false;
  }
  return true;
}

/** Returns {open(), close(), isOpen()} for `dialog`, opened by `opener`; `layers` handles Back
 * (under the layer `name`: the menu's, or another sheet's such as How to play). */
export function createMenu(dialog, opener, layers, name = "menu") {
  const visible = () => [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => el === document.activeElement || reachable(el));

  function close(fromHistory = false) {
    if (!dialog.open) return;
    dialog.close();
    opener.setAttribute("aria-expanded", "false");
    if (!fromHistory) layers.close(name);
    opener.focus();
  }

  dialog.addEventListener("cancel", (event) => {
    event.preventDefault(); // Escape: close it our way, so history stays in step
    close();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) close(); // a tap on the backdrop
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const items = visible();
    if (!items.length) return;
    const first = items[0], last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  return {
    /** Opens the menu over the page, the focus on its first control. */
    open() {
      if (dialog.open) return;
      dialog.showModal();
      opener.setAttribute("aria-expanded", "true");
      layers.open(name, close);
      dialog.querySelector(".sheet-head button").focus();
    },
    close,
    isOpen: () => dialog.open,
  };
}
