// @ts-check
// The top of a table page: the connection's light in the top bar, and the turn banner (whose
// turn, the game's prompt, who you are).
import { h, replace, seatChip } from "./dom.js";
import { takenOver } from "./seats.js";

/**
 * The connection's state in the top bar.
 * @param {"connecting" | "live" | "offline"} state
 * @param {string} text
 */
export function setConn(state, text) {
  const el = document.getElementById("conn");
  if (!el) return;
  el.className = `conn ${state}`;
  el.textContent = state === "live" ? "● live" : state === "offline" ? "○ offline" : "◌ connecting";
  el.title = text;
}

/**
 * Whose turn in words, and the banner's mood ("mine", "over", "zombie" or none).
 * @param {any} msg
 * @param {string[]} names
 * @returns {[string, string]}
 */
function turnText(msg, names) {
  const active = msg.active || [];
  if (msg.table.status === "waiting") return ["Waiting for players to take the open seats.", ""];
  if (msg.table.status === "finished") return ["The game is over.", "over"];
  if (takenOver(msg)) return ["A bot plays your seat now.", "zombie"];
  if (msg.seat !== null && active.includes(msg.seat)) return ["Your turn", "mine"];
  if (active.length) return [`Waiting for ${active.map((/** @type {number} */ s) => names[s]).join(", ")}`, ""];
  return ["…", ""];
}

/**
 * Draw the turn banner for update ``msg``.
 * @param {HTMLElement} banner
 * @param {any} msg
 * @param {string[]} names
 */
export function drawTurn(banner, msg, names) {
  const seat = msg.seat;
  const [text, mood] = turnText(msg, names);
  banner.className = mood ? `turn ${mood}` : "turn";
  const prompt = msg.view && msg.view.prompt;
  replace(banner,
    h("strong", {}, text),
    prompt && msg.table.status === "playing"
      ? h("span", { class: "prompt" }, h("span", { class: "sep" }, " · "), prompt) : null,
    seat === null ? h("span", { class: "watching" }, " · You are watching.")
      : h("span", { class: "you-are" }, " · You: ", seatChip(seat, names[seat])));
}
