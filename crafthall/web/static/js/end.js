// @ts-check
// A finished table's end screen: the winner, the ranking, each score's breakdown, who a bot
// played for, the seed revealed, and Play again, Review, Replay and the record.
import { api, remember } from "./api.js";
import { h, button, seatChip, fairnessNote, plural } from "./dom.js";
import { reviewButton } from "./review.js";
import { showRefusal } from "./refusals.js";
import { zombieReason } from "./seats.js";
import { breakdown, breakdownTable } from "./scores.js";
import { ratingNote } from "./account.js";

/**
 * What of the table page the end screen uses, besides the review button's: the seat, what the
 * browser remembers of the table, and the board (its breakdown).
 * @typedef {{seat: number | null, entry: any, board: import("./boards.js").Board}} EndPart
 * @typedef {import("./review.js").ToolHost & EndPart} EndHost
 */

/**
 * A new game with the same seats and options: each seat this browser holds sits again.
 * @param {EndHost} page
 * @param {HTMLElement} anchor the button, where a refusal shows
 */
async function playAgain(page, anchor) {
  const tokens = (page.entry && page.entry.tokens) || {};
  const held = [page.seat, ...Object.keys(tokens).map(Number).filter((s) => s !== page.seat)];
  let next = null;
  try {
    for (const seat of held) {
      const answer = await api.again(page.id, tokens[seat]);
      next = answer.table.id;
      const patch = { tokens: { [answer.seat]: answer.token }, invites: answer.invites || {}, current: page.seat };
      remember(next, { game: answer.table.game, ...patch });
    }
  } catch (err) {
    showRefusal(anchor, err.message);
    if (!next) return;
  }
  location.assign(`/t/${encodeURIComponent(next)}`);
}

/**
 * The end screen's title: a win shared by a tie for first says so.
 * @param {boolean} youWon
 * @param {number} winners how many players share first place
 */
function endTitle(youWon, winners) {
  if (!youWon) return "Game over";
  return winners > 1 ? `You share the win with ${plural(winners - 1, "other player")}!` : "You win!";
}

/**
 * The end screen's card for the finished table of update ``msg``.
 * @param {EndHost} page
 * @param {any} msg
 * @param {string[]} names
 */
export function endCard(page, msg, names) {
  const result = msg.table.result;
  const order = result.scores.map((/** @type {number} */ score, /** @type {number} */ seat) =>
    ({ seat, score, rank: result.ranks[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = result.winners.map((/** @type {number} */ s) => names[s]);
  const youWon = msg.seat !== null && result.winners.includes(msg.seat);
  const parts = breakdown(page.board, result, msg.view, names.length);
  const played = (result.zombies || []).map((/** @type {any} */ z) =>
    `${names[z.seat]} was played by a bot from move ${z.move + 1} (${zombieReason(z.reason)}).`);
  const path = encodeURIComponent(page.id);
  const again = msg.seat === null ? null : button("Play again", (e) => playAgain(page, e.currentTarget),
    { class: "primary", id: "play-again", title: "A new game with the same players, bots and options" });
  return h("div", { class: "end-card", role: "dialog", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, endTitle(youWon, winners.length)),
    h("p", { class: "winner" },
      winners.length > 1 ? `Shared victory: ${winners.join(" and ")}` : `Winner: ${winners[0] ?? "nobody"}`),
    ratingNote(page.id),
    h("table", { class: "score-table final", id: "end-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", { class: "num" }, "Score"))),
      h("tbody", {}, order.map((r) => h("tr", { class: result.winners.includes(r.seat) ? "winner-row" : "" },
        h("td", { class: "num" }, r.rank), h("td", { class: "player" }, seatChip(r.seat, names[r.seat])),
        h("td", { class: "num score" }, r.score))))),
    parts && parts.head.length ? breakdownTable(parts, order, names) : null,
    parts && parts.note ? h("p", { class: "hint" }, parts.note) : null,
    played.length ? h("p", { class: "hint" }, played.join(" ")) : null,
    fairnessNote(msg.table),
    h("div", { class: "end-actions" },
      again,
      button("See the table", () => { page.end.hidden = true; }, { id: "close-end" }),
      reviewButton(page, "end-review"),
      h("a", { class: "button", href: `/t/${path}?replay` }, "Replay"),
      h("a", { class: "button", href: `/api/tables/${path}/record`, download: `${page.id}.jsonl` }, "Download record"),
      h("a", { class: "button", href: "/" }, "Lobby")));
}
