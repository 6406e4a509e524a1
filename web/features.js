// The page's features, one line each (STYLE §9): what each adds to the page, read by
// main.js and the controller, which name no feature. A feature module exports `feature`:
//   clicks   {elementId: intent, or (event) => [intent, detail]}: bound by main.js
//   changes  {elementId: the same}: a field's change event, bound by main.js
//   menu     {elementId: intent}: a menu item, bound by main.js (the menu closes first)
//   intents({command, overrule, announce, timers, review, openReview, current}) -> {name: fn}: merged
//     into the controller's intents (`current()`: the snapshot shown; `openReview(reply)`: shows
//     the review a reply opens)
//   render(snap, {$, review, flags}): draws its part of each snapshot (main.js); `flags` are
//     the controller's (web/control/state.js: loading, thinking, choosing …)
//   board(snap) -> a board snapshot while the feature shows its own position (else null),
//     drawn instead of the game's; `tap`: the intent a tap on that board goes to, `navigate`:
//     the intent the navigation keys go to (ArrowLeft/Right, Home, End) (controller)
//   frame    the intent run whenever the review shows another frame (main.js)
//   drops    {card, intent}: files dropped on the page while the element `card` shows go to
//     `intent` (main.js), not to the review
// Its stored part, commands and words are Python's (py/reversi/app/features.py).

import { feature as mistakes } from "./control/mistakes.js"; // Learn from your own games (N6-N8)
import { feature as rating } from "./panels/rating.js"; // the player's rating and Play at my level (C8)
import { feature as openings } from "./control/openings.js"; // the openings' explorer and trainer (K2-K6)
import { feature as picture } from "./panels/picture.js"; // a game's picture, saved as a PNG (B9)
import { feature as exporting } from "./panels/export.js"; // the history saved as GGF or transcripts (R8)
import { feature as library } from "./control/library.js"; // the library of imported games (R10-R13)

export const FEATURES = [mistakes, rating, openings, picture, exporting, library];
