// @ts-check
// A game's rules page (/rules/{game}, written by the server): its components drawn on the game's
// own board, in the position /api/rules/{game}/table gives (the tutorial's set-up), read-only.
import { ApiError } from "./api.js";
import { h, replace } from "./dom.js";
import { openBoard } from "./boards.js";

/**
 * The table the page draws, or the server's sentence for why not.
 * @param {string} game
 */
async function sampleTable(game) {
  const response = await fetch(`/api/rules/${encodeURIComponent(game)}/table`);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, data?.error?.code || "http",
      data?.error?.message || `The server answered ${response.status}.`);
  }
  return data;
}

/** @param {HTMLElement} figure the page's place for the board, naming its game */
async function drawComponents(figure) {
  const caption = figure.querySelector("figcaption");
  const boardBox = h("div", { class: "board", id: "board" });
  try {
    const game = /** @type {string} */ (figure.dataset.game);
    const [sample, opened] = await Promise.all([sampleTable(game), openBoard(game)]);
    const names = sample.seats;
    /** @type {import("./boards.js").BoardContext} */
    const ctx = {
      view: sample.view, seat: sample.seat, active: [], legal: null, names, ui: {},
      readonly: true, myTurn: false, over: false,
      table: {
        status: "playing",
        seats: names.map((/** @type {string} */ name, /** @type {number} */ index) =>
          ({ index, name, kind: index === sample.seat ? "human" : "bot" })),
      },
      act: async () => ({ type: "error", message: "This board only shows the components." }),
      ...opened.shared,
    };
    replace(figure, caption, boardBox);
    opened.board.mount(boardBox, ctx);
    opened.board.update(ctx);
    figure.dataset.drawn = "yes";
  } catch (err) {
    replace(figure, caption, h("p", { class: "hint" }, err instanceof Error ? err.message : String(err)));
    figure.dataset.drawn = "no";
  }
}

const figure = document.getElementById("rules-board");
if (figure) drawComponents(figure);
