// @ts-check
// Wordsmith: the tray, your pieces, the die, the alphabet helper, everyone's score sheet.
// The pieces, the die and the alphabet come from the game's components.json (ctx.components).
import { h, s, replace, button, plural } from "/static/js/dom.js";
import { actionForm, components, playerHeading, tag, wordInput } from "/static/js/board-kit.js";

const PIECES = ["red", "yellow", "blue", "green"];
/** How each piece is drawn: its letter (colour is never the only clue) and its colour. */
const PIECE = {
  red: { letter: "R", colour: "#e03131" },
  yellow: { letter: "Y", colour: "#f59f00" },
  blue: { letter: "B", colour: "#1c7ed6" },
  green: { letter: "G", colour: "#2f9e44" },
};

/**
 * A piece drawn as its shape: `shape` is its name in the components ("long straight").
 * @param {string} piece
 * @param {string} shape
 */
function pieceIcon(piece, shape, size = 28) {
  const c = PIECE[piece].colour;
  const paths = {
    red: s("line", { x1: 14, y1: 2, x2: 14, y2: 26, stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
    yellow: s("line", { x1: 14, y1: 8, x2: 14, y2: 20, stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
    blue: s("path", {
      d: "M20 3 A11 11 0 1 0 20 25",
      fill: "none",
      stroke: c,
      "stroke-width": 5,
      "stroke-linecap": "round",
    }),
    green: s("path", {
      d: "M17 8 A6 6 0 1 0 17 20",
      fill: "none",
      stroke: c,
      "stroke-width": 5,
      "stroke-linecap": "round",
    }),
  };
  return s(
    "svg",
    {
      width: size,
      height: size,
      viewBox: "0 0 28 28",
      class: "ws-piece",
      role: "img",
      "aria-label": `${piece} ${shape}`,
    },
    s("title", {}, `${piece} (${shape})`),
    paths[piece],
  );
}

function pieceCount(piece, shape, n) {
  return h(
    "span",
    { class: "ws-count", title: `${n} ${piece} (${shape})` },
    pieceIcon(piece, shape),
    h("b", {}, PIECE[piece].letter),
    `×${n}`,
  );
}

/**
 * Pieces a word needs by the alphabet's recipes, or null if a symbol has none.
 * @param {string} word
 * @param {Record<string, Record<string, number>>} alphabet
 */
export function needs(word, alphabet) {
  const total = { red: 0, yellow: 0, blue: 0, green: 0 };
  for (const ch of word) {
    const recipe = alphabet[ch];
    if (!recipe) return null;
    for (const [p, n] of Object.entries(recipe)) total[p] += n;
  }
  return total;
}

class WordsmithBoard {
  wantLegal = false;
  mount(root, ctx) {
    this.ctx = ctx;
    this.facts = components(ctx);
    this.info = h("div", { class: "board-info" });
    this.tray = h("div", { class: "ws-tray row" });
    this.pool = h("div", { class: "ws-pool" });
    this.input = wordInput("ws-word", "Word to claim", "Type a word to claim");
    this.line = h("select", { id: "ws-line", "aria-label": "Line", hidden: true });
    this.need = h("span", { class: "board-note" });
    this.claimBtn = button("Claim", () => this.claim(), { class: "primary", id: "ws-claim" });
    this.rollBtn = button("⚅ Roll", () => this.ctx.act({ type: "roll" }, this.bar), {
      id: "ws-roll",
      title: `Die: ${this.facts.die.join(", ")} (${this.facts.wild_faces.join(" and ")} are wild)`,
    });
    this.passBtn = button("Pass", () => this.ctx.act({ type: "pass" }, this.bar), { id: "ws-pass" });
    this.takes = h("span", { class: "ws-takes" });
    this.bar = actionForm(
      "ws-bar",
      () => this.claim(),
      this.input,
      this.line,
      this.claimBtn,
      this.rollBtn,
      this.passBtn,
      this.takes,
      this.need,
    );
    this.alphabet = h("div", { class: "ws-alphabet" });
    this.sheets = h("div", { class: "row ws-sheets" });
    root.append(
      this.info,
      h(
        "div",
        { class: "ws-top" },
        h("div", {}, h("h3", {}, "Box tray"), this.tray),
        h("div", {}, h("h3", {}, "Your pieces"), this.pool),
      ),
      this.bar,
      h("h3", {}, "Alphabet helper (lit: you can build it now)"),
      this.alphabet,
      h("h3", {}, "Score sheets"),
      this.sheets,
    );
    this.input.addEventListener("input", () => this.drawNeed());
  }

  update(ctx) {
    this.ctx = ctx;
    const v = ctx.view;
    const me = ctx.seat !== null ? v.players[ctx.seat] : null;
    replace(
      this.info,
      tag(`Challenge ${v.challenge} of ${v.challenges}`, "big"),
      " ",
      tag(`${v.mode === "race" ? "Race" : "Word by Word"} · ${v.phase}`),
      " ",
      v.done_by !== null && v.done_by !== undefined
        ? tag(`Done called by ${ctx.names[v.done_by]}: one last word each`, "warn")
        : null,
      v.required ? tag(`Letters per line: ${Array.isArray(v.required) ? v.required.join(" ") : v.required}`) : null,
      v.round_roll && v.round_roll.length ? tag(`Dice: ${v.round_roll.join(", ")}`) : null,
      v.min_length > 1 ? tag(`Words of ${v.min_length}+ letters`) : null,
    );
    replace(
      this.tray,
      PIECES.map((p) =>
        h(
          "div",
          { class: "card ws-compartment" },
          pieceIcon(p, this.shape(p), 34),
          h("div", {}, h("b", {}, PIECE[p].letter), ` ${v.tray[p]}`),
        ),
      ),
    );
    replace(
      this.pool,
      me
        ? h(
            "div",
            { class: "row" },
            PIECES.map((p) => pieceCount(p, this.shape(p), me.pool[p])),
          )
        : h("p", { class: "hint" }, "You are watching."),
    );
    const can = ctx.myTurn && !ctx.over;
    this.bar.hidden = ctx.readonly || ctx.over;
    for (const b of [this.claimBtn, this.rollBtn, this.passBtn]) b.disabled = !can;
    if (me && me.pending) {
      replace(
        this.takes,
        "Take a piece: ",
        me.pending.map((p) =>
          button(
            h("span", {}, pieceIcon(p, this.shape(p), 18), PIECE[p].letter),
            () => ctx.act({ type: "take", piece: p }, this.bar),
            { class: "small", dataset: { piece: p }, "aria-label": `take ${p}` },
          ),
        ),
      );
    } else this.takes.replaceChildren();
    if (v.advanced && me) {
      this.line.hidden = false;
      const letters = Array.isArray(v.required) ? v.required : String(v.required || "").split("");
      replace(
        this.line,
        me.sheet.map((w, i) =>
          w
            ? null
            : h("option", { value: i + 1 }, `line ${i + 1}${letters[i] ? ` (${letters[i].toUpperCase()})` : ""}`),
        ),
      );
    }
    this.drawAlphabet(me);
    this.drawNeed();
    replace(
      this.sheets,
      v.players.map((p, seat) => this.sheet(p, seat)),
    );
  }

  /** @param {string} piece */
  shape(piece) {
    return this.facts.pieces[piece].shape;
  }

  drawAlphabet(me) {
    replace(
      this.alphabet,
      Object.entries(this.facts.alphabet).map(([letter, recipe]) => {
        const ok = me && Object.entries(recipe).every(([p, n]) => me.pool[p] >= n);
        return h(
          "div",
          {
            class: ["ws-letter", ok ? "ok" : ""],
            title: Object.entries(recipe)
              .map(([p, n]) => `${n} ${p}`)
              .join(", "),
          },
          h("span", { class: "ws-glyph" }, letter.toUpperCase()),
          h(
            "span",
            { class: "ws-recipe" },
            Object.entries(recipe).map(([p, n]) => h("span", { class: `ws-r ws-${p}` }, `${n}${PIECE[p].letter}`)),
          ),
        );
      }),
    );
  }

  drawNeed() {
    const v = this.ctx.view;
    const me = this.ctx.seat !== null ? v.players[this.ctx.seat] : null;
    const word = this.input.value.trim().toLowerCase();
    if (!word || !me) {
      this.need.textContent = "";
      return;
    }
    const need = needs(word, this.facts.alphabet);
    if (!need) {
      this.need.textContent = "Some of these symbols have no recipe.";
      return;
    }
    const short = PIECES.filter((p) => need[p] > me.pool[p]);
    const left = PIECES.reduce((a, p) => a + Math.max(0, me.pool[p] - need[p]), 0);
    this.need.textContent =
      `Needs ${PIECES.filter((p) => need[p])
        .map((p) => `${need[p]}${PIECE[p].letter}`)
        .join(" ")}` +
      (short.length
        ? ` · missing ${short.map((p) => `${need[p] - me.pool[p]}${PIECE[p].letter}`).join(" ")}`
        : ` · ${left} left over to discard`);
  }

  async claim() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) {
      this.input.focus();
      return;
    }
    /** @type {{type: string, word: string, line?: number}} */
    const action = { type: "claim", word };
    if (this.ctx.view.advanced && this.line.value) action.line = Number(this.line.value);
    const answer = await this.ctx.act(action, this.bar);
    if (answer.type === "ok") {
      this.input.value = "";
      this.drawNeed();
    }
  }

  sheet(p, seat) {
    const ctx = this.ctx;
    const free = this.facts.free_boxes;
    const boxes = [];
    for (let i = 0; i < free + this.facts.bonus_boxes; i++) {
      const checked = i < p.discards;
      const bonus = i >= free;
      boxes.push(
        h(
          "span",
          {
            class: ["ws-box", bonus ? "bonus" : "", checked ? "checked" : ""],
            title: bonus ? "bonus box (1 point if unchecked)" : "free box",
          },
          checked ? "✗" : bonus ? "+1" : "",
        ),
      );
    }
    return h(
      "div",
      { class: ["card", "ws-sheet", seat === ctx.seat ? "mine" : ""] },
      h(
        "div",
        {},
        playerHeading(seat, ctx.names[seat]),
        h("span", { class: "hint-dark" }, ` · ${p.status} · ${ctx.view.scores[seat]} pts`),
      ),
      // Secret Wordsmith: another player's sheet is null until the challenge is scored.
      p.sheet
        ? h(
            "ol",
            { class: "ws-lines" },
            p.sheet.map((w) => h("li", {}, w ? w.toUpperCase() : "…")),
          )
        : h("p", { class: "hint-dark ws-hidden" }, `${plural(p.words, "word")}, hidden until scoring`),
      h("div", { class: "ws-boxes", "aria-label": `${p.discards} discard boxes checked` }, boxes),
      seat !== ctx.seat
        ? h(
            "div",
            { class: "hint-dark" },
            "pieces: ",
            PIECES.map((q) => `${PIECE[q].letter}${p.pool[q]} `),
          )
        : null,
    );
  }

  /** End screen: each challenge's points. */
  breakdown(d, view, seats) {
    if (!d.challenges) return null;
    return {
      head: d.challenges.map((_, i) => `Challenge ${i + 1}`),
      rows: Array.from({ length: seats }, (_, seat) => d.challenges.map((c) => c[seat])),
      note: "A challenge: a point per letter of each word kept, plus a point per unchecked bonus box.",
    };
  }

  scoreSheet(view) {
    return { head: ["Words", "Boxes"], rows: view.players.map((p) => [p.words, p.boxes_left]) };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new WordsmithBoard();
}
