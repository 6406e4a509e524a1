// Language: the page's own words before and beside Python's (L1-L4). The words
// come from Python's tables, copied by the build into web/words.js; this module only
// picks the browser's language, puts a table's words on the page and fills a word's
// placeholders. It parses no sentence.

/** Returns the code, among `codes`, that best matches the browser's languages (the
 * `navigator.languages` list, most wanted first); "en" when none does. Chinese picks
 * its script: Traditional for Taiwan, Hong Kong and Macau (or a Hant tag), else Simplified. */
export function matchLanguage(preferred, codes) {
  for (const tag of preferred || []) {
    const [base, ...rest] = String(tag).toLowerCase().split("-");
    if (base === "zh") {
      const traditional = rest.includes("hant") || rest.some((part) => ["tw", "hk", "mo"].includes(part));
      const code = traditional ? "zh-Hant" : "zh-Hans";
      if (codes.includes(code)) return code;
    }
    const exact = codes.find((code) => code.toLowerCase() === String(tag).toLowerCase());
    if (exact) return exact;
    if (codes.includes(base)) return base;
  }
  return "en";
}

/** Returns `words[key]` with its {placeholders} filled from `values` (the key itself
 * when the table lacks it, so a missing word shows, and is caught, rather than hides). */
export function word(words, key, values = {}) {
  const text = words[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Puts a table's words on the page under `root`: the text of every [data-i18n]
 * element and the attributes named by [data-i18n-attr] ("aria-label=key;title=key"). */
export function applyWords(root, words) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = word(words, element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of element.dataset.i18nAttr.split(";")) {
      const [name, key] = pair.split("=");
      element.setAttribute(name, word(words, key));
    }
  }
}
