// A refused move's sentence, shown next to the control that made it (one at a time).
import { h, icon } from "./dom.js";

export function showRefusal(anchor, message) {
  for (const old of document.querySelectorAll(".refusal.live")) old.remove();
  const note = h("p", { class: "refusal live", role: "alert" }, h("span", { class: "refusal-icon", "aria-hidden": "true" }, icon("stop"), " "), message);
  if (anchor && anchor.isConnected) anchor.after(note);
  else document.getElementById("board")?.prepend(note);
  note.scrollIntoView({ block: "nearest", behavior: "smooth" });
  return note;
}

export function clearRefusals() {
  for (const old of document.querySelectorAll(".refusal.live")) old.remove();
}
