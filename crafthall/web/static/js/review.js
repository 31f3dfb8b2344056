// @ts-check
// Hints while playing and the review of a finished game (docs/web.md, "Hints and reviews").
// The table page calls hintButton() and reviewButton() from its tool bar; everything else
// lives here.
import { api } from "./api.js";
import { h, s, replace, button, seatChip, seatStyle } from "./dom.js";

/**
 * What of the table page the hint and review buttons use: its root, its tool bar, the results
 * card, the table's id, the seat's token and the last update.
 * @typedef {object} ToolHost
 * @property {HTMLElement} root
 * @property {HTMLElement} tools
 * @property {HTMLElement} end
 * @property {string} id
 * @property {string | null} token
 * @property {any} last
 */

/** @param {number} value a share, 0 to 1 */
const percent = (value) => `${Math.round(100 * value)}%`;
/** @param {number} value */
const signed = (value) => (value > 0 ? `+${value}` : `${value}`);

/**
 * Hints are offered to a seat at its turn where the table's `hints` setting allows them;
 * without one, where every other seat is a bot (the server refuses them elsewhere).
 * @param {ToolHost} page
 * @param {any} msg the table's last update
 */
export function hintButton(page, msg) {
  // Hints are for the position they were asked in: any move makes them stale.
  const shown = /** @type {HTMLElement | null} */ (page.root.querySelector("#hint-panel"));
  if (shown && Number(shown.dataset.version) !== msg.table.version) shown.remove();
  const seat = msg.seat;
  if (seat === null || !page.token || !(msg.active || []).includes(seat)) return null;
  const allowed = msg.table.hints
    ?? msg.table.seats.every((/** @type {any} */ other, /** @type {number} */ i) => i === seat || other.kind === "bot");
  if (!allowed) return null;
  const title = "Good moves now, judged from what you can see";
  return button("Hint", (e) => showHints(page, e.currentTarget), { id: "hint", class: "ghost", title });
}

/**
 * One hint: the words it plays (or its label), its value now, the search's chance, its effects.
 * @param {any} one
 */
function hintLine(one) {
  const effects = Object.entries(one.effects)
    .map(([k, v]) => `${k.replace("score_table.", "")} ${signed(/** @type {number} */ (v))}`).join(", ");
  return h("li", {},
    h("b", {}, one.words.length ? one.words.map((/** @type {string} */ w) => w.toUpperCase()).join(", ") : one.label),
    one.words.length ? h("span", { class: "hint" }, ` ${one.label}`) : null,
    ` · value now ${one.immediate} · chance ${percent(one.estimate)}`,
    effects ? h("span", { class: "hint" }, " · ", effects) : null);
}

/**
 * @param {ToolHost} page
 * @param {HTMLButtonElement} anchor
 */
async function showHints(page, anchor) {
  let panel = /** @type {HTMLElement | null} */ (page.root.querySelector("#hint-panel"));
  if (!panel) {
    panel = h("section", { id: "hint-panel", class: "panel", "aria-live": "polite" });
    page.tools.closest(".status-bar")?.after(panel);
  }
  anchor.disabled = true;
  replace(panel, h("p", {}, "Looking for good moves…"));
  try {
    const data = await api.hints(page.id, page.token);
    if (page.last && page.last.table.version !== data.version) {
      panel.remove(); // someone moved meanwhile
      return;
    }
    panel.dataset.version = String(data.version);
    const close = button("Close", () => panel.remove(), { class: "ghost small", id: "hint-close" });
    const about = h("span", { class: "hint" }, "(from what you can see; the chance is a bot's estimate)");
    const list = data.hints.length ? h("ol", { class: "hint-list" }, data.hints.map(hintLine)) : null;
    replace(panel, h("h2", {}, "Hints ", about), list || h("p", {}, "No move to suggest now."), close);
  } catch (err) {
    replace(panel, h("p", {}, err.message), button("Close", () => panel.remove(), { class: "ghost small" }));
  } finally {
    anchor.disabled = false;
  }
}

const REVIEW_TITLE = "Every move against the best one its player could have made";

/**
 * @param {ToolHost} page
 * @param {string} [id] the button's id
 */
export function reviewButton(page, id = "review-button") {
  return button("Review", () => {
    page.end.hidden = true; // the results card, if it is open
    showReview(page.root.querySelector(".table-page"), () => api.review(page.id));
  }, { id, class: "ghost", title: REVIEW_TITLE });
}

/**
 * The replay page's button: a finished table's review, or an uploaded record's.
 * @param {{table?: string, upload?: string}} source
 */
export function replayReviewButton(source) {
  const load = () => (source.table ? api.review(source.table) : api.uploadReview(source.upload));
  const show = () => showReview(document.querySelector(".table-page"), load);
  return button("Review", show, { id: "review-button", class: "ghost", title: REVIEW_TITLE });
}

/**
 * The review in an overlay on ``host``; ``load`` asks the server, again while it works.
 * @param {Element} host
 * @param {() => Promise<any>} load
 */
async function showReview(host, load) {
  let box = /** @type {HTMLElement | null} */ (host.querySelector("#review"));
  if (!box) {
    box = h("div", { id: "review", class: "end-screen" });
    host.append(box);
  }
  box.hidden = false;
  const card = h("div",
    { class: "end-card", role: "dialog", "aria-labelledby": "review-title", style: { maxWidth: "48rem" } });
  replace(box, card);
  const close = () => button("Close", () => { box.hidden = true; }, { id: "review-close" });
  try {
    for (;;) {
      const data = await load();
      if (data.status === "done") {
        drawReview(card, data.review, data.review.seats, close());
        return;
      }
      replace(card, h("h2", { id: "review-title" }, "Review"), h("p", { id: "review-wait" }, waiting(data)), close());
      await new Promise((done) => setTimeout(done, 1500));
      if (box.hidden) return;
    }
  } catch (err) {
    replace(card, h("h2", { id: "review-title" }, "Review"), h("p", {}, err.message), close());
  }
}

/**
 * What a review still running says: where it stands in the server's queue, and how long it
 * should take (the server's own estimate, "about 40 s"). Closing the review cancels it.
 * @param {any} data a 202 answer of the review
 */
function waiting(data) {
  const what = "Reviewing the game: a bot replays each move from its player's view";
  if (!data.estimate) return `${what}…`;
  const done = data.parts ? ` ${Math.round((100 * data.done) / data.parts)}% done;` : "";
  const queue = data.place > 0 ? ` ${data.place} ${data.place === 1 ? "job" : "jobs"} ahead of it;` : "";
  return `${what}.${done}${queue} ready in ${data.estimate}.`;
}

/**
 * Each player's chance after each of their moves, as lines over the game.
 * @param {any} review
 */
function chart(review) {
  const last = Math.max(1, review.moves.length - 1);
  const width = 480;
  const height = 120;
  /** @param {number} index */
  const x = (index) => (index / last) * width;
  /** @param {number} value */
  const y = (value) => height - value * height;
  /** @param {[number, number][]} course */
  const points = (course) => course.map(([index, value]) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const label = "Each player's chance through the game";
  const box = { viewBox: `0 0 ${width} ${height}`, width: "100%" };
  return s("svg", { ...box, role: "img", "aria-label": label, class: "review-chart" },
    s("line", { x1: 0, x2: width, y1: y(0.5), y2: y(0.5), stroke: "#bbb", "stroke-dasharray": "4 4" }),
    review.summary.map((/** @type {any} */ seat) => s("polyline", {
      fill: "none", stroke: seatStyle(seat.seat).colour, "stroke-width": 2, points: points(seat.course),
    })));
}

/**
 * A word game's turn: the best words the player had, folded away until opened.
 * @param {any} move
 */
function bestWords(move) {
  if (!move.words || !move.words.length) return null;
  /** @param {any} w */
  const details = (w) => [
    w.cubes === null ? null : `${w.cubes} cubes`,
    ...w.achievements.map((/** @type {string} */ a) => `+${a}`),
    `value now ${signed(w.immediate)}`,
  ].filter(Boolean).join(" · ");
  return h("details", { class: "review-words" },
    h("summary", {}, `Best words (${move.words.length})`),
    h("ol", { style: { minWidth: "16rem" } }, move.words.map((/** @type {any} */ w) =>
      h("li", {}, h("b", {}, w.word), h("span", { class: "hint" }, ` ${details(w)}`)))));
}

/** @param {string[]} cells */
const headRow = (cells) => h("thead", {}, h("tr", {}, cells.map((c) => h("th", {}, c))));

/**
 * Each player's line: accuracy, share lost a move, biggest misses, best move.
 * @param {any} review
 * @param {string[]} names
 */
function summaryTable(review, names) {
  /** @param {number} i a move's index */
  const moveText = (i) => `move ${i + 1}`;
  return h("table", { class: "score-table", id: "review-summary" },
    headRow(["Player", "Accuracy", "Lost a move", "Biggest misses", "Best move"]),
    h("tbody", {}, review.summary.map((/** @type {any} */ seat) => h("tr", {},
      h("td", { class: "player" }, seatChip(seat.seat, names[seat.seat] || seat.name)),
      h("td", { class: "num" }, `${Math.round(seat.accuracy)}%`),
      h("td", { class: "num" }, percent(seat.mean_lost)),
      h("td", {}, seat.misses.map(moveText).join(", ") || "none"),
      h("td", {}, seat.best_move === null ? "–" : moveText(seat.best_move))))));
}

/**
 * Every move beside the best one its player could have made.
 * @param {any} review
 */
function movesTable(review) {
  return h("table", { class: "score-table", id: "review-moves" },
    headRow(["#", "Played", "Best", "Lost"]),
    h("tbody", {}, review.moves.map((/** @type {any} */ move) => h("tr", { class: move.lost > 0.02 ? "miss" : "" },
      h("td", { class: "num" }, move.index + 1),
      h("td", {}, seatChip(move.seat, ""), " ", move.played),
      h("td", {}, move.forced ? "forced" : move.lost > 0 && move.best ? move.best.label : "✓ best", bestWords(move)),
      h("td", { class: "num" }, move.forced ? "" : percent(move.lost))))));
}

/**
 * @param {HTMLElement} card
 * @param {any} review
 * @param {string[]} names
 * @param {HTMLElement} close
 */
function drawReview(card, review, names, close) {
  const turning = review.turning_point === null ? null : review.moves[review.turning_point];
  replace(card,
    h("h2", { id: "review-title" }, "Review"),
    summaryTable(review, names),
    turning && turning.best ? h("p", { id: "review-turn" },
      `The game turned at move ${turning.index + 1}: ${turning.played.replace(/\.$/, "")}. `,
      h("b", {}, turning.best.label), ` was worth ${percent(turning.lost)} more to ${names[turning.seat]}.`) : null,
    chart(review),
    h("div", { class: "sheet-box", style: { maxHeight: "40vh", overflowY: "auto" } }, movesTable(review)),
    h("div", { class: "end-actions" }, close));
}
