// Step through a finished game (or an uploaded record) move by move, with the game's own board.
import { api } from "./api.js";
import { h, replace, button, seatChip, seatMark, icon } from "./dom.js";
import { gameModule } from "./games/index.js";
import { replayReviewButton } from "./review.js";

export async function showReplay(root, source) {
  const fetchStep = (move, seat) => (source.table ? api.replay(source.table, move, seat) : api.uploaded(source.upload, move, seat));
  const recordUrl = source.table ? `/api/tables/${encodeURIComponent(source.table)}/record` : `/api/replays/${encodeURIComponent(source.upload)}/record`;
  let step;
  try {
    step = await fetchStep(0, null);
  } catch (err) {
    replace(root, h("section", { class: "panel" }, h("h1", {}, "Replay"), h("p", { class: "refusal", role: "alert" }, err.message), h("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  const module = Object.create(gameModule(step.game));
  document.title = `crafthall: replay of ${module.title || step.game}`;
  document.getElementById("where").textContent = `Replay: ${module.title || step.game}`;
  const names = step.seats.map((s) => s.name);
  const board = h("section", { id: "board", class: "board" });
  const slider = h("input", { type: "range", min: 0, max: step.moves, value: 0, id: "replay-move", "aria-label": "Move" });
  const counter = h("span", { class: "replay-count" });
  const seatSelect = h("select", { id: "replay-seat", "aria-label": "Seen by" },
    h("option", { value: "" }, "Seen by a spectator"), names.map((n, i) => h("option", { value: i }, `Seen by ${n}`)));
  const said = h("p", { class: "replay-events" });
  let move = 0;
  let mounted = false;
  const go = async (to) => {
    move = Math.max(0, Math.min(step.moves, to));
    const seat = seatSelect.value === "" ? null : Number(seatSelect.value);
    try {
      step = await fetchStep(move, seat);
    } catch (err) {
      said.textContent = err.message;
      return;
    }
    slider.value = move;
    counter.textContent = `Move ${move} of ${step.moves}`;
    const lines = (step.events || []).map((e) => (module.describe ? module.describe(e, names, step.last ? step.last.seat : null) : null)).filter(Boolean);
    // The lines name the player already: a mark, not the name twice.
    replace(said, step.last ? (lines.length ? [seatMark(step.last.seat), " ", lines.join(" ")] : [seatChip(step.last.seat, names[step.last.seat]), " moved."]) : "The table as it was set.");
    const ctx = {
      view: step.view, seat, active: step.active, legal: null, names, ui: {}, readonly: true, myTurn: false,
      over: Boolean(step.result), table: { seats: names.map((n, i) => ({ index: i, name: n })), status: step.result ? "finished" : "playing" },
      act: async () => ({ type: "error" }),
    };
    if (!mounted) { module.mount(board, ctx); mounted = true; }
    module.update(ctx);
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatSelect.addEventListener("change", () => go(move));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
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
    h("div", { class: "table-layout" }, board)));
  go(0);
}
