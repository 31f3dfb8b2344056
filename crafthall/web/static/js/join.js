// @ts-check
// The join form of an invite link: the player's name for the open seat, the table's settings.
import { api, remember, remembered, playerName, setPlayerName } from "./api.js";
import { h, replace, seatChip, fairnessNote, hintsText, refusalNote } from "./dom.js";
import { paceText } from "./yourturn.js";

/**
 * The open seat an invite link in ``params`` asks the player's name for, or null: an invite to
 * a seat taken since (or a finished game), or to a seat this browser holds already, opens the
 * table to watch or play, and the invite leaves the address.
 * @param {string} id the table's
 * @param {any} summary the table's summary
 * @param {URLSearchParams} params the page address's
 * @returns {{seat: number, invite: string} | null}
 */
export function invitedSeat(id, summary, params) {
  const seat = params.get("seat");
  const invite = params.get("invite");
  if (!invite) return null;
  const held = remembered()[id];
  if (seat === null) return null;
  const open = summary.seats[Number(seat)] && summary.seats[Number(seat)].kind === "open";
  if (open && !(held && held.tokens && held.tokens[seat])) return { seat: Number(seat), invite };
  history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
  return null;
}

/**
 * Ask the invited player's name, take the seat, then hand the table to ``joined``.
 * @param {HTMLElement} root
 * @param {string} id the table's
 * @param {any} summary the table's summary
 * @param {number} seat the open seat the invite is for
 * @param {string} invite the invite's code
 * @param {string} title the game's
 * @param {(table: any) => void} joined called with the table's summary once seated
 */
export function showJoin(root, id, summary, seat, invite, title, joined) {
  const name = h("input", {
    id: "join-name", maxlength: 32, value: playerName(), placeholder: "Your name", required: true,
    autocomplete: "nickname",
  });
  const status = h("div", { class: "status" });
  /** @param {SubmitEvent} event */
  const join = async (event) => {
    event.preventDefault();
    status.replaceChildren();
    try {
      const answer = await api.join(id, seat, invite, name.value);
      setPlayerName(name.value.trim());
      remember(id, { game: summary.game, tokens: { [answer.seat]: answer.token }, current: answer.seat });
      history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
      joined(answer.table);
    } catch (err) {
      status.append(refusalNote(err.message));
    }
  };
  const seats = summary.seats.map((/** @type {any} */ s) =>
    seatChip(s.index, s.name || (s.kind === "open" ? "open" : s.kind)));
  const settings = `This table: ${paceText(summary.pace)}; ${hintsText(summary.hints)}; a seat left for good`
    + ` is played by a ${summary.zombie_level || "random"} bot.`;
  replace(root, h("section", { class: "panel join" },
    h("h1", {}, `Join ${title}`),
    h("p", {}, "Seats: ", seats),
    h("p", { class: "hint", id: "join-settings" }, settings),
    fairnessNote(summary),
    h("form", { onsubmit: join }, h("label", { for: "join-name" }, `Your name for seat ${seat + 1} `), name, " ",
      h("button", { type: "submit", class: "primary", id: "join-button" }, "Join")),
    status,
    h("p", {}, h("a", { href: `/t/${encodeURIComponent(id)}` }, "Just watch"), " · ", h("a", { href: "/" }, "Lobby"))));
  name.focus();
}
