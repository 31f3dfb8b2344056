// Pieces shared by the game pages.
import { h, seatMark } from "../dom.js";

export function who(event, names) {
  return typeof event.seat === "number" ? names[event.seat] ?? `Seat ${event.seat + 1}` : "";
}

/** A per-seat list of marks, e.g. counts on a card: ▲2 ●1. */
export function marks(counts) {
  return counts.map((n, seat) => (n ? seatMark(seat, n) : null));
}

export function section(title, ...kids) {
  return h("div", { class: "area" }, h("h3", {}, title), ...kids);
}
