// @ts-check
// Who sits where, in words: each seat's name, and whether and why a bot plays a seat now.

/**
 * Each seat's name: the player's, a bot's level, or its number (and whether it is open).
 * @param {{seats: {name?: string, kind: string, bot?: string}[]}} table
 * @returns {string[]}
 */
export function seatNames(table) {
  return table.seats.map((s, i) => {
    if (s.name) return s.name;
    if (s.kind === "bot") return `Bot ${s.bot || ""}`.trim();
    return s.kind === "open" ? `Seat ${i + 1} (open)` : `Seat ${i + 1}`;
  });
}

/** @type {Record<string, string>} */
const ZOMBIE_REASONS = { left: "they left", timeout: "out of time", disconnected: "away too long on their turn" };

/**
 * Why a bot took a seat over, in words (a reason this page does not know is shown as it is).
 * @param {string} reason
 */
export function zombieReason(reason) {
  return ZOMBIE_REASONS[reason] || reason;
}

/**
 * Whether a bot plays this connection's seat now (its player left or ran out of time).
 * @param {{seat: number | null, table: {seats: {zombie?: unknown}[]}}} msg
 */
export function takenOver(msg) {
  return msg.seat !== null && Boolean(msg.table.seats[msg.seat] && msg.table.seats[msg.seat].zombie);
}
