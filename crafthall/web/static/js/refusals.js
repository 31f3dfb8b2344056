// @ts-check
// A refused move's sentence, shown next to the control that made it (one at a time).
import { h, icon } from "./dom.js";

/**
 * @param {Element | null | undefined} anchor the control that made the move (gone: the board's top)
 * @param {string} message
 */
export function showRefusal(anchor, message) {
  clearRefusals();
  const mark = h("span", { class: "refusal-icon", "aria-hidden": "true" }, icon("stop"), " ");
  const note = h("p", { class: "refusal live", role: "alert" }, mark, message);
  if (anchor && anchor.isConnected) anchor.after(note);
  else document.getElementById("board")?.prepend(note);
  note.scrollIntoView({ block: "nearest", behavior: "smooth" });
  return note;
}

export function clearRefusals() {
  for (const old of document.querySelectorAll(".refusal.live")) old.remove();
}
