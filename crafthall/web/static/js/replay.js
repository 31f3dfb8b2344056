// @ts-check
// Step through a finished game (or an uploaded record) move by move, with the game's own board;
// under the bar, what the last move did in the game's own words (the step's `said`).
import { api } from "./api.js";
import { h, replace, button, seatChip, seatMark, icon, failurePanel } from "./dom.js";
import { openBoard } from "./boards.js";
import { replayReviewButton } from "./review.js";
import { finishedChat, replayChat } from "./chat.js";

/**
 * What the step's move did: the mover's mark and the game's sentences (they name the player
 * already), the mover's name when the game said nothing, or the set-up before the first move.
 * @param {any} step
 * @param {string[]} names
 */
function moveSaid(step, names) {
  if (!step.last) return "The table as it was set.";
  const said = step.said || [];
  const seat = step.last.seat;
  return said.length ? [seatMark(seat), " ", said.join(" ")] : [seatChip(seat, names[seat]), " moved."];
}

/**
 * The replay page of a finished table (``source.table``) or an uploaded record (``source.upload``).
 * @param {HTMLElement} root
 * @param {{table?: string, upload?: string}} source
 */
export async function showReplay(root, source) {
  const upload = source.upload || "";
  const fetchStep = (/** @type {number} */ move, /** @type {number | null} */ seat) =>
    (source.table ? api.replay(source.table, move, seat) : api.uploaded(upload, move, seat));
  const recordUrl = source.table ? `/api/tables/${encodeURIComponent(source.table)}/record`
    : `/api/replays/${encodeURIComponent(upload)}/record`;
  let step;
  let opened;
  try {
    step = await fetchStep(0, null);
    opened = await openBoard(step.game);
  } catch (err) {
    replace(root, failurePanel("Replay", err.message));
    return;
  }
  const { game, board, shared } = opened;
  const chat = replayChat(source.table ? await finishedChat(source.table) : []);
  document.title = `crafthall: replay of ${game.title}`;
  /** @type {HTMLElement} */ (document.getElementById("where")).textContent = `Replay: ${game.title}`;
  const names = step.seats.map((/** @type {{name: string}} */ s) => s.name);
  const boardBox = h("section", { id: "board", class: "board" });
  const slider = h("input",
    { type: "range", min: 0, max: step.moves, value: 0, id: "replay-move", "aria-label": "Move" });
  const counter = h("span", { class: "replay-count" });
  const seatSelect = h("select", { id: "replay-seat", "aria-label": "Seen by" },
    h("option", { value: "" }, "Seen by a spectator"),
    names.map((/** @type {string} */ n, /** @type {number} */ i) => h("option", { value: i }, `Seen by ${n}`)));
  const said = h("p", { class: "replay-events" });
  const table = { seats: names.map((/** @type {string} */ name, /** @type {number} */ index) => ({ index, name })) };
  let move = 0;
  let mounted = false;
  const go = async (/** @type {number} */ to) => {
    move = Math.max(0, Math.min(step.moves, to));
    const seat = seatSelect.value === "" ? null : Number(seatSelect.value);
    try {
      step = await fetchStep(move, seat);
    } catch (err) {
      said.textContent = err.message;
      return;
    }
    slider.value = String(move);
    counter.textContent = `Move ${move} of ${step.moves}`;
    replace(said, moveSaid(step, names));
    chat.show(move);
    /** @type {import("./boards.js").BoardContext} */
    const ctx = {
      view: step.view, seat, active: step.active, legal: null, names, ui: {}, readonly: true, myTurn: false,
      over: Boolean(step.result), table: { ...table, status: step.result ? "finished" : "playing" },
      act: async () => ({ type: "error" }),
      ...shared,
    };
    if (!mounted) {
      board.mount(boardBox, ctx);
      mounted = true;
    }
    board.update(ctx);
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatSelect.addEventListener("change", () => go(move));
  document.addEventListener("keydown", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target instanceof HTMLInputElement && target.type !== "range") return;
    if (e.key === "ArrowRight") go(move + 1);
    if (e.key === "ArrowLeft") go(move - 1);
  });
  replace(root, h("div", { class: `table-page replay game-${step.game}` },
    h("div", { class: "status-bar replay-bar" },
      button(icon("first"), () => go(0), { title: "Start", "aria-label": "Start" }),
      button("◀", () => go(move - 1), { title: "Previous move (←)", "aria-label": "Previous move" }),
      slider,
      button("▶", () => go(move + 1), { title: "Next move (→)", "aria-label": "Next move", id: "replay-next" }),
      button(icon("last"), () => go(step.moves), { title: "End", "aria-label": "End" }),
      counter, seatSelect,
      h("a", { class: "button ghost", href: recordUrl, download: "record.jsonl" }, "Download record"),
      replayReviewButton(source),
      h("a", { class: "button ghost", href: "/" }, "Lobby")),
    said,
    h("div", { class: "table-layout" }, boardBox, chat.panel)));
  go(0);
  // A player page's Review link (?replay&review) opens the review at once.
  if (new URLSearchParams(location.search).has("review")) document.getElementById("review-button")?.click();
}
