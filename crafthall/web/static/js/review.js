// @ts-check
// Hints while playing and the review of a finished game (docs/web.md, "Hints and reviews"),
// each move in the game's own words and drawn on the game's own board. The table page calls
// hintButton() and reviewButton() from its tool bar; everything else lives here.
import { api } from "./api.js";
import { h, s, replace, button, seatChip, seatMark, seatStyle, plural } from "./dom.js";
import { openBoard } from "./boards.js";

/**
 * What of the table page the hint and review buttons use: its root, its tool bar, the results
 * card, the table's id, the seat's token, the last update and its board (a hint lights up its
 * move there).
 * @typedef {object} ToolHost
 * @property {HTMLElement} root
 * @property {HTMLElement} tools
 * @property {HTMLElement} end
 * @property {string} id
 * @property {string | null} token
 * @property {any} last
 * @property {import("./boards.js").Board & {highlight?: (action: any) => void}} board
 */

/** @param {number} value a share, 0 to 1 */
const percent = (value) => `${Math.round(100 * value)}%`;
/** @param {number} value */
const signed = (value) => (value > 0 ? `+${value}` : `${value}`);

/**
 * The hint panel and the board's light go together: closing one puts out the other.
 * @param {ToolHost} page
 * @param {HTMLElement} panel
 */
function closeHints(page, panel) {
  panel.remove();
  page.board.highlight?.(null);
}

/**
 * Hints are offered to a seat at its turn where the table's `hints` setting allows them;
 * without one, where every other seat is a bot (the server refuses them elsewhere).
 * @param {ToolHost} page
 * @param {any} msg the table's last update
 */
export function hintButton(page, msg) {
  // Hints are for the position they were asked in: any move makes them stale.
  const shown = /** @type {HTMLElement | null} */ (page.root.querySelector("#hint-panel"));
  if (shown && Number(shown.dataset.version) !== msg.table.version) closeHints(page, shown);
  const seat = msg.seat;
  if (seat === null || !page.token || !(msg.active || []).includes(seat)) return null;
  const allowed = msg.table.hints
    ?? msg.table.seats.every((/** @type {any} */ other, /** @type {number} */ i) => i === seat || other.kind === "bot");
  if (!allowed) return null;
  const title = "Good moves now, judged from what you can see";
  return button("Hint", (e) => showHints(page, e.currentTarget), { id: "hint", class: "ghost", title });
}

/**
 * One hint: the move as the game's log would say it (a button that lights it up on the board),
 * the search's chance for it and its effects worth a word.
 * @param {any} one
 * @param {(button: HTMLButtonElement) => void} light
 */
function hintLine(one, light) {
  const move = button(one.said || one.label, (e) => light(e.currentTarget),
    { class: "hint-move", "aria-pressed": "false", dataset: { action: JSON.stringify(one.action) } });
  const gains = (one.gains || []).join(", ");
  return h("li", {}, move,
    h("span", { class: "hint" }, ` chance ${percent(one.estimate)}`, gains ? ` · ${gains}` : null));
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
  const box = panel;
  anchor.disabled = true;
  replace(box, h("p", {}, "Looking for good moves…"));
  try {
    const data = await api.hints(page.id, page.token);
    if (page.last && page.last.table.version !== data.version) {
      closeHints(page, box); // someone moved meanwhile
      return;
    }
    box.dataset.version = String(data.version);
    /** @param {HTMLButtonElement} chosen */
    const light = (chosen) => {
      for (const other of box.querySelectorAll(".hint-move")) {
        other.setAttribute("aria-pressed", String(other === chosen));
      }
      page.board.highlight?.(JSON.parse(chosen.dataset.action || "null"));
    };
    const close = button("Close", () => closeHints(page, box), { class: "ghost small", id: "hint-close" });
    const about = h("span", { class: "hint" },
      "(from what you can see; the chance is a bot's estimate; pick one to see it on the board)");
    const lines = data.hints.map((/** @type {any} */ one) => hintLine(one, light));
    const list = lines.length ? h("ol", { class: "hint-list" }, lines) : null;
    replace(box, h("h2", {}, "Hints ", about), list || h("p", {}, "No move to suggest now."), close);
    const first = /** @type {HTMLButtonElement | null} */ (box.querySelector(".hint-move"));
    if (first) light(first); // the best one is lit at once
  } catch (err) {
    replace(box, h("p", {}, err.message), button("Close", () => closeHints(page, box), { class: "ghost small" }));
  } finally {
    anchor.disabled = false;
  }
}

const REVIEW_TITLE = "Every move against the best one its player could have made";

/**
 * Where a review comes from: the review itself (asked again while it runs, for the moves from
 * ``since`` on) and the position before each move, as a player saw it (a replay step).
 * @typedef {object} ReviewSource
 * @property {(since: number) => Promise<any>} load
 * @property {(move: number, seat: number | null) => Promise<any>} step
 */

/**
 * @param {ToolHost} page
 * @param {string} [id] the button's id
 */
export function reviewButton(page, id = "review-button") {
  /** @type {ReviewSource} */
  const source = {
    load: (since) => api.review(page.id, since),
    step: (move, seat) => api.replay(page.id, move, seat),
  };
  return button("Review", () => {
    page.end.hidden = true; // the results card, if it is open
    showReview(/** @type {HTMLElement} */ (page.root.querySelector(".table-page")), source);
  }, { id, class: "ghost", title: REVIEW_TITLE });
}

/**
 * The replay page's button: a finished table's review, or an uploaded record's.
 * @param {{table?: string, upload?: string}} from
 */
export function replayReviewButton(from) {
  const table = from.table || "";
  const upload = from.upload || "";
  /** @type {ReviewSource} */
  const source = table
    ? { load: (since) => api.review(table, since), step: (move, seat) => api.replay(table, move, seat) }
    : { load: (since) => api.uploadReview(upload, since), step: (move, seat) => api.uploaded(upload, move, seat) };
  const show = () => showReview(/** @type {HTMLElement} */ (document.querySelector(".table-page")), source);
  return button("Review", show, { id: "review-button", class: "ghost", title: REVIEW_TITLE });
}

/**
 * The page's own board steps aside while the review shows its own: one #board on the page (the
 * games' styles address it by that id), and nothing of the page behind the review in the way.
 * Returns what puts it back.
 * @param {HTMLElement} host
 */
function setAside(host) {
  const own = host.querySelector("#board:not(.review-board)");
  if (!own) return () => {};
  const mark = document.createComment("the board, while the review shows its own");
  own.replaceWith(mark);
  return () => mark.replaceWith(own);
}

/**
 * The page behind a dialog, out of reach (of the keyboard, of screen readers) while it is open:
 * every element beside the dialog's line of ancestors. Returns what brings it back.
 * @param {HTMLElement} dialog
 */
function behind(dialog) {
  /** @type {HTMLElement[]} */
  const made = [];
  for (let el = dialog; el.parentElement && el !== document.body; el = el.parentElement) {
    for (const other of el.parentElement.children) {
      if (other !== el && other instanceof HTMLElement && !other.inert) {
        other.inert = true;
        made.push(other);
      }
    }
  }
  return () => made.forEach((el) => { el.inert = false; });
}

/**
 * The review in an overlay on ``host``; it asks the server again while the review runs and
 * shows each move as soon as it is reviewed.
 * @param {HTMLElement} host
 * @param {ReviewSource} source
 */
async function showReview(host, source) {
  let box = /** @type {HTMLElement | null} */ (host.querySelector("#review"));
  if (!box) {
    box = h("div", { id: "review", class: "end-screen" });
    host.append(box);
  }
  const overlay = box;
  overlay.hidden = false;
  const opener = document.activeElement;
  const putBack = setAside(host);
  const bringBack = behind(overlay);
  const close = () => {
    overlay.hidden = true;
    replace(overlay);
    bringBack();
    putBack();
    // Back where it was opened; from the end screen, hidden meanwhile, to the tool bar's Review.
    if (opener instanceof HTMLElement) opener.focus();
    const again = /** @type {HTMLElement | null} */ (host.querySelector("#review-button"));
    if (document.activeElement !== opener) again?.focus();
  };
  const view = new ReviewView(source, close);
  replace(overlay, view.card);
  view.card.focus(); // the arrow keys step through the moves at once
  try {
    for (;;) {
      const data = await source.load(view.moves.length);
      if (overlay.hidden || !view.card.isConnected) return; // closed meanwhile
      if (data.status === "done") {
        view.done(data.review);
        return;
      }
      view.running(data);
      await new Promise((done) => setTimeout(done, 1500));
      if (overlay.hidden || !view.card.isConnected) return;
    }
  } catch (err) {
    view.failed(err.message);
  }
}

/**
 * What a review still running says: where it stands in the server's queue, and how long it
 * should take (the server's own estimate, "about 40 s"). Closing the review cancels it.
 * @param {any} data a 202 answer of the review
 * @param {number} shown the moves shown already
 */
function waiting(data, shown) {
  const what = "Reviewing the game: a bot replays each move from its player's view";
  const so = shown ? ` The first ${plural(shown, "move")} are below.` : "";
  if (!data.estimate) return `${what}…${so}`;
  const done = data.parts ? ` ${Math.round((100 * data.done) / data.parts)}% done;` : "";
  const queue = data.place > 0 ? ` ${data.place} ${data.place === 1 ? "job" : "jobs"} ahead of it;` : "";
  return `${what}.${done}${queue} ready in ${data.estimate}.${so}`;
}

const CHART = { width: 480, height: 170, left: 44, right: 10, top: 10, bottom: 40 };

/**
 * Each player's chance after each of their moves, as lines over the game, with its axes (the
 * move, the chance from 0% to 100%).
 * @param {any} review
 */
function chart(review) {
  const { width, height, left, right, top, bottom } = CHART;
  const count = Math.max(1, review.moves.length);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  /** @param {number} index a move's index */
  const x = (index) => left + (count === 1 ? 0 : (index / (count - 1)) * plotW);
  /** @param {number} value */
  const y = (value) => top + plotH - value * plotH;
  /** @param {[number, number][]} course */
  const points = (course) => course.map(([index, value]) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const moveTicks = [...new Set([0, Math.floor((count - 1) / 2), count - 1])];
  const text = { fill: "currentColor", "font-size": 12 };
  const box = { viewBox: `0 0 ${width} ${height}`, width: "100%", class: "review-chart", id: "review-chart" };
  const middle = top + plotH / 2;
  return s("svg", { ...box, role: "img", "aria-label": review.reading },
    s("line", { class: "axis", x1: left, x2: left, y1: top, y2: top + plotH }),
    s("line", { class: "axis", x1: left, x2: left + plotW, y1: top + plotH, y2: top + plotH }),
    [0, 0.5, 1].map((value) => [
      s("line", { class: "grid", x1: left, x2: left + plotW, y1: y(value), y2: y(value) }),
      s("text", { ...text, class: "tick y-tick", x: left - 6, y: y(value) + 4, "text-anchor": "end" }, percent(value)),
    ]),
    moveTicks.map((index) => s("text",
      { ...text, class: "tick x-tick", x: x(index), y: top + plotH + 16, "text-anchor": "middle" }, String(index + 1))),
    s("text", { ...text, class: "axis-title", x: left + plotW / 2, y: height - 4, "text-anchor": "middle" }, "Move"),
    s("text", { ...text, class: "axis-title", x: 12, y: middle, "text-anchor": "middle",
      transform: `rotate(-90 12 ${middle})` }, "Chance"),
    review.summary.map((/** @type {any} */ seat) => s("polyline", {
      fill: "none", stroke: seatStyle(seat.seat).colour, "stroke-width": 2.5, points: points(seat.course),
      "stroke-dasharray": seat.seat % 2 ? "6 3" : null, dataset: { seat: seat.seat },
    })));
}

/**
 * The chart's legend: each player's line, in its colour and dash.
 * @param {any} review
 * @param {string[]} names
 */
function legend(review, names) {
  return h("ul", { class: "review-legend", id: "review-legend" }, review.summary.map((/** @type {any} */ seat) =>
    h("li", {},
      s("svg", { width: 28, height: 10, "aria-hidden": "true" }, s("line", {
        x1: 0, x2: 28, y1: 5, y2: 5, stroke: seatStyle(seat.seat).colour, "stroke-width": 3,
        "stroke-dasharray": seat.seat % 2 ? "6 3" : null,
      })),
      " ", names[seat.seat] || seat.name)));
}

/**
 * A word game's turn: the best words the player had (the best move's first), folded away
 * until opened.
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
    h("ol", {}, move.words.map((/** @type {any} */ w) =>
      h("li", {}, h("b", {}, w.word), h("span", { class: "hint" }, ` ${details(w)}`)))));
}

/** @param {string[]} cells */
const headRow = (cells) => h("thead", {}, h("tr", {}, cells.map((c) => h("th", { scope: "col" }, c))));

/** @param {number} i a move's index */
const moveText = (i) => `move ${i + 1}`;

/**
 * Each player's line: accuracy, value lost a move and good moves (the two figures are defined
 * together: accuracy is 100% minus the value lost a move), then the biggest misses and best move.
 * @param {any} review
 * @param {string[]} names
 */
function summary(review, names) {
  const table = h("table", { class: "score-table", id: "review-summary" },
    headRow(["Player", "Accuracy", "Lost a move", "Good moves"]),
    h("tbody", {}, review.summary.map((/** @type {any} */ seat) => h("tr", {},
      h("td", { class: "player" }, seatChip(seat.seat, names[seat.seat] || seat.name)),
      h("td", { class: "num accuracy" }, `${Math.round(seat.accuracy)}%`),
      h("td", { class: "num lost" }, percent(seat.mean_lost)),
      h("td", { class: "num" }, `${seat.good} of ${seat.moves}`)))));
  const notes = h("ul", { class: "review-notes" }, review.summary.map((/** @type {any} */ seat) => h("li", {},
    `${names[seat.seat] || seat.name}: `,
    seat.misses.length ? `biggest misses at ${seat.misses.map(moveText).join(", ")}` : "no miss",
    seat.best_move === null ? "." : `; best move: ${moveText(seat.best_move)}.`)));
  const about = h("p", { class: "hint" },
    "Lost a move: how much of a player's chance a move gave away against the best one, on average. "
    + "Accuracy: 100% minus that. A good move lost no more than 2%.");
  return [table, notes, about];
}

/** @param {any} move */
function bestText(move) {
  if (move.forced) return "the only legal move";
  if (!move.best) return "–";
  return move.best.said || move.best.label;
}

/**
 * A review on screen: the position of the move shown on the game's own board (the played move
 * drawn dashed, the best one lit), stepping with buttons and the arrow keys; while the review
 * runs, the moves reviewed so far; once done, the summary and the chart above.
 */
class ReviewView {
  /**
   * @param {ReviewSource} source
   * @param {() => void} close
   */
  constructor(source, close) {
    this.source = source;
    /** @type {any[]} */
    this.moves = [];
    /** @type {any} */
    this.review = null;
    this.at = 0;
    /** @type {Awaited<ReturnType<typeof openBoard>> | null} */
    this.opened = null;
    this.mounted = false;
    this.asked = 0; // the last step asked for: an older answer is dropped
    this.head = h("div", { class: "review-head" });
    this.wait = h("p", { id: "review-wait", role: "status" });
    this.counter = h("span", { class: "review-count", id: "review-count" });
    this.caption = h("div", { class: "review-caption", id: "review-caption", "aria-live": "polite" });
    this.boardBox = h("section",
      { id: "board", class: "board review-board", "aria-label": "The position before the move", tabindex: "0" });
    this.prev = button("◀ Previous", () => this.show(this.at - 1), { id: "review-prev", title: "Previous move (←)" });
    this.next = button("Next ▶", () => this.show(this.at + 1), { id: "review-next", title: "Next move (→)" });
    this.position = h("section",
      { class: "review-position", id: "review-position", hidden: true, "aria-label": "Move by move" },
      h("div", { class: "review-stepper" }, this.prev, this.counter, this.next),
      this.caption, this.boardBox);
    this.table = h("div", { class: "sheet-box review-moves-box" });
    const dialog = { role: "dialog", "aria-modal": "true", "aria-labelledby": "review-title" };
    this.card = h("div", { class: "end-card review-card", tabindex: "-1", ...dialog },
      h("h2", { id: "review-title" }, "Review"), this.head, this.wait, this.position, this.table,
      h("div", { class: "end-actions" }, button("Close", close, { id: "review-close" })));
    this.card.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const onBoard = e.target instanceof Node && e.target !== this.boardBox && this.boardBox.contains(e.target);
      if (onBoard) return; // the board's own keys
      e.preventDefault();
      e.stopPropagation(); // not the replay page's steps underneath
      this.show(this.at + (e.key === "ArrowRight" ? 1 : -1));
    });
  }

  /** @param {any} data a 202 answer: the moves reviewed since the last one shown */
  running(data) {
    const first = !this.moves.length;
    this.moves.push(...(data.moves || []));
    this.wait.textContent = waiting(data, this.moves.length);
    if (!this.moves.length) return;
    this.drawMoves();
    if (first) this.show(0);
    else this.count();
  }

  /** @param {any} review the whole review */
  done(review) {
    const first = !this.moves.length;
    this.review = review;
    this.moves = review.moves;
    this.wait.remove();
    const names = review.seats;
    const turning = review.turning_point === null ? null : review.moves[review.turning_point];
    replace(this.head,
      summary(review, names),
      turning && turning.best ? h("p", { id: "review-turn" },
        `The game turned at move ${turning.index + 1}: ${turning.played.replace(/\.$/, "")}. `,
        h("b", {}, bestText(turning)), ` was worth ${percent(turning.lost)} more to ${names[turning.seat]}.`) : null,
      h("figure", { class: "review-figure" },
        chart(review), legend(review, names),
        h("figcaption", { id: "review-reading" }, review.reading)));
    this.drawMoves();
    if (first) this.show(review.turning_point ?? 0);
    else this.show(this.at);
  }

  /** @param {string} message */
  failed(message) {
    replace(this.head, h("p", { class: "refusal", role: "alert" }, message));
    this.wait.remove();
  }

  /** The table of every move so far, each row a button to its position. */
  drawMoves() {
    const rows = this.moves.map((move, i) => h("tr", {
      class: [move.lost > 0.02 ? "miss" : "", i === this.at ? "current" : ""].join(" ").trim() || null,
      "aria-current": i === this.at ? "true" : null,
    },
    h("td", { class: "num" }, button(String(move.index + 1), () => this.show(i),
      { class: "small ghost review-go", "aria-label": `Show move ${move.index + 1} on the board` })),
    h("td", {}, seatChip(move.seat, ""), " ", move.played),
    h("td", {}, move.forced ? "forced" : move.lost > 0 && move.best ? bestText(move) : "✓ best", bestWords(move)),
    h("td", { class: "num" }, move.forced ? "" : percent(move.lost))));
    replace(this.table, h("table", { class: "score-table", id: "review-moves" },
      headRow(["#", "Played", "Best", "Lost"]), h("tbody", {}, rows)));
  }

  /** Which move is shown, of how many, and whether there is one before and after it. */
  count() {
    const move = this.moves[this.at];
    this.prev.disabled = this.at === 0;
    this.next.disabled = this.at === this.moves.length - 1;
    const total = this.review ? this.review.moves.length : `${this.moves.length} so far`;
    this.counter.textContent = `Move ${move.index + 1} of ${total}`;
  }

  /**
   * The position before move ``i`` (of those reviewed so far), as its player saw it, with the
   * move played and the best one drawn.
   * @param {number} i
   */
  async show(i) {
    if (!this.moves.length) return;
    this.at = Math.max(0, Math.min(this.moves.length - 1, i));
    const move = this.moves[this.at];
    const asked = ++this.asked;
    this.position.hidden = false;
    this.count();
    const rows = [...this.table.querySelectorAll("tbody tr")];
    for (const row of rows) {
      const current = row === rows[this.at];
      row.classList.toggle("current", current);
      if (current) row.setAttribute("aria-current", "true");
      else row.removeAttribute("aria-current");
    }
    let step;
    try {
      step = await this.source.step(move.index, move.seat);
      this.opened ??= await openBoard(step.game);
    } catch (err) {
      replace(this.caption, h("p", { class: "refusal", role: "alert" }, err.message));
      return;
    }
    if (asked !== this.asked) return; // another move was asked for meanwhile
    const names = step.seats.map((/** @type {{name: string}} */ seat) => seat.name);
    this.caption.dataset.move = String(move.index);
    replace(this.caption,
      h("p", { class: "review-played" }, h("span", { class: "swatch played", "aria-hidden": "true" }), " Played: ",
        seatMark(move.seat), " ", move.played),
      h("p", { class: "review-best" }, h("span", { class: "swatch best", "aria-hidden": "true" }), " Best: ",
        move.forced || !move.best || move.lost > 0 ? bestText(move) : "the move played",
        move.forced || move.lost <= 0 ? "" : ` (lost ${percent(move.lost)})`));
    const { board, shared } = this.opened;
    /** @type {import("./boards.js").BoardContext} */
    const ctx = {
      view: step.view, seat: move.seat, active: step.active, legal: null, names, ui: {}, readonly: true,
      myTurn: false, over: false, table: { seats: names.map((name, index) => ({ index, name })), status: "playing" },
      act: async () => ({ type: "error" }),
      ...shared,
    };
    if (!this.mounted) {
      board.mount(this.boardBox, ctx);
      this.mounted = true;
    }
    board.update(ctx);
    drawBoth(/** @type {any} */ (board), this.boardBox, move.action, move.best ? move.best.action : null);
  }
}

/**
 * The move played and the best one on a board that lights up one move at a time (its
 * ``highlight``): the played move's places keep a mark of their own (``review-played``,
 * drawn dashed), the best move's stay lit (``hinted``). A mark the board drew for the played
 * move alone (a cut's line) is kept.
 * @param {{highlight?: (action: any) => void}} board
 * @param {HTMLElement} root
 * @param {any} played
 * @param {any} best
 */
function drawBoth(board, root, played, best) {
  for (const el of root.querySelectorAll(".review-played")) el.classList.remove("review-played");
  if (!board.highlight || !played) return;
  board.highlight(played);
  const marked = [...root.querySelectorAll(".hinted")].map((el) => ({ el, parent: el.parentNode }));
  board.highlight(best);
  for (const { el, parent } of marked) {
    if (!el.isConnected && parent) {
      el.classList.remove("hinted");
      parent.append(el);
    }
    el.classList.add("review-played");
  }
}
