// @ts-check
// Sword Crafters: the tile grid with its cuts (drawn as you choose them), groupings, swords.
// Each gem's letter and the scoring's points come from the game's components.json (ctx.components).
import { h, s, replace, button, seatMark, seatStyle } from "/static/js/dom.js";
import { components, playerHeading, tag } from "/static/js/board-kit.js";

/** Each tile's colour on the page; its letter (colour is never the only clue) is the components'. */
const GEM = {
  red: "#e03131",
  blue: "#1c7ed6",
  green: "#2f9e44",
  yellow: "#fcc419",
  purple: "#7048e8",
  orange: "#f76707",
  blank: "#dee2e6",
  first: "#fff3bf",
};
/** The first player's tile is no gem: the components give it no letter. */
const FIRST_PLAYER_MARK = "★";
const CELL = 64;
const PAD = 22;

/** A name cut to about the width (in SVG units, ~8.5 per character at the label's size). */
function fitted(name, width) {
  const most = Math.floor(width / 8.5);
  if (name.length <= most) return name;
  return most > 1 ? `${name.slice(0, most - 1)}…` : "";
}

/**
 * Each tile's letter by its name, from the components' gems and blank.
 * @param {{gems: {name: string, letter: string}[], blank: {name: string, letter: string}}} facts
 * @returns {Record<string, string>}
 */
function tileLetters(facts) {
  const letters = Object.fromEntries([...facts.gems, facts.blank].map((gem) => [gem.name, gem.letter]));
  return { ...letters, first: FIRST_PLAYER_MARK };
}

class SwordcraftersBoard {
  wantLegal = false;
  mount(root, ctx) {
    this.ctx = ctx;
    this.facts = components(ctx);
    this.letters = tileLetters(this.facts);
    this.info = h("div", { class: "board-info" });
    this.svgBox = h("div", { class: "sc-gridbox", id: "sc-grid" });
    this.groupBar = h("div", { class: "actionbar sc-groups", id: "sc-actions" });
    this.magic = h("div", { class: "row sc-magic" });
    this.swords = h("div", { class: "row sc-swords" });
    root.append(
      this.info,
      h(
        "div",
        { class: "sc-top" },
        this.svgBox,
        h("div", { class: "sc-aside" }, h("h3", {}, "Sword Magic cards"), this.magic),
      ),
      this.groupBar,
      h("h3", {}, "Swords"),
      this.swords,
    );
    this.from = null;
    this.hover = null;
    this.gem = null;
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        this.from = null;
        this.gem = null;
        this.draw();
      }
    });
  }

  update(ctx) {
    this.ctx = ctx;
    if (!ctx.myTurn) {
      this.from = null;
    }
    this.draw();
  }

  draw() {
    const ctx = this.ctx;
    const v = ctx.view;
    const mine = ctx.myTurn && !ctx.over;
    // The chosen tile is forgotten once none of that gem is left in the hand.
    if (this.gem && !(ctx.seat !== null && v.hands[ctx.seat].includes(this.gem))) this.gem = null;
    replace(
      this.info,
      tag(`Round ${v.round}`, "big"),
      " ",
      tag(`Phase: ${v.phase}`),
      " ",
      tag(`${v.pile} tiles in the pile`),
      " ",
      tag(`First player: ${ctx.names[v.first]}`),
    );
    this.drawGrid(mine);
    this.drawBar(mine);
    replace(
      this.magic,
      v.magic.map((m) =>
        h(
          "div",
          { class: "card sc-magic-card" },
          h("div", {}, this.tile(m.gems[0]), this.tile(m.gems[1])),
          h("div", { class: "sc-magic-text" }, m.text),
          h(
            "div",
            { class: "sc-counts" },
            m.counts.map((c, seat) => h("span", {}, seatMark(seat, c), m.points[seat] ? ` ${m.points[seat]} VP` : "")),
          ),
        ),
      ),
    );
    replace(
      this.swords,
      v.swords.map((sword, seat) => this.sword(sword, seat)),
    );
  }

  drawGrid(mine) {
    const v = this.ctx.view;
    const { rows, cols, cells, groups } = v.grid;
    const width = cols * CELL + 2 * PAD;
    const height = rows * CELL + 2 * PAD;
    const svg = s("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: "sc-svg",
      role: "img",
      "aria-label": "Tile grid",
    });
    const X = (x) => PAD + x * CELL;
    const Y = (y) => PAD + y * CELL;
    cells.forEach((row, y) =>
      row.forEach((gem, x) => {
        if (!gem) return;
        svg.append(
          s("rect", {
            x: X(x) + 3,
            y: Y(y) + 3,
            width: CELL - 6,
            height: CELL - 6,
            rx: 8,
            fill: GEM[gem] || GEM.blank,
          }),
          s(
            "text",
            {
              x: X(x) + CELL / 2,
              y: Y(y) + CELL / 2 + 9,
              "text-anchor": "middle",
              class: "sc-gem-letter",
              fill: gem === "yellow" || gem === "blank" || gem === "first" ? "#333" : "#fff",
            },
            this.letters[gem] ?? this.letters.blank,
          ),
        );
      }),
    );
    const selecting = v.phase === "select" && mine;
    for (const group of groups) {
      const [y0, x0, y1, x1] = group.rect;
      const rect = s("rect", {
        x: X(x0) + 1,
        y: Y(y0) + 1,
        width: (x1 - x0) * CELL - 2,
        height: (y1 - y0) * CELL - 2,
        rx: 6,
        class: ["sc-group", group.taker !== null ? "taken" : "", selecting && group.taker === null ? "clickable" : ""],
        dataset: { group: group.label },
      });
      if (selecting && group.taker === null)
        rect.addEventListener("click", () => this.ctx.act({ type: "take", group: group.label }, this.svgBox));
      svg.append(rect);
      svg.append(s("text", { x: X(x0) + 6, y: Y(y0) + 15, class: "sc-group-label" }, group.label));
      if (group.taker !== null) {
        svg.append(
          s("rect", {
            x: X(x0) + 4,
            y: Y(y0) + 4,
            width: (x1 - x0) * CELL - 8,
            height: (y1 - y0) * CELL - 8,
            fill: "rgba(0,0,0,.45)",
            rx: 6,
            "pointer-events": "none",
          }),
          s(
            "text",
            {
              x: (X(x0) + X(x1)) / 2,
              y: (Y(y0) + Y(y1)) / 2 + 6,
              "text-anchor": "middle",
              class: "sc-taker",
              fill: "#fff",
            },
            `${seatStyle(group.taker).symbol} ${fitted(this.ctx.names[group.taker], (x1 - x0) * CELL - 28)}`,
            s("title", {}, this.ctx.names[group.taker]),
          ),
        );
      }
    }
    if (v.phase === "slice" && mine) {
      this.preview = s("line", { class: "sc-preview", visibility: "hidden" });
      svg.append(this.preview);
      this.X = X;
      this.Y = Y;
      this.showPreview();
      for (let y = 0; y <= rows; y++)
        for (let x = 0; x <= cols; x++) {
          const chosen = this.from && this.from[0] === y && this.from[1] === x;
          const dot = s("circle", {
            cx: X(x),
            cy: Y(y),
            r: chosen ? 9 : 7,
            class: ["sc-point", chosen ? "chosen" : ""],
            tabindex: 0,
            dataset: { point: `${y},${x}` },
            "aria-label": `corner ${y},${x}`,
          });
          dot.addEventListener("click", () => this.point(y, x));
          dot.addEventListener("keydown", (e) => {
            if (e.key === "Enter") this.point(y, x);
          });
          dot.addEventListener("mouseenter", () => {
            this.hover = [y, x];
            this.showPreview();
          });
          dot.addEventListener("focus", () => {
            this.hover = [y, x];
            this.showPreview();
          });
          svg.append(dot);
        }
    }
    replace(this.svgBox, svg);
  }

  showPreview() {
    const line = this.preview;
    if (!line) return;
    const a = this.from;
    const b = this.hover;
    if (!a || !b || (a[0] !== b[0] && a[1] !== b[1])) {
      line.setAttribute("visibility", "hidden");
      return;
    }
    line.setAttribute("x1", String(this.X(a[1])));
    line.setAttribute("y1", String(this.Y(a[0])));
    line.setAttribute("x2", String(this.X(b[1])));
    line.setAttribute("y2", String(this.Y(b[0])));
    line.setAttribute("visibility", "visible");
  }

  point(y, x) {
    if (!this.from) {
      this.from = [y, x];
      this.hover = null;
      this.drawGrid(true);
      return;
    }
    const from = this.from;
    this.from = null;
    this.hover = [y, x];
    this.drawGrid(true);
    this.ctx.act({ type: "slice", from, to: [y, x] }, this.svgBox).then(() => {
      this.hover = null;
    });
  }

  drawBar(mine) {
    const ctx = this.ctx;
    const v = ctx.view;
    const parts = [];
    if (ctx.readonly || ctx.over) {
      this.groupBar.hidden = true;
      return;
    }
    this.groupBar.hidden = false;
    if (v.phase === "slice") {
      parts.push(
        h(
          "span",
          {},
          mine
            ? this.from
              ? "Now click the other end of the cut (Esc cancels)."
              : "Click a corner point to start a cut."
            : "Others are slicing.",
        ),
      );
      // The minimum in force comes from the view: the table's option, relaxed when stuck.
      if (v.min_grouping > 1)
        parts.push(h("span", { class: "hint-dark" }, ` Each new grouping keeps at least ${v.min_grouping} tiles.`));
    }
    if (v.phase === "select") {
      parts.push(h("span", {}, mine ? "Take a grouping: " : "Others are choosing groupings."));
      if (mine)
        for (const g of v.grid.groups)
          if (g.taker === null)
            parts.push(
              button(
                `${g.label} (${g.tiles.length}${g.first_player_tile ? " ★" : ""})`,
                () => ctx.act({ type: "take", group: g.label }, this.groupBar),
                { class: "small" },
              ),
            );
    }
    const hand = ctx.seat !== null ? v.hands[ctx.seat] : [];
    if (hand.length) {
      parts.push(h("span", {}, "Your tiles: "));
      hand.forEach((gem) =>
        parts.push(
          button(
            this.tile(gem),
            () => {
              this.gem = gem;
              this.draw();
            },
            {
              class: ["sc-hand", this.gem === gem ? "chosen" : ""],
              "aria-label": `tile ${gem}`,
              disabled: !(mine && v.phase === "craft"),
            },
          ),
        ),
      );
      if (v.phase === "craft" && mine)
        parts.push(
          h(
            "span",
            { class: "hint-dark sc-hint" },
            this.gem
              ? ` ${this.gem}: now click a + on a side of your sword.`
              : " Pick a tile, then a + on a side of your sword.",
          ),
        );
    }
    replace(this.groupBar, parts);
  }

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
        if (level < side.length) slots.push(h("div", { class: "sc-slot" }, this.tile(side[level])));
        else if (level === side.length && mine && open(i))
          slots.push(
            h(
              "div",
              { class: "sc-slot" },
              button("+", () => this.place(i + 1), {
                class: "sc-plus",
                "aria-label": `Put on side ${i + 1}`,
                dataset: { side: i + 1 },
              }),
            ),
          );
        else slots.push(h("div", { class: "sc-slot empty" }));
      }
      return h("div", { class: "sc-side" }, slots, h("div", { class: "sc-side-no" }, String(i + 1)));
    });
    return h(
      "div",
      { class: ["card", "sc-sword", seat === ctx.seat ? "mine" : "", ctx.active.includes(seat) ? "to-play" : ""] },
      h("div", {}, playerHeading(seat, ctx.names[seat])),
      h("div", { class: "sc-blade" }, columns),
      h("div", { class: "sc-hilt" }, "hilt"),
      h(
        "div",
        { class: "hint-dark" },
        `length ${t.lengths[seat]} · run ${t.quality_runs[seat]} · ${t.total[seat]} VP now`,
      ),
      v.hands[seat].length
        ? h(
            "div",
            { class: "hint-dark" },
            "holds ",
            v.hands[seat].map((g) => this.tile(g)),
          )
        : null,
    );
  }

  place(side) {
    const hand = this.ctx.view.hands[this.ctx.seat];
    const gem = this.gem && hand.includes(this.gem) ? this.gem : hand.length === 1 ? hand[0] : null;
    if (!gem) {
      replace(this.groupBar.querySelector(".hint-dark") || this.groupBar, "First pick a tile from your hand.");
      return;
    }
    this.ctx.act({ type: "place", gem, side }, this.groupBar);
  }

  /**
   * A tile: its gem's letter on its colour.
   * @param {string} gem
   */
  tile(gem) {
    const letter = this.letters[gem] ?? this.letters.blank;
    return h("span", { class: `sc-tile gem-${gem}`, style: { "--c": GEM[gem] || GEM.blank }, title: gem }, letter);
  }

  /** How the end's score is counted, with the components' points. */
  scoringNote() {
    const points = this.facts.points;
    return (
      `Length: ${points.longest} VP for the longest sword. ` +
      `Quality: ${points.quality_per_gem} × (run − 1) for the longest run of one gem on a side. ` +
      `Magic: ${points.magic.join("/")} VP per Magic card by most of its two gems.`
    );
  }

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
      note: this.scoringNote(),
    };
  }

  scoreSheet(view) {
    const t = view.score_table;
    return {
      head: ["Len", "Qual", "Magic"],
      rows: view.scores.map((_, seat) => [t.longest[seat], t.quality[seat], t.magic.reduce((a, m) => a + m[seat], 0)]),
      note: "Running score: what each sword would score if the game ended now.",
    };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new SwordcraftersBoard();
}
