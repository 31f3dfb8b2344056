// @ts-check
// Sword Crafters: the tile grid with its groupings, the Sword Magic cards, each player's sword.
// Every place a move picks is a control: a corner of the grid (to slice), a tile of the grid (to
// take its grouping), a tile of the hand and a side of the sword (to craft). The arrow keys move
// over them (rovingFocus), a tap, a click or Enter picks, a mouse may drag; a picked piece marks
// where it may go from the seat's legal actions (markTargets), never from restated rules.
// Each gem's letter and the scoring's points come from the game's components.json.
import { h, s, replace, button, seatMark, seatStyle, whose } from "/static/js/dom.js";
import {
  components, markTargets, playerHeading, rovingFocus, tag, dragAndDrop, drawnAt, travel, travelTime, LastMoves,
} from "/static/js/board-kit.js";

/** The first player's tile is no gem: the components give it no letter. */
const FIRST = "first";
const FIRST_PLAYER_MARK = "★";

/**
 * Each tile's letter by its name, from the components' gems and blank.
 * @param {{gems: {name: string, letter: string}[], blank: {name: string, letter: string}}} facts
 * @returns {Record<string, string>}
 */
function tileLetters(facts) {
  const letters = Object.fromEntries([...facts.gems, facts.blank].map((gem) => [gem.name, gem.letter]));
  return { ...letters, [FIRST]: FIRST_PLAYER_MARK };
}

/** @param {number} y @param {number} x */
const pointKey = (y, x) => `pt-${y}-${x}`;
/** @param {number} y @param {number} x */
const cellKey = (y, x) => `cell-${y}-${x}`;
/** @param {number[]} a @param {number[]} b */
const sameRect = (a, b) => a.join() === b.join();
/** Whether rectangle `inner` lies within `outer` (both [top, left, bottom, right]). */
const within = (/** @type {number[]} */ inner, /** @type {number[]} */ outer) =>
  inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/**
 * The cuts inside `rect` that left it as `parts` (rectangles tiling it): each inner edge of a
 * part, as its two end points [y, x].
 * @param {number[]} rect
 * @param {number[][]} parts
 * @returns {{from: number[], to: number[]}[]}
 */
function innerEdges(rect, parts) {
  const edges = [];
  for (const [top, left, bottom, right] of parts) {
    if (right < rect[3]) edges.push({ from: [top, right], to: [bottom, right] });
    if (bottom < rect[2]) edges.push({ from: [bottom, left], to: [bottom, right] });
  }
  return edges;
}

/**
 * The moves that lead from view `before` to view `after`, as the board sees them, each with
 * its seat: a tile slotted, a grouping taken, a cut (within one round). An update usually
 * carries one move; one that carries several gives each of them.
 * @param {any} before
 * @param {any} after
 * @returns {any[]}
 */
function movesBetween(before, after) {
  if (!before) return [];
  const moves = [];
  after.swords.forEach((/** @type {string[][]} */ sword, /** @type {number} */ seat) =>
    sword.forEach((side, i) => {
      for (let level = before.swords[seat][i].length; level < side.length; level++)
        moves.push({ type: "place", seat, side: i + 1, level, gem: side[level] });
    }),
  );
  if (before.round !== after.round) return moves;
  const was = before.grid.groups;
  const now = after.grid.groups;
  let slices = 0;
  for (const old of was) {
    if (now.some((/** @type {any} */ g) => sameRect(g.rect, old.rect))) continue;
    const parts = now.filter((/** @type {any} */ g) => within(g.rect, old.rect)).map((/** @type {any} */ g) => g.rect);
    for (const cut of innerEdges(old.rect, parts)) {
      const seat = before.order[Math.min(before.step + slices, before.order.length - 1)];
      moves.push({ type: "slice", seat, ...cut });
      slices += 1;
    }
  }
  for (const group of now) {
    const old = was.find((/** @type {any} */ g) => sameRect(g.rect, group.rect));
    if (group.taker !== null && (!old || old.taker === null))
      moves.push({ type: "take", seat: group.taker, rect: group.rect, group: group.label });
  }
  return moves;
}

/**
 * Where an element sits in a field of `cols` x `rows` cells, as percentages.
 * @param {number[]} rect [top, left, bottom, right] in cells
 * @param {number} rows
 * @param {number} cols
 */
function placed([top, left, bottom, right], rows, cols) {
  const pc = (/** @type {number} */ n, /** @type {number} */ of) => `${(n / of) * 100}%`;
  return { top: pc(top, rows), left: pc(left, cols), height: pc(bottom - top, rows), width: pc(right - left, cols) };
}

/**
 * A cut drawn on the grid from one corner to the other, in `colour`, with `badge` (a seat's
 * mark) at its middle.
 * @param {number[]} from [y, x]
 * @param {number[]} to
 * @param {number} rows
 * @param {number} cols
 * @param {string} colour
 * @param {Element | null} [badge]
 */
function cutBar(from, to, rows, cols, colour, badge = null) {
  const [[y0, x0], [y1, x1]] = [from, to].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const vertical = x0 === x1;
  return h(
    "div",
    {
      class: ["sc-cutbar", vertical ? "vertical" : "horizontal"],
      style: { ...placed([y0, x0, y1, x1], rows, cols), "--cut": colour },
      dataset: { cut: `${y0},${x0}-${y1},${x1}` },
    },
    badge,
  );
}

class SwordcraftersBoard {
  wantLegal = true;

  mount(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.facts = components(ctx);
    this.letters = tileLetters(this.facts);
    this.info = h("div", { class: "board-info" });
    this.gridBox = h("div", { class: "sc-gridbox", id: "sc-grid" });
    this.bar = h("div", { class: "actionbar sc-bar", id: "sc-actions" });
    this.magic = h("div", { class: "sc-magic" });
    this.swords = h("div", { class: "sc-swords" });
    root.append(
      h(
        "div",
        { class: "sc-board" },
        this.info,
        h(
          "div",
          { class: "sc-top" },
          this.gridBox,
          h("div", { class: "sc-aside" }, h("h3", {}, "Sword Magic cards"), this.magic),
        ),
        this.bar,
        h("h3", {}, "Swords"),
        this.swords,
      ),
    );
    /** @type {number[] | null} the corner a cut starts from */
    this.from = null;
    /** @type {number[] | null} the corner the cut would end at (under the pointer or the focus) */
    this.hover = null;
    /** @type {string | null} the hand's gem picked to slot */
    this.gem = null;
    /** @type {any} the action the hint lights up */
    this.hinted = null;
    /** @type {Map<number, any>} each other player's last move, shown until this seat acts */
    this.marks = new Map();
    /** each other player's last moves as played */
    this.lastMoves = new LastMoves();
    /** the version of the latest change that began a round (its grid replaced the marked one) */
    this.newRound = 0;
    /** @type {any} the view last drawn */
    this.drawn = null;
    /** @type {string | null} where the focus goes after the next redraw */
    this.focusNext = null;
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.pick(null, null);
    });
    // A mouse drags a corner to the other end of its cut, a tile of the hand to a side.
    dragAndDrop(root, {
      pieces: ".sc-corner, .sc-hand",
      into: ".sc-board [data-key]",
      start: (piece) => {
        if (piece.dataset.point) this.pick(piece.dataset.point.split(",").map(Number), null);
        else this.pick(null, piece.dataset.gem || null);
      },
      over: (place) => {
        if (place?.dataset.point) this.hovered(place.dataset.point.split(",").map(Number));
      },
      drop: (place, piece) => {
        if (place.dataset.key === piece.dataset.key) return;
        if (place.dataset.point && this.from) this.slice(this.from, place.dataset.point.split(",").map(Number));
        else if (place.dataset.side && this.gem) this.place(Number(place.dataset.side));
      },
    });
    // A redraw brings the focus back into view only for the keyboard: a finger or a mouse
    // keeps the page where it is.
    this.keyboard = false;
    document.addEventListener("keydown", () => (this.keyboard = true), true);
    document.addEventListener("pointerdown", () => (this.keyboard = false), true);
  }

  update(ctx) {
    const before = this.drawn;
    this.ctx = ctx;
    const v = ctx.view;
    const moves = movesBetween(before, v);
    this.remember();
    if (before && JSON.stringify(before) !== JSON.stringify(v)) this.hinted = null;
    if (!ctx.myTurn) this.from = null;
    const hand = ctx.seat !== null ? v.hands[ctx.seat] : [];
    // The picked tile is forgotten once none of that gem is left in the hand; a hand of one
    // gem has it picked already.
    if (!hand.includes(this.gem)) this.gem = new Set(hand).size === 1 ? hand[0] : null;
    const where = this.snapshot();
    const focus = this.root.contains(document.activeElement) ? this.focusedKey() : null;
    this.draw();
    this.drawn = v;
    this.arrive(moves, before, where);
    if (focus !== null) this.refocus(focus);
  }

  /**
   * Each other player's newest move, from the moves as played (the update's changes): a cut,
   * a grouping taken, a tile slotted. A move of this seat clears them (it has acted), and a
   * new round the marks on the grid it replaced.
   */
  remember() {
    const changes = this.ctx.changes || [];
    this.lastMoves.note(changes, this.ctx.seat);
    for (const change of changes)
      if ((change.events || []).some((/** @type {any} */ e) => e.type === "round")) this.newRound = change.version;
    this.marks = new Map();
    for (const [seat, turn] of this.lastMoves.turns()) {
      for (const change of turn) {
        const onGrid = change.version > this.newRound;
        for (const e of change.events || []) {
          if (e.seat !== seat) continue;
          if (e.type === "placed") this.marks.set(seat, { type: "place", side: e.side, level: e.level - 1 });
          if (e.type === "sliced" && onGrid) this.marks.set(seat, { type: "slice", from: e.from, to: e.to });
          if (e.type === "took" && onGrid) this.marks.set(seat, { type: "take", group: e.group });
        }
      }
    }
  }

  /** The data-key of the focused place, "" when the focus is elsewhere on the board. */
  focusedKey() {
    const el = document.activeElement;
    return el instanceof HTMLElement ? el.dataset.key || "" : "";
  }

  /**
   * After a redraw the focus stays where it was: on the place asked for, the place of the
   * same key, the first place of the same kind, or the first place of the board.
   * @param {string} key
   */
  refocus(key) {
    const wanted = this.focusNext;
    this.focusNext = null;
    const kind = key.split("-")[0];
    const found =
      (wanted && this.root.querySelector(`[data-key^="${wanted}"]`)) ||
      (key && this.root.querySelector(`[data-key="${key}"]`)) ||
      (kind && this.root.querySelector(`[data-key^="${kind}-"][tabindex="0"]`)) ||
      this.root.querySelector(`[data-key][tabindex="0"]`);
    const target = found instanceof HTMLElement ? found : this.root;
    target.focus({ preventScroll: true });
    if (this.keyboard) target.scrollIntoView({ block: "nearest" });
  }

  draw() {
    const ctx = this.ctx;
    const v = ctx.view;
    this.root.querySelector(".sc-board")?.setAttribute("data-phase", v.phase);
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
    this.drawGrid();
    this.drawBar();
    replace(
      this.magic,
      v.magic.map((/** @type {any} */ card) => this.magicCard(card)),
    );
    replace(
      this.swords,
      v.swords.map((/** @type {string[][]} */ sword, /** @type {number} */ seat) => this.sword(sword, seat)),
    );
    for (const [container, selector] of this.placeGroups()) rovingFocus(container, selector);
    this.mark();
  }

  /** The board's groups of places, each one stop of the Tab key: [container, selector]. */
  placeGroups() {
    const groups = /** @type {[HTMLElement, string][]} */ ([
      [this.gridBox, ".sc-place"],
      [this.bar, "[data-key]"],
    ]);
    const mine = this.swords.querySelector(".sc-sword.mine .sc-blade");
    if (mine instanceof HTMLElement) groups.push([mine, ".sc-plus"]);
    return groups;
  }

  /** Whether this seat may act now in `phase`. */
  acting(/** @type {string} */ phase) {
    const ctx = this.ctx;
    return ctx.myTurn && !ctx.over && !ctx.readonly && ctx.view.phase === phase;
  }

  // --- the grid -----------------------------------------------------------------------------

  drawGrid() {
    const v = this.ctx.view;
    const { rows, cols, cells, groups } = v.grid;
    const at = (/** @type {number[]} */ rect) => ({ style: placed(rect, rows, cols) });
    const field = h("div", {
      class: "sc-field",
      role: "group",
      "aria-label": "Tile grid",
      style: { "aspect-ratio": `${cols} / ${rows}` },
    });
    const taking = this.acting("select");
    cells.forEach((/** @type {(string | null)[]} */ row, /** @type {number} */ y) =>
      row.forEach((gem, x) => {
        const group = groups.find((/** @type {any} */ g) => within([y, x, y + 1, x + 1], g.rect));
        const face = gem ? this.tile(gem, `grid:${y}:${x}`) : null;
        const attrs = { ...at([y, x, y + 1, x + 1]), dataset: { cell: `${y},${x}`, group: group?.label } };
        if (!taking) {
          field.append(h("div", { ...attrs, class: ["sc-cell", gem ? "" : "empty"] }, face));
          return;
        }
        const label = `${gem ? this.gemName(gem) : "empty"}, grouping ${group.label}`;
        field.append(
          button(face, () => this.take(group.label), {
            ...attrs,
            class: ["sc-cell", "sc-place", gem ? "" : "empty"],
            "data-key": cellKey(y, x),
            "aria-label": label,
          }),
        );
      }),
    );
    for (const group of groups) field.append(this.grouping(group, at(group.rect)));
    this.overlay = s("svg", {
      class: "sc-lines",
      viewBox: `0 0 ${cols} ${rows}`,
      preserveAspectRatio: "none",
      "aria-hidden": "true",
    });
    field.append(this.overlay);
    if (this.acting("slice"))
      for (let y = 0; y <= rows; y++) for (let x = 0; x <= cols; x++) field.append(this.corner(y, x, rows, cols));
    this.lastMarks(field, rows, cols);
    // The lines' numbers on the grid's edges: a sentence's "point 0,2" is horizontal line 0, vertical line 2.
    const number = (/** @type {string} */ side, /** @type {number} */ n, /** @type {Record<string, string>} */ at) =>
      h("span", { class: ["sc-axis", side], style: at, "aria-hidden": "true" }, String(n));
    for (let x = 0; x <= cols; x++) field.append(number("sc-col", x, { left: `${(x / cols) * 100}%` }));
    for (let y = 0; y <= rows; y++) field.append(number("sc-row", y, { top: `${(y / rows) * 100}%` }));
    replace(this.gridBox, field);
  }

  /**
   * A grouping's outline, its letter, and who took it.
   * @param {any} group
   * @param {Record<string, any>} at
   */
  grouping(group, at) {
    const name = group.taker !== null ? this.ctx.names[group.taker] : null;
    return h(
      "div",
      { ...at, class: ["sc-group", group.taker !== null ? "taken" : ""], dataset: { group: group.label } },
      h("span", { class: "sc-group-label" }, group.label),
      name === null
        ? null
        : h("span", { class: "sc-taker", title: name }, seatMark(group.taker), h("span", { class: "sc-name" }, name)),
    );
  }

  /**
   * A corner of the grid: a place a cut starts or ends at, as big as a finger.
   * @param {number} y
   * @param {number} x
   * @param {number} rows
   * @param {number} cols
   */
  corner(y, x, rows, cols) {
    const dot = s(
      "svg",
      { class: "sc-dot", viewBox: "0 0 20 20", "aria-hidden": "true" },
      s("circle", { cx: 10, cy: 10, r: 7, dataset: { point: `${y},${x}` } }),
    );
    return button(dot, () => this.cornerPicked([y, x]), {
      class: ["sc-corner", "sc-place"],
      style: { top: `${(y / rows) * 100}%`, left: `${(x / cols) * 100}%` },
      "data-key": pointKey(y, x),
      dataset: { point: `${y},${x}` },
      "aria-label": `point ${y},${x}`, // as the sentences name it
      onpointerenter: () => this.hovered([y, x]),
      onfocus: () => this.hovered([y, x]),
    });
  }

  /** The last move of each other player, drawn over the grid: their cut, the grouping they took. */
  lastMarks(/** @type {HTMLElement} */ field, /** @type {number} */ rows, /** @type {number} */ cols) {
    for (const [seat, move] of this.marks) {
      const colour = seatStyle(seat).colour;
      if (move.type === "slice") field.append(cutBar(move.from, move.to, rows, cols, colour, seatMark(seat)));
      if (move.type === "take") {
        const outline = field.querySelector(`.sc-group[data-group="${move.group}"]`);
        if (!(outline instanceof HTMLElement)) continue;
        outline.classList.add("sc-last");
        outline.style.setProperty("--seat", colour);
      }
    }
  }

  /** @param {number[]} point */
  hovered(point) {
    this.hover = point;
    this.mark();
  }

  /**
   * A corner picked: the start of a cut, or its other end (the cut goes to the server, which
   * says why when it is no slice); the start again lets go.
   * @param {number[]} point
   */
  cornerPicked(point) {
    if (!this.acting("slice")) return;
    if (!this.from || this.from.join() === point.join()) {
      this.pick(this.from ? null : point, null);
      return;
    }
    this.slice(this.from, point);
  }

  /** @param {number[]} from @param {number[]} to */
  slice(from, to) {
    this.from = null;
    this.hover = to;
    this.focusNext = pointKey(to[0], to[1]);
    this.mark();
    return this.ctx.act({ type: "slice", from, to }, this.gridBox);
  }

  /** @param {string} group */
  take(group) {
    if (!this.acting("select")) return;
    this.ctx.act({ type: "take", group }, this.gridBox);
  }

  /** The legal actions of `type` the page listed (none when it listed none). */
  legalOf(/** @type {string} */ type) {
    return (this.ctx.legal || []).filter((/** @type {any} */ action) => action.type === type);
  }

  /** The other ends of the legal cuts from `point`. */
  cutsFrom(/** @type {number[]} */ point) {
    const ends = [];
    for (const cut of this.legalOf("slice")) {
      if (cut.from.join() === point.join()) ends.push(cut.to);
      else if (cut.to.join() === point.join()) ends.push(cut.from);
    }
    return ends;
  }

  // --- the bar: what to do now, the groupings to take, the hand ----------------------------

  drawBar() {
    const ctx = this.ctx;
    const v = ctx.view;
    this.bar.hidden = ctx.readonly || ctx.over;
    if (this.bar.hidden) return;
    const parts = [h("span", { class: "sc-say" }, this.saying())];
    if (v.phase === "slice" && v.min_grouping > 1)
      parts.push(h("span", { class: "sc-note" }, ` Each new grouping keeps at least ${v.min_grouping} tiles.`));
    if (this.acting("select"))
      for (const g of v.grid.groups)
        if (g.taker === null)
          parts.push(
            button(
              `${g.label} (${g.tiles.length}${g.first_player_tile ? ` ${FIRST_PLAYER_MARK}` : ""})`,
              () => this.take(g.label),
              { class: "sc-take", "data-key": `take-${g.label}` },
            ),
          );
    const hand = ctx.seat !== null ? v.hands[ctx.seat] : [];
    if (hand.length) {
      const crafting = this.acting("craft");
      parts.push(
        h(
          "span",
          { class: "sc-hand-box", role: "group", "aria-label": "Your tiles" },
          h("span", { class: "sc-say" }, "Your tiles: "),
          hand.map((/** @type {string} */ gem, /** @type {number} */ i) =>
            crafting
              ? button(this.tile(gem, `hand:${ctx.seat}:${i}`), () => this.pick(null, gem), {
                  class: "sc-hand",
                  "data-key": `hand-${i}`,
                  dataset: { gem },
                  "aria-label": `tile ${gem}`,
                  "aria-pressed": String(this.gem === gem),
                })
              : this.tile(gem, `hand:${ctx.seat}:${i}`),
          ),
        ),
      );
    }
    replace(this.bar, parts);
  }

  /** What the bar says this seat may do now, and how. */
  saying() {
    const v = this.ctx.view;
    if (v.phase === "slice")
      return this.acting("slice")
        ? this.from
          ? "Now the other end of the cut: a marked corner (Esc lets go)."
          : "Pick a corner to start a cut, then the other end."
        : "Others are slicing.";
    if (v.phase === "select") return this.acting("select") ? "Take a grouping: " : "Others are choosing groupings.";
    if (v.phase === "craft" && this.acting("craft"))
      return this.gem
        ? `${this.gemName(this.gem)}: now a marked side of your sword.`
        : "Pick a tile, then a side of your sword.";
    return "";
  }

  // --- the hand and the swords -------------------------------------------------------------

  /**
   * A sword as on the table: four sides of tiles rising from the hilt; on the crafter's own,
   * a place at the tip of each side.
   * @param {string[][]} sword
   * @param {number} seat
   */
  sword(sword, seat) {
    const ctx = this.ctx;
    const v = ctx.view;
    const crafting = seat === ctx.seat && this.acting("craft");
    const levels = Math.max(4, ...sword.map((side) => side.length + 1));
    const t = v.score_table;
    const marked = this.marks.get(seat);
    const columns = sword.map((side, i) => {
      const slots = [];
      for (let level = levels - 1; level >= 0; level--) {
        if (level < side.length) {
          const last = marked && marked.type === "place" && marked.side === i + 1 && marked.level === level;
          slots.push(
            h(
              "div",
              { class: ["sc-slot", last ? "sc-last" : ""] },
              this.tile(side[level], `sword:${seat}:${i + 1}:${level}`),
            ),
          );
        } else if (level === side.length && crafting && v.open_sides[seat].includes(i + 1))
          slots.push(
            h(
              "div",
              { class: "sc-slot" },
              button("+", () => this.place(i + 1), {
                class: "sc-plus",
                "aria-label": `Put on side ${i + 1}`,
                "data-key": `side-${i + 1}`,
                dataset: { side: i + 1 },
              }),
            ),
          );
        else slots.push(h("div", { class: "sc-slot empty" }));
      }
      const number = h("div", { class: "sc-side-no" }, String(i + 1));
      return h("div", { class: "sc-side", dataset: { side: i + 1 } }, slots, number);
    });
    const held = v.hands[seat];
    return h(
      "div",
      { class: ["sc-sword", seat === ctx.seat ? "mine" : "", ctx.active.includes(seat) ? "to-play" : ""] },
      h("div", { class: "sc-owner" }, playerHeading(seat, ctx.names[seat])),
      h("div", { class: "sc-tip", "aria-hidden": "true" }),
      h("div", { class: "sc-blade", role: "group", "aria-label": `${whose(ctx.names[seat])} sword` }, columns),
      h("div", { class: "sc-guard", "aria-hidden": "true" }),
      h("div", { class: "sc-grip" }, "hilt"),
      h(
        "div",
        { class: "sc-note" },
        `length ${t.lengths[seat]} · run ${t.quality_runs[seat]} · ${t.total[seat]} VP now`,
      ),
      held.length && seat !== ctx.seat
        ? h(
            "div",
            { class: "sc-note" },
            "holds ",
            held.map((/** @type {string} */ g, /** @type {number} */ i) => this.tile(g, `hand:${seat}:${i}`)),
          )
        : null,
    );
  }

  /**
   * Slot the picked tile on `side` (a hand of one gem needs no pick).
   * @param {number} side
   */
  place(side) {
    if (!this.acting("craft")) return;
    if (!this.gem) {
      replace(/** @type {Element} */ (this.bar.querySelector(".sc-say")), "First pick a tile from your tiles.");
      return;
    }
    this.focusNext = "hand-";
    this.ctx.act({ type: "place", gem: this.gem, side }, this.bar);
  }

  /**
   * A Sword Magic card: its two gems, its words, each seat's count and points.
   * @param {any} card
   */
  magicCard(card) {
    return h(
      "div",
      { class: "sc-magic-card" },
      h("div", { class: "sc-magic-gems" }, card.gems.map((/** @type {string} */ gem) => this.tile(gem))),
      h("div", { class: "sc-magic-text" }, card.text),
      h(
        "div",
        { class: "sc-counts" },
        card.counts.map((/** @type {number} */ c, /** @type {number} */ seat) =>
          h("span", {}, seatMark(seat, c), card.points[seat] ? ` ${card.points[seat]} VP` : ""),
        ),
      ),
    );
  }

  /** @param {string} gem */
  gemName(gem) {
    return gem === FIRST ? "first-player tile" : gem;
  }

  /**
   * A tile: its gem's letter on its colour (colour is never the only clue).
   * @param {string} gem
   * @param {string} [flip] its place, for a move's travel
   */
  tile(gem, flip) {
    const letter = this.letters[gem] ?? this.letters.blank;
    return h(
      "span",
      {
        class: ["sc-tile", `gem-${gem}`],
        role: "img",
        "aria-label": this.gemName(gem),
        title: this.gemName(gem),
        dataset: { flip },
      },
      h("span", { class: "sc-gem", "aria-hidden": "true" }, letter),
    );
  }

  // --- picking, targets, the hint ----------------------------------------------------------

  /**
   * Pick a corner or a gem (null: none) and show where it may go.
   * @param {number[] | null} from
   * @param {string | null} gem
   */
  pick(from, gem) {
    this.from = from;
    this.gem = gem;
    if (!from) this.hover = null;
    this.mark();
    const say = this.bar.querySelector(".sc-say");
    if (say) replace(say, this.saying());
  }

  /** The marks of the moment: what is picked, where it may go, the cut it would make, the hint. */
  mark() {
    if (!this.overlay) return;
    const corners = /** @type {HTMLElement[]} */ ([...this.gridBox.querySelectorAll(".sc-corner")]);
    const endsOf = (/** @type {any} */ cut) => [pointKey(cut.from[0], cut.from[1]), pointKey(cut.to[0], cut.to[1])];
    const starts = new Set(this.legalOf("slice").flatMap(endsOf));
    for (const corner of corners) {
      corner.classList.toggle("sc-start", starts.has(corner.dataset.key || ""));
      corner.classList.toggle("chosen", Boolean(this.from) && corner.dataset.point === this.from?.join());
    }
    const ends = this.from ? this.cutsFrom(this.from) : [];
    markTargets(corners, new Set(ends.map(([y, x]) => pointKey(y, x))));
    const free = new Set(this.legalOf("take").map((take) => take.group));
    const cells = /** @type {HTMLElement[]} */ ([...this.gridBox.querySelectorAll(".sc-cell.sc-place")]);
    markTargets(cells, new Set(cells.filter((c) => free.has(c.dataset.group || "")).map((c) => c.dataset.key || "")));
    const takes = /** @type {HTMLElement[]} */ ([...this.bar.querySelectorAll(".sc-take")]);
    markTargets(takes, new Set([...free].map((g) => `take-${g}`)));
    for (const hand of this.bar.querySelectorAll(".sc-hand")) {
      const on = hand instanceof HTMLElement && hand.dataset.gem === this.gem;
      hand.classList.toggle("chosen", on);
      hand.setAttribute("aria-pressed", String(on));
    }
    const sides = /** @type {HTMLElement[]} */ ([...this.swords.querySelectorAll(".sc-sword.mine .sc-plus")]);
    const slots = this.legalOf("place").filter((p) => p.gem === this.gem);
    markTargets(sides, new Set(slots.map((p) => `side-${p.side}`)));
    this.drawPicks(ends);
    this.light();
  }

  /**
   * Over the grid: the legal cuts from the picked corner, and the cut to the corner under the
   * pointer or the focus.
   * @param {number[][]} ends
   */
  drawPicks(ends) {
    const overlay = /** @type {SVGElement} */ (this.overlay);
    overlay.querySelectorAll(".sc-pick").forEach((line) => line.remove());
    const line = (/** @type {number[]} */ a, /** @type {number[]} */ b, /** @type {string} */ kind, attrs = {}) =>
      overlay.append(s("line", { class: ["sc-pick", kind], x1: a[1], y1: a[0], x2: b[1], y2: b[0], ...attrs }));
    const from = this.from;
    if (!from) return;
    for (const end of ends) line(from, end, "sc-may");
    const to = this.hover;
    const straight = to && (to[0] === from[0] || to[1] === from[1]) && to.join() !== from.join();
    // The cut's preview is always drawn, hidden until it runs straight from the picked corner.
    line(from, straight ? to : from, "sc-preview", { visibility: straight ? "visible" : "hidden" });
  }

  /**
   * Light up the pieces and places of `action` (the hint's move); null puts the lights out.
   * @param {any} action
   */
  highlight(action) {
    this.hinted = action;
    this.light();
  }

  light() {
    const action = this.hinted;
    for (const el of this.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    this.overlay?.querySelectorAll(".sc-hinted-cut").forEach((line) => line.remove());
    if (!action) return;
    /** @type {string[]} */
    const lit = [];
    if (action.type === "slice") {
      const [[y0, x0], [y1, x1]] = [action.from, action.to];
      this.overlay?.append(
        s("line", {
          class: ["sc-hinted-cut", "hinted"],
          x1: x0,
          y1: y0,
          x2: x1,
          y2: y1,
          dataset: { from: `${y0},${x0}`, to: `${y1},${x1}` },
        }),
      );
      lit.push(`.sc-corner[data-key="${pointKey(y0, x0)}"]`, `.sc-corner[data-key="${pointKey(y1, x1)}"]`);
    }
    if (action.type === "take")
      lit.push(
        `.sc-group[data-group="${action.group}"]`,
        `.sc-cell[data-group="${action.group}"]`,
        `.sc-take[data-key="take-${action.group}"]`,
      );
    if (action.type === "place")
      lit.push(`.sc-hand[data-gem="${action.gem}"]`, `.sc-sword.mine .sc-side[data-side="${action.side}"]`);
    for (const el of this.root.querySelectorAll(lit.join(","))) el.classList.add("hinted");
  }

  // --- a move's travel ------------------------------------------------------------------------

  /** Where each tile is drawn now, by its place. */
  snapshot() {
    return drawnAt(this.root, "[data-flip]");
  }

  /**
   * The tiles of `moves` travel to where they land: a slotted tile from its player's hand, a
   * taken tile from the grid; a cut is drawn from one end to the other.
   * @param {any[]} moves
   * @param {any} before
   * @param {Map<string, DOMRect>} where
   */
  arrive(moves, before, where) {
    const ms = travelTime();
    if (!ms || !before) return;
    const flip = (/** @type {string} */ key) => this.root.querySelector(`[data-flip="${key}"]`);
    const { rows, cols } = this.ctx.view.grid;
    for (const move of moves) {
      if (move.type === "slice") {
        const bar = cutBar(move.from, move.to, rows, cols, "#fff");
        bar.classList.add("fresh");
        this.gridBox.querySelector(".sc-field")?.append(bar);
        const grow = bar.classList.contains("vertical") ? "scaleY(0)" : "scaleX(0)";
        const frames = [{ transform: grow, opacity: 1 }, { transform: "none", opacity: 1 }, { opacity: 0 }];
        const drawing = bar.animate(frames, { duration: 3 * ms, easing: "ease-out" });
        drawing.onfinish = () => bar.remove();
      }
      if (move.type === "place") {
        const i = before.hands[move.seat].indexOf(move.gem);
        const from = where.get(`hand:${move.seat}:${i}`);
        const el = flip(`sword:${move.seat}:${move.side}:${move.level}`);
        if (from && el) travel(el, from, { fit: true });
      }
      if (move.type === "take") {
        const [top, left, bottom, right] = move.rect;
        let next = before.hands[move.seat].length;
        for (let y = top; y < bottom; y++)
          for (let x = left; x < right; x++) {
            const gem = before.grid.cells[y][x];
            const from = where.get(`grid:${y}:${x}`);
            if (!gem || gem === FIRST || !from) continue;
            const el = flip(`hand:${move.seat}:${next}`);
            next += 1;
            if (el) travel(el, from, { fit: true });
          }
      }
    }
  }

  // --- the score sheet and the end ------------------------------------------------------------

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
