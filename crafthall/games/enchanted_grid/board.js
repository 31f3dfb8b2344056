// @ts-check
// Enchanted Grid: the open board with zones, face-down cards and claimed words; your hand.
// Each colour's power comes from the game's components.json (ctx.components).
import { h, s, replace, button, seatMark, seatStyle, plural } from "/static/js/dom.js";
import { components, tag } from "/static/js/board-kit.js";

/** How each colour is drawn: its fill and the symbol of its power (colour is never the only clue). */
const COLOUR = {
  blue: { fill: "#1c7ed6", symbol: "⇄" },
  red: { fill: "#e03131", symbol: "✎" },
  grey: { fill: "#868e96", symbol: "◐" },
  green: { fill: "#2f9e44", symbol: "⇥" },
};
const CELL = 52;

/**
 * A card of the hand: its letter, its colour's symbol, a star on an Enchanter.
 * @param {{letter: string, colour: string, enchanter?: boolean}} c
 * @param {Record<string, string>} powers each colour's power, from the components
 */
function cardChip(c, powers) {
  const col = COLOUR[c.colour];
  const power = powers[c.colour].replace(/-/g, " ");
  return h(
    "span",
    {
      class: `eg-card col-${c.colour}`,
      title: `${c.letter} ${c.colour}${c.enchanter ? " Enchanter" : ""} (${power})`,
    },
    h("span", { class: "eg-letter" }, c.letter),
    h("span", { class: "eg-sym" }, col.symbol),
    c.enchanter ? h("span", { class: "eg-star" }, "✦") : null,
  );
}

class EnchantedGridBoard {
  wantLegal = false;
  mount(root, ctx) {
    this.ctx = ctx;
    this.info = h("div", { class: "board-info" });
    this.boardBox = h("div", { class: "eg-boardbox", id: "eg-board" });
    this.hand = h("div", { class: "eg-hand" });
    this.mode = h("div", { class: "eg-modes", role: "radiogroup" });
    this.bar = h("div", { class: "actionbar", id: "eg-bar" }, this.hand, this.mode);
    this.words = h("div", { class: "eg-words" });
    root.append(this.info, this.bar, this.boardBox, h("h3", {}, "Words created this round"), this.words);
    this.card = null;
    this.how = "place";
    this.swapFrom = null;
  }

  update(ctx) {
    this.ctx = ctx;
    const v = ctx.view;
    const hand = v.hand || [];
    if (this.card !== null && !hand.some((c) => c.id === this.card)) this.card = null;
    replace(
      this.info,
      tag(`Round ${v.round}`, "big"),
      " ",
      tag(`Cards this round ${v.counter} / ${v.round_cards}`),
      " ",
      tag(`Deck ${v.deck}`),
      " ",
      tag(`Hands: ${v.hand_sizes.map((n, i) => `${ctx.names[i]} ${n}`).join(", ")}`),
      v.phase === "scramble" ? tag("Final scramble: claim a leftover word or pass", "warn") : null,
    );
    this.drawHand();
    this.drawBoard();
    replace(
      this.words,
      v.claims.length
        ? h(
            "ul",
            {},
            v.claims.map((c) => h("li", {}, seatMark(c.seat), " ", h("b", {}, c.word), ` (${c.direction})`)),
          )
        : h("p", { class: "hint" }, "None yet."),
      v.last_round.length
        ? h(
            "p",
            { class: "hint" },
            "Last round won: ",
            v.last_round.map((w) => `${ctx.names[w.seat]} ${w.word} (${plural(w.cards, "card")})`).join(", "),
          )
        : null,
    );
  }

  drawHand() {
    const ctx = this.ctx;
    const v = ctx.view;
    this.bar.hidden = ctx.readonly || ctx.over;
    const can = ctx.myTurn;
    if (v.phase === "scramble") {
      replace(
        this.hand,
        h("span", {}, "Claim a word: "),
        v.words.map((w) =>
          button(
            `${w.word} (${w.direction})`,
            () => ctx.act({ type: "claim", at: w.cells[0], direction: w.direction }, this.bar),
            { class: "small", disabled: !can },
          ),
        ),
        button("Pass", () => ctx.act({ type: "pass" }, this.bar), { disabled: !can, id: "eg-pass" }),
      );
      this.mode.replaceChildren();
      return;
    }
    replace(
      this.hand,
      (v.hand || []).map((c) =>
        button(
          cardChip(c, components(ctx).powers),
          () => {
            this.card = this.card === c.id ? null : c.id;
            this.swapFrom = null;
            this.drawHand();
            this.drawBoard();
          },
          {
            class: ["eg-hand-card", this.card === c.id ? "chosen" : ""],
            disabled: !can,
            dataset: { card: c.id },
            "aria-label": `${c.letter} ${c.colour}${c.enchanter ? " enchanter" : ""}`,
          },
        ),
      ),
    );
    const chosen = (v.hand || []).find((c) => c.id === this.card);
    const modes = [["place", "Place"]];
    if (chosen && chosen.colour === "grey") modes.push(["down", "Place face down ◐"]);
    if (chosen && chosen.colour === "blue") modes.push(["swap", "Place and swap ⇄"]);
    if (chosen && chosen.colour === "red") modes.push(["overwrite", "Overwrite ✎"]);
    if (chosen && chosen.colour === "green")
      for (const d of ["left", "right", "up", "down"]) modes.push([`insert-${d}`, `Insert, push ${d} ⇥`]);
    if (!modes.some(([m]) => m === this.how)) this.how = "place";
    replace(
      this.mode,
      chosen
        ? modes.map(([m, label]) =>
            h(
              "label",
              { class: "eg-mode" },
              h("input", {
                type: "radio",
                name: "eg-how",
                value: m,
                checked: this.how === m,
                onchange: () => {
                  this.how = m;
                  this.swapFrom = null;
                  this.drawBoard();
                },
              }),
              ` ${label}`,
            ),
          )
        : h("span", { class: "hint-dark" }, can ? "Pick a card, then click a cell." : "Waiting for your turn."),
    );
  }

  drawBoard() {
    const ctx = this.ctx;
    const v = ctx.view;
    const cells = [...v.grid.map((g) => g.at), ...v.zones.map((z) => z.at), [0, 0]];
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const x0 = Math.min(...xs) - 1;
    const x1 = Math.max(...xs) + 1;
    const y0 = Math.min(...ys) - 1;
    const y1 = Math.max(...ys) + 1;
    const W = (x1 - x0 + 1) * CELL;
    const H = (y1 - y0 + 1) * CELL;
    const svg = s("svg", {
      viewBox: `0 0 ${W} ${H}`,
      class: "eg-svg",
      role: "img",
      "aria-label": "The grid",
      style: { "max-width": `${Math.max(W * 1.3, 260)}px` },
    });
    const X = (x) => (x - x0) * CELL;
    const Y = (y) => (y - y0) * CELL;
    const zoneAt = new Map(v.zones.map((z) => [`${z.at[0]},${z.at[1]}`, z.colours]));
    const cardAt = new Map(v.grid.map((g) => [`${g.at[0]},${g.at[1]}`, g]));
    const canClick = ctx.myTurn && this.card !== null && v.phase !== "scramble";
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const key = `${x},${y}`;
        const zone = zoneAt.get(key) || [];
        const g = s("g", { class: ["eg-cell", canClick ? "clickable" : ""], dataset: { at: key } });
        g.append(s("rect", { x: X(x) + 1, y: Y(y) + 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "eg-bg" }));
        zone.forEach((colour, i) =>
          g.append(
            s("rect", {
              x: X(x) + 3 + i * 3,
              y: Y(y) + 3 + i * 3,
              width: CELL - 6 - i * 6,
              height: CELL - 6 - i * 6,
              rx: 5,
              fill: "none",
              stroke: COLOUR[colour].fill,
              "stroke-width": 3,
              "stroke-dasharray": "5 3",
            }),
            s(
              "text",
              { x: X(x) + 6 + i * 11, y: Y(y) + CELL - 6, class: "eg-zone-sym", fill: COLOUR[colour].fill },
              COLOUR[colour].symbol,
            ),
          ),
        );
        const top = cardAt.get(key);
        if (top) {
          const c = top.card;
          const colour = top.face_down ? "#495057" : COLOUR[c.colour].fill;
          g.append(
            s("rect", {
              x: X(x) + 5,
              y: Y(y) + 5,
              width: CELL - 10,
              height: CELL - 10,
              rx: 6,
              fill: top.face_down ? "url(#eg-back)" : "#fffdf5",
              stroke: colour,
              "stroke-width": 4,
            }),
          );
          if (!top.face_down || c) {
            g.append(
              s(
                "text",
                {
                  x: X(x) + CELL / 2,
                  y: Y(y) + CELL / 2 + 8,
                  "text-anchor": "middle",
                  class: ["eg-svg-letter", top.face_down ? "hidden-own" : ""],
                  fill: top.face_down ? "#fff" : "#222",
                },
                c ? c.letter : "",
              ),
            );
            if (c && !top.face_down)
              g.append(
                s(
                  "text",
                  { x: X(x) + CELL - 9, y: Y(y) + 17, "text-anchor": "middle", class: "eg-svg-sym", fill: colour },
                  COLOUR[c.colour].symbol,
                ),
              );
            if (c && c.enchanter && !top.face_down)
              g.append(s("text", { x: X(x) + 10, y: Y(y) + 17, class: "eg-svg-sym", fill: colour }, "✦"));
          }
          if (top.face_down) g.append(s("title", {}, c ? `your face-down ${c.letter}` : "a face-down card"));
          if (top.under) g.append(s("text", { x: X(x) + 9, y: Y(y) + CELL - 8, class: "eg-under" }, `+${top.under}`));
        }
        g.addEventListener("click", () => this.clickCell(x, y));
        svg.append(g);
      }
    for (const c of v.claims) {
      const [ax, ay] = c.cells[0];
      const [bx, by] = c.cells[c.cells.length - 1];
      svg.append(
        s("rect", {
          x: X(ax) + 2,
          y: Y(ay) + 2,
          width: X(bx) - X(ax) + CELL - 4,
          height: Y(by) - Y(ay) + CELL - 4,
          rx: 9,
          fill: "none",
          stroke: seatStyle(c.seat).colour,
          "stroke-width": 3,
          class: "eg-claim",
          "pointer-events": "none",
        }),
        s(
          "text",
          { x: X(ax) + 2, y: Y(ay) + 11, class: "eg-claim-sym", fill: seatStyle(c.seat).colour },
          seatStyle(c.seat).symbol,
        ),
      );
    }
    if (this.swapFrom)
      svg.append(
        s("rect", {
          x: X(this.swapFrom[0]) + 2,
          y: Y(this.swapFrom[1]) + 2,
          width: CELL - 4,
          height: CELL - 4,
          fill: "none",
          stroke: "#ffd43b",
          "stroke-width": 4,
          rx: 6,
        }),
      );
    svg.prepend(
      s(
        "defs",
        {},
        s(
          "pattern",
          { id: "eg-back", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
          s("rect", { width: 8, height: 8, fill: "#495057" }),
          s("path", { d: "M0 8 L8 0", stroke: "#868e96", "stroke-width": 2 }),
        ),
      ),
    );
    replace(this.boardBox, svg);
  }

  clickCell(x, y) {
    const ctx = this.ctx;
    if (!ctx.myTurn || this.card === null) return;
    const at = [x, y];
    let action;
    if (this.how === "swap") {
      if (!this.swapFrom) {
        this.swapFrom = at;
        this.drawBoard();
        return;
      }
      action = { type: "place", card: this.card, at: this.swapFrom, swap: at };
      this.swapFrom = null;
    } else if (this.how === "down") action = { type: "place", card: this.card, at, face_down: true };
    else if (this.how === "overwrite") action = { type: "overwrite", card: this.card, at };
    else if (this.how.startsWith("insert-")) action = { type: "insert", card: this.card, at, push: this.how.slice(7) };
    else action = { type: "place", card: this.card, at };
    ctx.act(action, this.boardBox).then((a) => {
      if (a.type === "ok") {
        this.card = null;
        this.how = "place";
      }
    });
  }

  /** End screen: the score is the cards won; say what was left over. */
  breakdown(d, view, seats) {
    const left = d.cards_left_on_grid;
    const leftOver = typeof left === "number" ? `; ${left} card${left === 1 ? " was" : "s were"} left on the grid` : "";
    return {
      head: [],
      rows: Array.from({ length: seats }, () => []),
      note: `Score: the cards of each player's standing words, won at the end of every round${leftOver}.`,
    };
  }

  scoreSheet(view) {
    return { head: ["Hand"], rows: view.scores.map((_, i) => [view.hand_sizes[i]]), note: "Score: cards won." };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new EnchantedGridBoard();
}
