// A game's picture (B9), as a feature of the page (web/features.js): the review's frame
// shown, or the finished game, drawn as a PNG with each disc numbered by the move that placed
// it and Python's caption under the board, then saved. Python words and numbers it all
// (py/reversi/app/picture.py: the `picture` reply field); this module only draws and saves.

import { PALETTES, drawBoard, drawDisc, drawRing } from "../board/board-draw.js";
import { squareName } from "../text/format.js";

/** The picture's size in pixels: the board, and the caption's band under it. */
export const SIZE = { board: 720, caption: 56 };

/** Returns where the picture draws: the gutter for the coordinates, a square's size, and
 * the centre of square `k` (0 = a1). */
export function layout(size = SIZE.board) {
  const gutter = Math.round(size * 0.045);
  const cell = (size - gutter - 2) / 8;
  return { gutter, cell, centre: (k) => [gutter + (k % 8 + 0.5) * cell, gutter + (Math.floor(k / 8) + 0.5) * cell] };
}

/** Draws `picture` ({cells, numbers, last, caption}) on the 2D context `ctx` (light colours). */
export function drawPicture(ctx, picture) {
  const colors = PALETTES.light;
  const { gutter, cell, centre } = layout();
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SIZE.board, SIZE.board + SIZE.caption);
  drawBoard(ctx, SIZE.board, gutter, cell, colors);
  for (let k = 0; k < 64; k++) {
    const cellText = picture.cells[k];
    if (cellText === "-") continue;
    const [x, y] = centre(k);
    const black = cellText === "X";
    drawDisc(ctx, x, y, cell * 0.42, 1, black);
    const number = picture.numbers[squareName(k)];
    if (number) {
      ctx.fillStyle = black ? "#ffffff" : "#111111";
      ctx.font = `700 ${Math.round(cell * 0.34)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(String(number), x, y + 1);
    }
    if (picture.last === squareName(k)) drawRing(ctx, x, y, cell * 0.46, colors.last, 3);
  }
  ctx.fillStyle = "#1a1a1a";
  ctx.font = `600 22px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(picture.caption, SIZE.board / 2, SIZE.board + SIZE.caption / 2, SIZE.board - 24);
}

/** Draws the picture on a new canvas and saves it as a PNG file named `picture.file`. */
async function save(picture, doc = document) {
  const canvas = doc.createElement("canvas");
  canvas.width = SIZE.board;
  canvas.height = SIZE.board + SIZE.caption;
  drawPicture(canvas.getContext("2d"), picture);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  const link = doc.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = picture.file;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Returns the intents: a picture of the review's frame shown, or of the game in play. */
export function pictureIntents({ command, review }) {
  async function take(params) {
    const reply = await command("picture", params);
    if (reply && reply.picture) await save(reply.picture);
    return reply;
  }
  return {
    reviewPicture: () => {
      const shown = review.current();
      return shown && take({ game: shown.transcript, ply: shown.frames[review.shown()].ply, title: shown.title });
    },
    gamePicture: () => take({}),
  };
}

/** The feature as the page reads it (web/features.js). */
export const feature = {
  clicks: { "review-picture": "reviewPicture", "result-picture": "gamePicture" },
  intents: ({ command, review }) => pictureIntents({ command, review }),
};
