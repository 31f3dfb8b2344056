// @ts-check
// A game's leaderboard (/leaderboard/{game}): its rated players with enough games, best first.
import { api } from "./api.js";
import { h, replace, failurePanel } from "./dom.js";
import { accountApi } from "./account.js";

/**
 * @param {HTMLElement} root
 * @param {string} game
 */
export async function showLeaderboard(root, game) {
  document.title = "crafthall: leaderboard";
  document.getElementById("where").textContent = "Leaderboard";
  let board;
  let games = [];
  try {
    [board, games] = await Promise.all([accountApi.leaderboard(game), api.games().then((g) => g.games)]);
  } catch (err) {
    replace(root, failurePanel("No leaderboard", err.message));
    return;
  }
  const others = games.map((/** @type {any} */ g) => g.name === game ? h("strong", {}, g.title)
    : h("a", { href: `/leaderboard/${encodeURIComponent(g.name)}` }, g.title));
  replace(root, h("section", { class: "panel leaderboard", id: "leaderboard" },
    h("h1", {}, `${board.title}: leaderboard`),
    h("p", { class: "games-nav" }, others.flatMap((el, n) => (n ? [" · ", el] : [el]))),
    h("p", { class: "hint" }, `Players with ${board.min_games} rated games or more.`),
    board.players.length === 0 ? h("p", {}, "Nobody has played enough rated games yet.") :
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {}, ["Place", "Player", "Level", "Rating", "Games", "Won"].map((t) => h("th", {}, t)))),
        h("tbody", {}, board.players.map((/** @type {any} */ p) => h("tr", {},
          h("td", { class: "num" }, p.place),
          h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
          h("td", {}, p.level), h("td", { class: "num" }, p.rating),
          h("td", { class: "num" }, p.games), h("td", { class: "num" }, p.wins)))))));
}
