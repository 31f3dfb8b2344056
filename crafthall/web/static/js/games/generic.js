// A fallback page for a game without its own: the prompt and the view as text, and raw actions.
import { h, button } from "../dom.js";

export function describeEvent(event, names) {
  const who = typeof event.seat === "number" ? names[event.seat] : null;
  const rest = Object.entries(event)
    .filter(([k]) => k !== "type" && k !== "seat")
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
    .join(", ");
  return `${who ? `${who}: ` : ""}${event.type}${rest ? ` (${rest})` : ""}`;
}

export default {
  title: "Game",
  wantLegal: true,
  rules: ["Choose one of the moves listed under the board."],
  mount(root, ctx) {
    this.pre = h("pre", { class: "raw-view" });
    this.moves = h("div", { class: "actions" });
    root.append(this.pre, this.moves);
  },
  update(ctx) {
    this.pre.textContent = JSON.stringify(ctx.view, null, 1);
    this.moves.replaceChildren(...(ctx.legal || []).slice(0, 60).map((a) =>
      button(JSON.stringify(a), () => ctx.act(a, this.moves))));
  },
  describe: describeEvent,
};
