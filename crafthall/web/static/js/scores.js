// @ts-check
// The scores: the score sheet beside the board, the glance in the status bar (your score, who
// is to play, the clocks), the clocks ticking, and the end screen's breakdown of each score.
import { h, seatChip, whose } from "./dom.js";

/**
 * The scores so far: the result's once the game is over, else the view's.
 * @param {any} msg a table update
 * @returns {number[]}
 */
function scoresOf(msg) {
  return (msg.table.result && msg.table.result.scores) || (msg.view && msg.view.scores) || [];
}

/**
 * A seat's clock, filled in by tickClocks() (nothing at a table without clocks).
 * @param {any} msg
 * @param {number} seat
 * @param {string} title
 */
function clockCell(msg, seat, title) {
  return msg.table.clock ? h("span", { class: "clock", dataset: { seat }, title }, "") : null;
}

/**
 * The score sheet: each player (to play, you, a bot now, the clock under the name), the
 * score and the game's own columns (its board's ``scoreSheet``).
 * @param {import("./boards.js").Board} board
 * @param {any} msg
 * @param {string[]} names
 */
export function scoreSheet(board, msg, names) {
  const view = msg.view;
  const extra = view && board.scoreSheet ? board.scoreSheet(view, names, msg) : null;
  const scores = scoresOf(msg);
  const active = msg.active || [];
  const head = ["Player", "Score", ...(extra ? extra.head : [])];
  // Notes and the clock go under the name, not in columns of their own: the sheet is narrow.
  const rows = msg.table.seats.map((/** @type {any} */ s, /** @type {number} */ i) => {
    const notes = [i === msg.seat ? "you" : null, s.zombie ? "bot now" : null].filter(Boolean).join(", ");
    const toPlay = active.includes(i) ? h("span", { class: "to-play", title: "to play" }, "▶ ") : null;
    const under = notes || msg.table.clock
      ? h("div", { class: "hint player-notes" }, notes, clockCell(msg, i, "clock")) : null;
    const cells = [
      h("td", { class: "player" }, toPlay, seatChip(i, names[i]), under),
      h("td", { class: "num score" }, scores[i] ?? "–"),
      ...(extra ? extra.rows[i].map((c) => h("td", { class: typeof c === "number" ? "num" : "" }, c)) : []),
    ];
    return h("tr", { class: active.includes(i) ? "active" : "" }, cells);
  });
  return [h("h2", {}, "Score sheet"),
    h("div", { class: "sheet-box" }, h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, c)))), h("tbody", {}, rows))),
    extra && extra.note ? h("p", { class: "hint" }, extra.note) : null];
}

/**
 * The status bar's glance: your score and clock, and who is to play with their clocks.
 * @param {any} msg
 * @param {string[]} names
 */
export function glance(msg, names) {
  const scores = scoresOf(msg);
  const active = msg.table.status === "playing" ? msg.active || [] : [];
  /** @param {number} seat */
  const clock = (seat) => clockCell(msg, seat, `${whose(names[seat])} clock`);
  const me = msg.seat === null ? h("span", { id: "status-me" }, "Watching")
    : h("span", { id: "status-me", class: "glance-me" }, seatChip(msg.seat, "You"), ": ",
      h("b", {}, scores[msg.seat] ?? "–"), " pts ", active.includes(msg.seat) ? null : clock(msg.seat));
  const toPlay = active.map((/** @type {number} */ s) =>
    [seatChip(s, s === msg.seat ? "You" : names[s], { class: "glance-name" }), " ", clock(s)]);
  return [me, active.length ? h("span", { id: "status-turn", class: "glance-turn" }, "▶ ", toPlay) : null];
}

/**
 * Each clock under ``root`` set to its seat's time left, the running one counted down from
 * the server's time of the last update.
 * @param {Element} root
 * @param {any} msg the last update
 */
export function tickClocks(root, msg) {
  if (!msg || !msg.table.clock || !msg.clock) return;
  const drift = msg.clock.now - Date.now() / 1000;
  for (const cell of root.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(/** @type {HTMLElement} */ (cell).dataset.seat);
    let left = msg.table.seats[seat].clock;
    if (left === null || left === undefined) continue;
    const running = (msg.active || []).includes(seat) && msg.table.status === "playing";
    if (running) left -= Date.now() / 1000 + drift - msg.clock.since;
    left = Math.max(0, left);
    cell.textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
  }
}

/**
 * The end screen's score breakdown: the board's own parts, or every per-seat number of the
 * result's details (a list of per-seat lists gives one part each, e.g. rounds).
 * @param {import("./boards.js").Board} board
 * @param {any} result
 * @param {any} view
 * @param {number} seats
 * @returns {{head: string[], rows: any[][], note?: string} | null}
 */
export function breakdown(board, result, view, seats) {
  const details = result.details || {};
  if (board.breakdown) return board.breakdown(details, view, seats);
  /** @type {string[]} */
  const head = [];
  /** @type {number[][]} */
  const columns = [];
  /** @param {unknown} v */
  const perSeat = (v) => Array.isArray(v) && v.length === seats && v.every((x) => typeof x === "number");
  for (const [key, value] of Object.entries(details)) {
    const label = key.replace(/_/g, " ");
    if (perSeat(value)) {
      head.push(label);
      columns.push(value);
    } else if (Array.isArray(value) && value.length && value.every(perSeat)) {
      value.forEach((v, i) => { head.push(`${label} ${i + 1}`); columns.push(v); });
    }
  }
  if (!head.length) return null;
  return { head, rows: Array.from({ length: seats }, (_, seat) => columns.map((c) => c[seat])) };
}

/**
 * The breakdown as a table with a row per part and a column per player (it fits a phone),
 * the players in ``order``.
 * @param {{head: string[], rows: any[][]}} parts
 * @param {{seat: number, score: number}[]} order
 * @param {string[]} names
 */
export function breakdownTable(parts, order, names) {
  const row = (/** @type {string} */ label, /** @type {(r: any) => import("./dom.js").Kid} */ cell, cls = "num") =>
    h("tr", {}, h("th", { scope: "row" }, label), order.map((r) => h("td", { class: cls }, cell(r))));
  const total = row("Total", (r) => r.score, "num score");
  total.classList.add("total");
  return h("div", { class: "sheet-box" }, h("table", { class: "score-table breakdown", id: "end-breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}, "Score from"),
      order.map((r) => h("th", { class: "num" }, seatChip(r.seat, names[r.seat]))))),
    h("tbody", {}, parts.head.map((label, i) => row(label, (r) => parts.rows[r.seat][i])), total)));
}
