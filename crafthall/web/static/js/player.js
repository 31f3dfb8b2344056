// @ts-check
// A player's page (/players/{name}): the rating in each game with its history drawn as a plot,
// games played and won, the best and the longest word, the recent games with their replays.
import { api } from "./api.js";
import { h, s, replace, failurePanel } from "./dom.js";
import { accountApi } from "./account.js";

const WIDTH = 520;
const HEIGHT = 220;
const MARGIN = { left: 56, right: 16, top: 14, bottom: 42 };

/**
 * Round steps between ``low`` and ``high`` for an axis's ticks (about five).
 * @param {number} low
 * @param {number} high
 */
export function ticks(low, high) {
  const span = Math.max(1, high - low);
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw) || raw;
  const found = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) found.push(Math.round(v));
  return found;
}

/**
 * The rating's history as an SVG plot: rated games along the x axis (0: the rating before the
 * first), the rating up the y axis, each point titled with its date and rating.
 * @param {{at: number, before: number, rating: number}[]} rated
 * @param {string} title the game's title (the plot's accessible name)
 */
export function ratingPlot(rated, title) {
  const history = rated.length ? [{ at: rated[0].at, rating: rated[0].before }, ...rated] : [];
  const values = history.map((p) => p.rating);
  const low = Math.min(...values, 1000) - 20;
  const high = Math.max(...values, 1000) + 20;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (/** @type {number} */ n) =>
    MARGIN.left + (history.length === 1 ? plotW / 2 : (n * plotW) / (history.length - 1));
  const y = (/** @type {number} */ v) => MARGIN.top + plotH - ((v - low) * plotH) / (high - low);
  const bottom = MARGIN.top + plotH;
  const xTicks = ticks(0, rated.length).filter((n) => n <= rated.length);
  return s("svg", { class: "rating-plot", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-label": `${title}: rating over ${rated.length} rated game${rated.length === 1 ? "" : "s"}` },
  s("line", { class: "axis", x1: MARGIN.left, y1: bottom, x2: WIDTH - MARGIN.right, y2: bottom }),
  s("line", { class: "axis", x1: MARGIN.left, y1: MARGIN.top, x2: MARGIN.left, y2: bottom }),
  ticks(low, high).filter((v) => v >= low && v <= high).map((v) => s("g", { class: "tick y" },
    s("line", { class: "grid", x1: MARGIN.left, y1: y(v), x2: WIDTH - MARGIN.right, y2: y(v) }),
    s("text", { x: MARGIN.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)))),
  xTicks.map((n) => s("text", { class: "tick x", x: x(n), y: bottom + 16, "text-anchor": "middle" }, String(n))),
  s("text", { class: "label", x: MARGIN.left + plotW / 2, y: HEIGHT - 6, "text-anchor": "middle" }, "Rated games"),
  s("text", { class: "label", x: 14, y: MARGIN.top + plotH / 2, "text-anchor": "middle",
    transform: `rotate(-90 14 ${MARGIN.top + plotH / 2})` }, "Rating"),
  s("polyline", { class: "line", fill: "none", points: history.map((p, n) => `${x(n)},${y(p.rating)}`).join(" ") }),
  history.map((p, n) => s("circle", { class: "point", cx: x(n), cy: y(p.rating), r: 3.5 },
    s("title", {}, `${new Date(p.at * 1000).toLocaleDateString()}: ${p.rating}`))));
}

/** @param {any} game a recent game: the other players' names */
const others = (game) => game.players.filter((/** @type {string} */ _, /** @type {number} */ n) => n !== game.seat)
  .join(", ");

/** @param {number} at seconds since 1970 */
const day = (at) => new Date(at * 1000).toLocaleDateString();

/**
 * @param {HTMLElement} root
 * @param {string} name
 */
export async function showPlayer(root, name) {
  document.title = `crafthall: ${name}`;
  document.getElementById("where").textContent = name;
  let page;
  let games = [];
  try {
    [page, games] = await Promise.all([accountApi.player(name), api.games().then((g) => g.games)]);
  } catch (err) {
    replace(root, failurePanel("No such player", err.message));
    return;
  }
  /** @param {string} game */
  const title = (game) => (games.find((/** @type {any} */ g) => g.name === game) || {}).title || game;
  const board = (/** @type {string} */ game) =>
    h("a", { href: `/leaderboard/${encodeURIComponent(game)}` }, "leaderboard");
  replace(root, h("div", { class: "player-page", id: "player-page" },
    h("h1", {}, page.name), h("p", { class: "hint" }, `Playing since ${day(page.since)}`),
    h("section", { class: "panel", id: "player-ratings" }, h("h2", {}, "Ratings"),
      page.ratings.length === 0 ? h("p", { class: "hint" }, "No rated game yet.") :
        page.ratings.map((/** @type {any} */ r) => h("div", { class: "rating-game", dataset: { game: r.game } },
          h("h3", {}, `${title(r.game)}: ${r.rating} `, h("span", { class: "level" }, r.level), " ", board(r.game)),
          h("p", { class: "hint" }, `${r.games} rated game${r.games === 1 ? "" : "s"}, ${r.wins} won`),
          ratingPlot(r.history, title(r.game))))),
    h("section", { class: "panel", id: "player-games" }, h("h2", {}, "Games"),
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {},
          h("th", {}, "Game"), h("th", { class: "num" }, "Played"), h("th", { class: "num" }, "Won"))),
        h("tbody", {}, page.played.map((/** @type {any} */ p) => h("tr", {},
          h("td", {}, title(p.game)), h("td", { class: "num" }, p.games), h("td", { class: "num" }, p.wins))))),
      h("p", { id: "player-words" }, "Best word: ", h("strong", {}, page.best_word || "none yet"),
        " · Longest word: ", h("strong", {}, page.longest_word || "none yet"))),
    h("section", { class: "panel", id: "player-recent" }, h("h2", {}, "Recent games"),
      page.recent.length === 0 ? h("p", { class: "hint" }, "No finished game yet.") :
        h("ul", { class: "table-list" }, page.recent.map((/** @type {any} */ g) => h("li", {},
          h("strong", {}, title(g.game)), ` ${day(g.created)}: `,
          g.won ? "won" : `place ${g.rank}`, `, ${g.score} points, with ${others(g)} `,
          h("a", { class: "button ghost", href: g.replay }, "Replay"), " ",
          h("a", { class: "button ghost", href: g.review }, "Review")))))));
}
