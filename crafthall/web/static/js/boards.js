// @ts-check
// A game's board for a page (the table, the replay, a lesson): the game's own board module,
// named by /api/games (`board`, with its stylesheet `styles`), or the generic board for a game
// without one; and the game's components.json (`components`), fetched once per game. The page
// knows no game: everything it needs comes from the game's entry.
import { api, ApiError } from "./api.js";
import { h } from "./dom.js";

/**
 * A game as /api/games lists it (the fields the pages read).
 * @typedef {object} GameEntry
 * @property {string} name
 * @property {string} title
 * @property {string[]} reminders the rules in brief
 * @property {string | null} board the URL of the game's board module (null: the generic board)
 * @property {string | null} styles the URL of the board's stylesheet
 * @property {string | null} components the URL of the game's components.json
 */

/**
 * What a board is given at each update.
 * @typedef {object} BoardContext
 * @property {any} view the seat's view of the game
 * @property {number | null} seat the page's seat (null: a spectator)
 * @property {number[]} active the seats that may act
 * @property {any[] | null} legal the seat's legal actions, when the board wants them
 * @property {any[]} [changes] a table's public changes since the last update (all of them at the first)
 * @property {string[]} names each seat's name
 * @property {any} table the table's summary
 * @property {Record<string, any>} ui the board's own notes that outlive an update
 * @property {boolean} readonly whether the page may not act (a spectator, a replay, a bot's seat)
 * @property {boolean} myTurn
 * @property {boolean} over
 * @property {(action: any, anchor?: Element | null) => Promise<any>} act
 * @property {any} components the game's components.json, parsed (null: the game has none)
 * @property {string[]} reminders the rules in brief
 */

/**
 * A board: made fresh for each page by its module's default export, every piece of its state
 * its own.
 * @typedef {object} Board
 * @property {boolean} [wantLegal] whether updates should list the seat's legal actions
 * @property {(root: HTMLElement, ctx: BoardContext) => void} mount
 * @property {(ctx: BoardContext) => void} update
 * @property {(view: any, names: string[], msg: any) => {head: string[], rows: any[][], note?: string}} [scoreSheet]
 * @property {(details: any, view: any, seats: number) => {head: string[], rows: any[][], note?: string}} [breakdown]
 */

/** @type {Promise<GameEntry[]> | null} */
let listed = null;
/** @type {Map<string, Promise<unknown>>} each game's components, asked once */
const fetched = new Map();

/**
 * The game ``name`` as /api/games lists it (the list is asked once per page).
 * @param {string} name
 * @returns {Promise<GameEntry>}
 */
export async function gameEntry(name) {
  listed ??= api.games().then((/** @type {{games: GameEntry[]}} */ answer) => answer.games);
  let games;
  try {
    games = await listed;
  } catch (err) {
    listed = null; // asked again next time
    throw err;
  }
  const game = games.find((g) => g.name === name);
  if (!game) throw new ApiError(404, "no-game", `This server has no game called ${name}; pick one in the lobby.`);
  return game;
}

/**
 * A fresh board for ``game``: its own module's default factory, or the generic board; the
 * board's stylesheet is linked once.
 * @param {GameEntry} game
 * @returns {Promise<Board>}
 */
export async function loadBoard(game) {
  if (game.styles && !document.querySelector(`link[data-board="${CSS.escape(game.name)}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: game.styles, dataset: { board: game.name } }));
  }
  let module;
  try {
    module = game.board ? await import(game.board) : await import("./generic-board.js");
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ApiError(0, "no-board", `The ${game.title} board did not load (${why}); reload the page to try again.`);
  }
  return module.default();
}

/**
 * The game's components.json, parsed (null when the game has none); asked once per game.
 * @param {GameEntry} game
 * @returns {Promise<any>}
 */
export function loadComponents(game) {
  if (!game.components) return Promise.resolve(null);
  if (!fetched.has(game.name)) {
    const asked = fetch(game.components).then((response) => {
      if (!response.ok) throw new ApiError(response.status, "http", `The ${game.title} components did not load.`);
      return response.json();
    });
    asked.catch(() => fetched.delete(game.name)); // asked again next time
    fetched.set(game.name, asked);
  }
  return /** @type {Promise<any>} */ (fetched.get(game.name));
}

/**
 * Everything a page needs to show the game ``name``: its entry, a fresh board, and what every
 * context of the board carries besides the position (the components and the reminders).
 * @param {string} name
 */
export async function openBoard(name) {
  const game = await gameEntry(name);
  const [board, components] = await Promise.all([loadBoard(game), loadComponents(game)]);
  return { game, board, shared: { components, reminders: game.reminders } };
}

/**
 * The rules reminder beside a board: the game's rules in brief.
 * @param {GameEntry} game
 * @param {Record<string, unknown>} attrs the panel's (its id, whether it is open)
 */
export function rulesReminder(game, attrs) {
  return h("details", { class: "panel", ...attrs },
    h("summary", {}, "Rules reminder"),
    h("ul", {}, game.reminders.map((line) => h("li", {}, line))));
}
