// The page's features, one line each (STYLE §9): what each adds to the page, read by
// main.js and the controller, which name no feature. A feature module exports `feature`:
//   clicks   {elementId: intent, or (event) => [intent, detail]}: bound by main.js
//   intents({command, overrule, announce}) -> {name: fn}: merged into the controller's intents
//   render(snap, {$, review}): draws its part of each snapshot (main.js)
// Its stored part, commands and words are Python's (py/reversi/app/features.py).

import { feature as mistakes } from "./control/mistakes.js"; // Learn from your own games (N6-N8)

export const FEATURES = [mistakes];
