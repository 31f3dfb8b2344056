// @ts-check
// The table's chat (docs/protocol.md, "Chat"): the players' room for a seat, the spectators'
// room for a spectator, short ready-made messages for phones, muting a writer for oneself,
// and the lines of a finished game beside its replay. Every line is text (dom.js makes text
// nodes only), so markup someone writes stays the characters they typed.
import { h, replace, button, seatChip } from "./dom.js";
import { playerName, setPlayerName } from "./api.js";
import { showRefusal, clearRefusals } from "./refusals.js";

/** The event live.js sends for each `chat` message of the server. */
export const CHAT_EVENT = "crafthall-chat";

/** Ready-made messages, one tap each on a phone. */
export const QUICK = ["Hello!", "Good luck", "Your turn", "Thinking...", "One moment", "Nice move!",
  "Good game", "Thanks", "Rematch?"];

/**
 * @typedef {{n: number, room: "players" | "spectators", seat: number | null, name: string,
 *   text: string, move: number, at: number}} ChatLine
 */

/** @param {ChatLine} line whose lines a reader mutes together: a seat, or a spectator's name */
const writerKey = (line) => (line.seat === null ? `watcher:${line.name}` : `seat:${line.seat}`);

/**
 * One line: the writer (a seat's chip, or a spectator's name, marked as watching where both
 * rooms show) and what they said.
 * @param {ChatLine} line
 * @param {{extra?: import("./dom.js").Kid, rooms?: boolean}} [more] what follows the text (a
 *   Mute button); whether lines of both rooms are shown together
 */
export function chatLine(line, more = {}) {
  const who = line.seat === null
    ? h("span", { class: "chat-watcher" }, line.name, more.rooms ? " (watching)" : null)
    : seatChip(line.seat, line.name);
  return h("li", { class: ["chat-line", `chat-${line.room}`], "data-n": line.n },
    who, " ", h("span", { class: "chat-text" }, line.text), more.extra);
}

/**
 * The chat panel of a table page: mounted once, fed by live.js's chat events, writing through
 * the page's live connection (its seat, or its spectator name).
 * @param {{id: string, seat: number | null, live: import("./live.js").Live | null, connect: () => void}} page
 */
export function chatPanel(page) {
  const mutedKey = `crafthall.muted.${page.id}`;
  /** @type {Set<string>} */
  let muted;
  try { muted = new Set(JSON.parse(localStorage.getItem(mutedKey) || "[]")); } catch { muted = new Set(); }
  /** @type {Map<number, ChatLine>} */
  const lines = new Map();
  const list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": "Chat messages" });
  const mutes = h("p", { class: "chat-muted" });
  const heading = h("h2", {}, "Chat");
  const input = h("input", { type: "text", class: "chat-input", "aria-label": "Chat message",
    maxlength: 300, autocomplete: "off", placeholder: "Say something…" });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, "Send"));
  const quick = h("div", { class: "chat-quick", role: "group", "aria-label": "Quick messages" },
    QUICK.map((text) => button(text, (e) => say(text, e.currentTarget), { class: "ghost" })));
  const nameInput = h("input", { type: "text", class: "chat-name-input", maxlength: 32,
    "aria-label": "Your name", placeholder: "Your name", value: playerName() });
  const nameForm = h("form", { class: "chat-name" },
    h("span", {}, "To chat while watching, give a name: "), nameInput, h("button", { type: "submit" }, "Chat"));
  const panel = h("section", { id: "chat", class: "panel chat" }, heading, list, mutes, nameForm, form, quick);

  const room = () => (page.seat === null ? "spectators" : "players");
  const save = () => localStorage.setItem(mutedKey, JSON.stringify([...muted]));
  /** @param {ChatLine} line a line with a Mute button, unless its writer is this page */
  const lineItem = (line) => {
    const own = line.seat === null ? line.name === playerName() && page.seat === null : line.seat === page.seat;
    const mute = own ? null : button("Mute", () => { muted.add(writerKey(line)); save(); draw(); },
      { class: "ghost chat-mute", title: `Hide ${line.name}'s messages (for you only)` });
    return chatLine(line, { extra: mute });
  };
  const draw = () => {
    heading.textContent = room() === "players" ? "Players' chat" : "Spectators' chat";
    const named = page.seat !== null || Boolean(playerName());
    nameForm.hidden = named;
    form.hidden = !named;
    quick.hidden = !named;
    const shown = [...lines.values()].sort((a, b) => a.n - b.n);
    replace(list, shown.filter((line) => !muted.has(writerKey(line))).map(lineItem));
    const names = new Map(shown.map((line) => [writerKey(line), line.name]));
    replace(mutes, [...muted].filter((key) => names.has(key)).map((key) =>
      h("span", { class: "chat-unmute" }, `${names.get(key)} is muted `,
        button("Unmute", () => { muted.delete(key); save(); draw(); }, { class: "ghost" }))));
    list.scrollTop = list.scrollHeight;
  };

  /** @param {string} text @param {Element} anchor */
  const say = async (text, anchor) => {
    clearRefusals();
    if (!page.live) return;
    const answer = await page.live.send({ type: "chat", text });
    if (answer.type === "error") showRefusal(anchor, answer.message);
    else if (anchor === form) input.value = "";
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (input.value.trim()) say(input.value, form);
  });
  nameForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return;
    setPlayerName(name);
    page.connect(); // the spectator's hello carries the name
  });
  document.addEventListener(CHAT_EVENT, (event) => {
    const msg = /** @type {CustomEvent} */ (event).detail;
    if (msg.room !== room()) return;
    if (msg.full) {
      lines.clear();
      for (const line of msg.messages) lines.set(line.n, line);
      draw();
      return;
    }
    // A new line is added at the end, so a screen reader reads it alone, not the whole list.
    const newest = Math.max(0, ...lines.keys());
    for (const line of msg.messages) {
      if (lines.has(line.n)) continue;
      lines.set(line.n, line);
      if (line.n < newest) draw(); // came late, behind a later one: its place in the order
      else if (!muted.has(writerKey(line))) list.append(lineItem(line));
    }
    list.scrollTop = list.scrollHeight;
  });
  draw();
  return panel;
}

/**
 * A finished table's chat, both rooms (none when it cannot be read: the replay goes on).
 * @param {string} id
 * @returns {Promise<ChatLine[]>}
 */
export async function finishedChat(id) {
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(id)}/chat`);
    return answer.ok ? (await answer.json()).messages : [];
  } catch {
    return [];
  }
}

/**
 * A finished game's chat beside its replay: both rooms, the lines said by move ``move``.
 * @param {ChatLine[]} all
 */
export function replayChat(all) {
  const list = h("ol", { class: "chat-lines", "aria-label": "Chat messages" });
  const panel = h("section", { id: "replay-chat", class: "panel chat", hidden: all.length === 0 },
    h("h2", {}, "Chat"), list);
  return {
    panel,
    /** @param {number} move */
    show(move) {
      replace(list, all.filter((line) => line.move <= move).map((line) => chatLine(line, { rooms: true })));
    },
  };
}
