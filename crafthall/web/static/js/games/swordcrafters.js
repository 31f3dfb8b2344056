// Sword Crafters: the tile grid with its cuts (drawn as you choose them), groupings, swords.
import { h, s, replace, button, seatMark, seatStyle } from "../dom.js";
import { who } from "./common.js";

const GEM = {
  red: { letter: "R", colour: "#e03131" }, blue: { letter: "B", colour: "#1c7ed6" }, green: { letter: "G", colour: "#2f9e44" },
  yellow: { letter: "Y", colour: "#fcc419" }, purple: { letter: "P", colour: "#7048e8" }, orange: { letter: "O", colour: "#f76707" },
  blank: { letter: "–", colour: "#dee2e6" }, first: { letter: "★", colour: "#fff3bf" },
};
const CELL = 64;
const PAD = 22;

/** A name cut to about the width (in SVG units, ~8.5 per character at the label's size). */
function fitted(name, width) {
  const most = Math.floor(width / 8.5);
  if (name.length <= most) return name;
  return most > 1 ? `${name.slice(0, most - 1)}…` : "";
}

function gemTile(gem) {
  const g = GEM[gem] || GEM.blank;
  return h("span", { class: `sc-tile gem-${gem}`, style: { "--c": g.colour }, title: gem }, g.letter);
}

export default {
  title: "Sword Crafters",
  wantLegal: false,
  rules: [
    "Slice: in turn, cut one grouping of the grid in two with a straight line along the grid lines, edge to edge. A grouping may be a single tile, unless the table plays the published rule (2+ tiles; the bar says so while slicing), but never the ★ tile alone: it is no sword tile, so it keeps at least one with it.",
    "Click a corner point, then another on the same line: the cut is drawn as you choose it. Esc cancels.",
    "Select: in turn, take one grouping (click it). One grouping is left over. The ★ tile makes you first player next round.",
    "Craft: click a tile in your hand, then a side (1–4) of your sword. Tiles go on the tip of any side and never move, so the order you slot them decides the runs.",
    "Scoring at the end: longest sword 10 VP; quality 5 × (run − 1) for the longest run of one gem on a side; each Magic card 9/6/3 VP by most of its two gems (tied players share their places' points, rounded down; a sword with none of its two gems takes no place).",
    "Gems: R red, B blue, G green, Y yellow, P purple, O orange, – blank.",
  ],

  mount(root, ctx) {
    this.ctx = ctx;
    this.info = h("div", { class: "wc-info" });
    this.svgBox = h("div", { class: "sc-gridbox", id: "sc-grid" });
    this.groupBar = h("div", { class: "actionbar sc-groups", id: "sc-actions" });
    this.magic = h("div", { class: "row sc-magic" });
    this.swords = h("div", { class: "row sc-swords" });
    root.append(this.info, h("div", { class: "sc-top" }, this.svgBox, h("div", { class: "sc-aside" }, h("h3", {}, "Sword Magic cards"), this.magic)), this.groupBar, h("h3", {}, "Swords"), this.swords);
    this.from = null;
    this.hover = null;
    this.gem = null;
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") { this.from = null; this.gem = null; this.draw(); } });
  },

  update(ctx) {
    this.ctx = ctx;
    if (!ctx.myTurn) { this.from = null; }
    this.draw();
  },

  draw() {
    const ctx = this.ctx;
    const v = ctx.view;
    const mine = ctx.myTurn && !ctx.over;
    // The chosen tile is forgotten once none of that gem is left in the hand.
    if (this.gem && !(ctx.seat !== null && v.hands[ctx.seat].includes(this.gem))) this.gem = null;
    replace(this.info, h("span", { class: "tag big" }, `Round ${v.round}`), " ",
      h("span", { class: "tag" }, `Phase: ${v.phase}`), " ", h("span", { class: "tag" }, `${v.pile} tiles in the pile`),
      " ", h("span", { class: "tag" }, `First player: ${ctx.names[v.first]}`));
    this.drawGrid(mine);
    this.drawBar(mine);
    replace(this.magic, v.magic.map((m) => h("div", { class: "card sc-magic-card" },
      h("div", {}, gemTile(m.gems[0]), gemTile(m.gems[1])),
      h("div", { class: "sc-magic-text" }, m.text),
      h("div", { class: "sc-counts" }, m.counts.map((c, seat) => h("span", {}, seatMark(seat, c), m.points[seat] ? ` ${m.points[seat]} VP` : ""))))));
    replace(this.swords, v.swords.map((sword, seat) => this.sword(sword, seat)));
  },

  drawGrid(mine) {
    const v = this.ctx.view;
    const { rows, cols, cells, groups } = v.grid;
    const width = cols * CELL + 2 * PAD;
    const height = rows * CELL + 2 * PAD;
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "sc-svg", role: "img", "aria-label": "Tile grid" });
    const X = (x) => PAD + x * CELL;
    const Y = (y) => PAD + y * CELL;
    cells.forEach((row, y) => row.forEach((gem, x) => {
      if (!gem) return;
      const g = GEM[gem] || GEM.blank;
      svg.append(s("rect", { x: X(x) + 3, y: Y(y) + 3, width: CELL - 6, height: CELL - 6, rx: 8, fill: g.colour }),
        s("text", { x: X(x) + CELL / 2, y: Y(y) + CELL / 2 + 9, "text-anchor": "middle", class: "sc-gem-letter", fill: gem === "yellow" || gem === "blank" || gem === "first" ? "#333" : "#fff" }, g.letter));
    }));
    const selecting = v.phase === "select" && mine;
    for (const group of groups) {
      const [y0, x0, y1, x1] = group.rect;
      const rect = s("rect", {
        x: X(x0) + 1, y: Y(y0) + 1, width: (x1 - x0) * CELL - 2, height: (y1 - y0) * CELL - 2, rx: 6,
        class: ["sc-group", group.taker !== null ? "taken" : "", selecting && group.taker === null ? "clickable" : ""],
        dataset: { group: group.label },
      });
      if (selecting && group.taker === null) rect.addEventListener("click", () => this.ctx.act({ type: "take", group: group.label }, this.svgBox));
      svg.append(rect);
      svg.append(s("text", { x: X(x0) + 6, y: Y(y0) + 15, class: "sc-group-label" }, group.label));
      if (group.taker !== null) {
        svg.append(s("rect", { x: X(x0) + 4, y: Y(y0) + 4, width: (x1 - x0) * CELL - 8, height: (y1 - y0) * CELL - 8, fill: "rgba(0,0,0,.45)", rx: 6, "pointer-events": "none" }),
          s("text", { x: (X(x0) + X(x1)) / 2, y: (Y(y0) + Y(y1)) / 2 + 6, "text-anchor": "middle", class: "sc-taker", fill: "#fff" }, `${seatStyle(group.taker).symbol} ${fitted(this.ctx.names[group.taker], (x1 - x0) * CELL - 28)}`,
            s("title", {}, this.ctx.names[group.taker])));
      }
    }
    if (v.phase === "slice" && mine) {
      this.preview = s("line", { class: "sc-preview", visibility: "hidden" });
      svg.append(this.preview);
      this.X = X;
      this.Y = Y;
      this.showPreview();
      for (let y = 0; y <= rows; y++) for (let x = 0; x <= cols; x++) {
        const chosen = this.from && this.from[0] === y && this.from[1] === x;
        const dot = s("circle", { cx: X(x), cy: Y(y), r: chosen ? 9 : 7, class: ["sc-point", chosen ? "chosen" : ""], tabindex: 0, dataset: { point: `${y},${x}` }, "aria-label": `corner ${y},${x}` });
        dot.addEventListener("click", () => this.point(y, x));
        dot.addEventListener("keydown", (e) => { if (e.key === "Enter") this.point(y, x); });
        dot.addEventListener("mouseenter", () => { this.hover = [y, x]; this.showPreview(); });
        dot.addEventListener("focus", () => { this.hover = [y, x]; this.showPreview(); });
        svg.append(dot);
      }
    }
    replace(this.svgBox, svg);
  },

  showPreview() {
    const line = this.preview;
    if (!line) return;
    const a = this.from;
    const b = this.hover;
    if (!a || !b || (a[0] !== b[0] && a[1] !== b[1])) { line.setAttribute("visibility", "hidden"); return; }
    line.setAttribute("x1", this.X(a[1])); line.setAttribute("y1", this.Y(a[0]));
    line.setAttribute("x2", this.X(b[1])); line.setAttribute("y2", this.Y(b[0]));
    line.setAttribute("visibility", "visible");
  },

  point(y, x) {
    if (!this.from) { this.from = [y, x]; this.hover = null; this.drawGrid(true); return; }
    const from = this.from;
    this.from = null;
    this.hover = [y, x];
    this.drawGrid(true);
    this.ctx.act({ type: "slice", from, to: [y, x] }, this.svgBox).then(() => { this.hover = null; });
  },

  drawBar(mine) {
    const ctx = this.ctx;
    const v = ctx.view;
    const parts = [];
    if (ctx.readonly || ctx.over) { this.groupBar.hidden = true; return; }
    this.groupBar.hidden = false;
    if (v.phase === "slice") {
      parts.push(h("span", {}, mine ? (this.from ? "Now click the other end of the cut (Esc cancels)." : "Click a corner point to start a cut.") : "Others are slicing."));
      // The minimum in force comes from the view: the table's option, relaxed when stuck.
      if (v.min_grouping > 1) parts.push(h("span", { class: "hint-dark" }, ` Each new grouping keeps at least ${v.min_grouping} tiles.`));
    }
    if (v.phase === "select") {
      parts.push(h("span", {}, mine ? "Take a grouping: " : "Others are choosing groupings."));
      if (mine) for (const g of v.grid.groups) if (g.taker === null) parts.push(button(`${g.label} (${g.tiles.length}${g.first_player_tile ? " ★" : ""})`, () => ctx.act({ type: "take", group: g.label }, this.groupBar), { class: "small" }));
    }
    const hand = ctx.seat !== null ? v.hands[ctx.seat] : [];
    if (hand.length) {
      parts.push(h("span", {}, "Your tiles: "));
      hand.forEach((gem) => parts.push(button(gemTile(gem), () => { this.gem = gem; this.draw(); },
        { class: ["sc-hand", this.gem === gem ? "chosen" : ""], "aria-label": `tile ${gem}`, disabled: !(mine && v.phase === "craft") })));
      if (v.phase === "craft" && mine) parts.push(h("span", { class: "hint-dark sc-hint" }, this.gem ? ` ${this.gem}: now click a + on a side of your sword.` : " Pick a tile, then a + on a side of your sword."));
    }
    replace(this.groupBar, parts);
  },

  sword(sword, seat) {
    const ctx = this.ctx;
    const v = ctx.view;
    const mine = seat === ctx.seat && ctx.myTurn && v.phase === "craft";
    const levels = Math.max(4, ...sword.map((side) => side.length + 1));
    const t = v.score_table;
    const open = (i) => v.open_sides[seat].includes(i + 1);
    const columns = sword.map((side, i) => {
      const slots = [];
      for (let level = levels - 1; level >= 0; level--) {
        if (level < side.length) slots.push(h("div", { class: "sc-slot" }, gemTile(side[level])));
        else if (level === side.length && mine && open(i)) slots.push(h("div", { class: "sc-slot" }, button("+", () => this.place(i + 1), { class: "sc-plus", "aria-label": `Put on side ${i + 1}`, dataset: { side: i + 1 } })));
        else slots.push(h("div", { class: "sc-slot empty" }));
      }
      return h("div", { class: "sc-side" }, slots, h("div", { class: "sc-side-no" }, String(i + 1)));
    });
    return h("div", { class: ["card", "sc-sword", seat === ctx.seat ? "mine" : "", ctx.active.includes(seat) ? "to-play" : ""] },
      h("div", {}, seatMark(seat), " ", h("strong", {}, ctx.names[seat])),
      h("div", { class: "sc-blade" }, columns),
      h("div", { class: "sc-hilt" }, "hilt"),
      h("div", { class: "hint-dark" }, `length ${t.lengths[seat]} · run ${t.quality_runs[seat]} · ${t.total[seat]} VP now`),
      v.hands[seat].length ? h("div", { class: "hint-dark" }, "holds ", v.hands[seat].map((g) => gemTile(g))) : null);
  },

  place(side) {
    const hand = this.ctx.view.hands[this.ctx.seat];
    const gem = this.gem && hand.includes(this.gem) ? this.gem : hand.length === 1 ? hand[0] : null;
    if (!gem) { replace(this.groupBar.querySelector(".hint-dark") || this.groupBar, "First pick a tile from your hand."); return; }
    this.ctx.act({ type: "place", gem, side }, this.groupBar);
  },

  describe(event, names) {
    const name = who(event, names);
    switch (event.type) {
      case "sliced": return `${name} cut the grid (${event.groupings} groupings).`;
      case "took": return `${name} took grouping ${event.group ?? ""}${event.tiles ? ` (${event.tiles.join(", ")})` : ""}.`;
      case "placed": return `${name} slotted ${event.gem} on side ${event.side}.`;
      case "returned": return "The last grouping went back to the box.";
      case "round": return `Round ${event.round}: a new grid; ${names[event.first]} starts.`;
      default: return event.type === "game-over" ? "Game over." : null;
    }
  },

  /** End screen: the sword's length, its best run and the Magic cards, each as tiles → VP. */
  breakdown(d, view, seats) {
    if (!d.lengths) return null;
    return {
      head: ["Length", "Quality", "Magic"],
      rows: Array.from({ length: seats }, (_, seat) => [
        `${d.lengths[seat]} tiles → ${d.longest[seat]}`,
        `run ${d.quality_runs[seat]} → ${d.quality[seat]}`,
        `${d.magic.reduce((a, m) => a + m[seat], 0)}`,
      ]),
      note: "Length: 10 VP for the longest sword. Quality: 5 × (run − 1) for the longest run of one gem on a side. Magic: 9/6/3 VP per Magic card by most of its two gems.",
    };
  },

  scoreSheet(view) {
    const t = view.score_table;
    return {
      head: ["Len", "Qual", "Magic"],
      rows: view.scores.map((_, seat) => [t.longest[seat], t.quality[seat], t.magic.reduce((a, m) => a + m[seat], 0)]),
      note: "Running score: what each sword would score if the game ended now.",
    };
  },
};
