// @ts-check
// The table's tool bar (play as another seat of yours, Hint, Undo, Leave, Results, Review,
// Replay, Lobby) and the panel of a table still waiting for players (the invite links).
import { h, button, seatChip, whose } from "./dom.js";
import { hintButton, reviewButton } from "./review.js";
import { takenOver } from "./seats.js";

/**
 * What of the table page the tool bar uses, besides the hint and review buttons'.
 * @typedef {{seat: number | null, entry: any, switchSeat: (seat: number) => void,
 *   send: (type: string, anchor?: Element | null) => Promise<any>}} ToolPart
 * @typedef {import("./review.js").ToolHost & ToolPart} ToolBarHost
 */

/**
 * A select of the seats this browser holds, and a button to the one whose turn it is.
 * @param {ToolBarHost} page
 * @param {any} msg
 * @param {string[]} names
 * @param {number[]} mine
 */
function seatSwitch(page, msg, names, mine) {
  const select = h("select", { id: "seat-switch", "aria-label": "Play as" },
    mine.map((s) => h("option", { value: s, selected: s === page.seat }, `Play as ${names[s]}`)));
  select.addEventListener("change", () => page.switchSeat(Number(select.value)));
  const active = msg.active || [];
  const waitingOn = active.filter((/** @type {number} */ s) => mine.includes(s) && s !== page.seat);
  const next = waitingOn[0];
  const take = msg.table.status === "playing" && !active.includes(page.seat) && waitingOn.length
    ? button(`${whose(names[next])} turn: take the seat`, () => page.switchSeat(next), { class: "primary small" })
    : null;
  return [select, take];
}

/**
 * The tool bar's controls for update ``msg``.
 * @param {ToolBarHost} page
 * @param {any} msg
 * @param {string[]} names
 */
export function toolBar(page, msg, names) {
  const mine = Object.keys((page.entry && page.entry.tokens) || {}).map(Number);
  const parts = [];
  if (mine.length > 1) parts.push(...seatSwitch(page, msg, names, mine));
  if (msg.seat !== null && msg.table.status === "playing" && !takenOver(msg)) {
    parts.push(hintButton(page, msg));
    if (msg.table.undo) {
      parts.push(button("↶ Undo", (e) => page.send("undo", e.currentTarget),
        { id: "undo", disabled: !msg.can_undo, title: "Take back your last move (while nobody has acted since)" }));
    }
    parts.push(button("Leave", (e) => {
      if (confirm("Leave this game for good? A bot will play your seat.")) page.send("leave", e.currentTarget);
    }, { class: "ghost", title: "Hand your seat to a bot for good" }));
  }
  if (msg.table.status === "finished") {
    parts.push(button("Results", () => { page.end.hidden = false; }, { class: "ghost" }));
    parts.push(reviewButton(page));
    parts.push(h("a", { class: "button ghost", href: `/t/${encodeURIComponent(page.id)}?replay` }, "Replay"));
  }
  parts.push(h("a", { class: "button ghost", href: "/" }, "Lobby"));
  return parts;
}

/**
 * An open seat's invite link, with a button that copies it.
 * @param {number} seat
 * @param {string} url
 */
function inviteLink(seat, url) {
  const link = h("input", {
    class: "invite-link", readonly: true, value: url, "aria-label": `Invite link for seat ${seat + 1}`,
    onfocus: () => link.select(),
  });
  const copy = button("Copy link", async (e) => {
    const btn = e.currentTarget;
    try {
      await navigator.clipboard.writeText(url);
      btn.textContent = "Copied ✓";
    } catch {
      link.select();
      btn.textContent = "Press Ctrl+C";
    }
  }, { class: "small copy-invite" });
  return [link, copy];
}

/**
 * The waiting panel's contents: each seat, and each open seat's invite link this browser has.
 * @param {any} msg
 * @param {string[]} names
 * @param {Record<string, string>} invites each open seat's invite, as this browser remembers it
 */
export function waitingPanel(msg, names, invites) {
  const seatLine = (/** @type {any} */ s, /** @type {number} */ i) => {
    const url = invites[i] ? new URL(invites[i], location.origin).href : null;
    const what = s.kind === "open" && url ? inviteLink(i, url)
      : s.kind === "open" ? h("span", { class: "hint" }, "open (the table's creator has the invite link)")
        : h("span", { class: "hint" }, s.kind === "bot" ? "bot" : "seated");
    return h("li", {}, seatChip(i, names[i]), " ", what);
  };
  return [h("h2", {}, "Waiting for players"),
    h("p", {}, "The game starts when every open seat is taken. Send each friend the invite link of one open seat."),
    h("ul", { class: "invite-list" }, msg.table.seats.map(seatLine))];
}
