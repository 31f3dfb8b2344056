// @ts-check
// The table's move log: a line for each change (a seat taken, a move, an undo, a bot taking a
// seat over), each marked with the player who made it. A move's lines are the server's `said`,
// the game's own sentences for its events: the page words no event of a game.
import { h, seatMark, thoughtText } from "./dom.js";
import { zombieReason } from "./seats.js";

/** The log keeps this many lines; older ones go. */
const KEPT = 400;

/**
 * A change's lines (the table's own changes in the page's words, a move in the game's).
 * @param {any} change an update's change
 * @param {string[]} names
 * @returns {string[]}
 */
export function changeLines(change, names) {
  /** @param {number | null | undefined} seat */
  const who = (seat) => (typeof seat === "number" ? names[seat] || `Seat ${seat + 1}` : "");
  switch (change.kind) {
    case "created":
      return [change.started ? "The table is set: the game begins." : "The table was made; waiting for players."];
    case "joined":
      return [`${change.name} sat down${change.started ? "; the game begins" : ""}.`];
    case "undo":
      return [`${who(change.seat)} took back a move.`];
    case "zombie":
      return [`A bot (${change.bot}) plays for ${who(change.seat)} from now on (${zombieReason(change.reason)}).`];
    case "move":
      return change.said && change.said.length ? change.said : [`${who(change.seat)} moved.`];
    default:
      return [];
  }
}

export class MoveLog {
  constructor() {
    // Scrollable: keyboard users reach it.
    this.list = h("ol", { class: "log-list", tabindex: 0, "aria-label": "Moves so far" });
    this.box = h("section", { id: "log", class: "panel" }, h("h2", {}, "Moves"), this.list);
  }

  clear() {
    this.list.replaceChildren();
  }

  /**
   * @param {any} change
   * @param {string[]} names
   */
  add(change, names) {
    const mark = typeof change.seat === "number" ? change.seat : null;
    const items = changeLines(change, names).map((line) =>
      h("li", { class: `log-${change.kind}` }, mark === null ? null : seatMark(mark), " ", line));
    // A bot's move says how long the bot thought (CPU time on the server), on the move's own
    // line: the first; the lines after it tell what followed (a claim, a round's end).
    if (items.length && typeof change.thought_ms === "number") {
      items[0].append(h("span", { class: "thought" }, ` · ${thoughtText(change.bot || "the", change.thought_ms)}`));
    }
    this.list.append(...items);
    while (this.list.children.length > KEPT) this.list.firstChild?.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }
}
