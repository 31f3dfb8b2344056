// Wordsmith: the tray, your pieces, the die, the alphabet helper, everyone's score sheet.
import { h, s, replace, button, seatMark, plural } from "../dom.js";
import { WORDSMITH_ALPHABET, WORDSMITH_DIE } from "../data.js";
import { who } from "./common.js";

const PIECES = ["red", "yellow", "blue", "green"];
const PIECE = {
  red: { letter: "R", shape: "long straight", colour: "#e03131" },
  yellow: { letter: "Y", shape: "short straight", colour: "#f59f00" },
  blue: { letter: "B", shape: "large curve", colour: "#1c7ed6" },
  green: { letter: "G", shape: "small curve", colour: "#2f9e44" },
};

function pieceIcon(piece, size = 28) {
  const c = PIECE[piece].colour;
  const paths = {
    red: s("line", { x1: 14, y1: 2, x2: 14, y2: 26, stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
    yellow: s("line", { x1: 14, y1: 8, x2: 14, y2: 20, stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
    blue: s("path", { d: "M20 3 A11 11 0 1 0 20 25", fill: "none", stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
    green: s("path", { d: "M17 8 A6 6 0 1 0 17 20", fill: "none", stroke: c, "stroke-width": 5, "stroke-linecap": "round" }),
  };
  return s("svg", { width: size, height: size, viewBox: "0 0 28 28", class: "ws-piece", role: "img", "aria-label": `${piece} ${PIECE[piece].shape}` },
    s("title", {}, `${piece} (${PIECE[piece].shape})`), paths[piece]);
}

function pieceCount(piece, n) {
  return h("span", { class: "ws-count", title: `${n} ${piece} (${PIECE[piece].shape})` }, pieceIcon(piece), h("b", {}, PIECE[piece].letter), `×${n}`);
}

/** Pieces a word needs, or null if a symbol has no recipe. */
export function needs(word) {
  const total = { red: 0, yellow: 0, blue: 0, green: 0 };
  for (const ch of word) {
    const recipe = WORDSMITH_ALPHABET[ch];
    if (!recipe) return null;
    for (const [p, n] of Object.entries(recipe)) total[p] += n;
  }
  return total;
}

export default {
  title: "Wordsmith",
  wantLegal: false,
  rules: [
    "Everyone plays at once. Build words from your letter pieces using the alphabet: each letter has one recipe of red (long), yellow (short), blue (large curve) and green (small curve) pieces.",
    "Roll your die for another piece whenever you like (R R Y Y, and blue or green faces are wild: take any piece).",
    "Claim a word: it keeps its pieces and every leftover piece is discarded, checking one box each. Each new word must bring a letter your previous word did not have.",
    "The first to claim a sixth word calls Done; everyone else may claim one more word without rolling.",
    "Score: a point per letter, plus a point per unchecked bonus box. Three challenges; highest total wins.",
    "Keys: type a word and press Enter to claim; the alphabet helper lights up the letters you can build now.",
  ],

  mount(root, ctx) {
    this.ctx = ctx;
    this.info = h("div", { class: "wc-info" });
    this.tray = h("div", { class: "ws-tray row" });
    this.pool = h("div", { class: "ws-pool" });
    this.input = h("input", { type: "text", id: "ws-word", "aria-label": "Word to claim", placeholder: "Type a word to claim", autocomplete: "off", spellcheck: "false", maxlength: 30 });
    this.line = h("select", { id: "ws-line", "aria-label": "Line", hidden: true });
    this.need = h("span", { class: "wc-cost" });
    this.claimBtn = button("Claim", () => this.claim(), { class: "primary", id: "ws-claim" });
    this.rollBtn = button("⚅ Roll", () => this.ctx.act({ type: "roll" }, this.bar), { id: "ws-roll", title: `Die: ${WORDSMITH_DIE.join(", ")} (blue and green are wild)` });
    this.passBtn = button("Pass", () => this.ctx.act({ type: "pass" }, this.bar), { id: "ws-pass" });
    this.takes = h("span", { class: "ws-takes" });
    this.bar = h("form", { class: "actionbar", id: "ws-bar", onsubmit: (e) => { e.preventDefault(); this.claim(); } },
      this.input, this.line, this.claimBtn, this.rollBtn, this.passBtn, this.takes, this.need);
    this.alphabet = h("div", { class: "ws-alphabet" });
    this.sheets = h("div", { class: "row ws-sheets" });
    root.append(this.info, h("div", { class: "ws-top" }, h("div", {}, h("h3", {}, "Box tray"), this.tray), h("div", {}, h("h3", {}, "Your pieces"), this.pool)),
      this.bar, h("h3", {}, "Alphabet helper (lit: you can build it now)"), this.alphabet, h("h3", {}, "Score sheets"), this.sheets);
    this.input.addEventListener("input", () => this.drawNeed());
  },

  update(ctx) {
    this.ctx = ctx;
    const v = ctx.view;
    const me = ctx.seat !== null ? v.players[ctx.seat] : null;
    replace(this.info, h("span", { class: "tag big" }, `Challenge ${v.challenge} of ${v.challenges}`), " ",
      h("span", { class: "tag" }, `${v.mode === "race" ? "Race" : "Word by Word"} · ${v.phase}`), " ",
      v.done_by !== null && v.done_by !== undefined ? h("span", { class: "tag warn" }, `Done called by ${ctx.names[v.done_by]}: one last word each`) : null,
      v.required ? h("span", { class: "tag" }, `Letters per line: ${Array.isArray(v.required) ? v.required.join(" ") : v.required}`) : null,
      v.round_roll && v.round_roll.length ? h("span", { class: "tag" }, `Dice: ${v.round_roll.join(", ")}`) : null,
      v.min_length > 1 ? h("span", { class: "tag" }, `Words of ${v.min_length}+ letters`) : null);
    replace(this.tray, PIECES.map((p) => h("div", { class: "card ws-compartment" }, pieceIcon(p, 34), h("div", {}, h("b", {}, PIECE[p].letter), ` ${v.tray[p]}`))));
    replace(this.pool, me ? h("div", { class: "row" }, PIECES.map((p) => pieceCount(p, me.pool[p]))) : h("p", { class: "hint" }, "You are watching."));
    const can = ctx.myTurn && !ctx.over;
    this.bar.hidden = ctx.readonly || ctx.over;
    for (const b of [this.claimBtn, this.rollBtn, this.passBtn]) b.disabled = !can;
    if (me && me.pending) {
      replace(this.takes, "Take a piece: ", me.pending.map((p) => button(h("span", {}, pieceIcon(p, 18), PIECE[p].letter), () => ctx.act({ type: "take", piece: p }, this.bar), { class: "small", dataset: { piece: p }, "aria-label": `take ${p}` })));
    } else this.takes.replaceChildren();
    if (v.advanced && me) {
      this.line.hidden = false;
      const letters = Array.isArray(v.required) ? v.required : String(v.required || "").split("");
      replace(this.line, me.sheet.map((w, i) => (w ? null : h("option", { value: i + 1 }, `line ${i + 1}${letters[i] ? ` (${letters[i].toUpperCase()})` : ""}`))));
    }
    this.drawAlphabet(me);
    this.drawNeed();
    replace(this.sheets, v.players.map((p, seat) => this.sheet(p, seat)));
  },

  drawAlphabet(me) {
    replace(this.alphabet, Object.entries(WORDSMITH_ALPHABET).map(([letter, recipe]) => {
      const ok = me && Object.entries(recipe).every(([p, n]) => me.pool[p] >= n);
      return h("div", { class: ["ws-letter", ok ? "ok" : ""], title: Object.entries(recipe).map(([p, n]) => `${n} ${p}`).join(", ") },
        h("span", { class: "ws-glyph" }, letter.toUpperCase()),
        h("span", { class: "ws-recipe" }, Object.entries(recipe).map(([p, n]) => h("span", { class: `ws-r ws-${p}` }, `${n}${PIECE[p].letter}`))));
    }));
  },

  drawNeed() {
    const v = this.ctx.view;
    const me = this.ctx.seat !== null ? v.players[this.ctx.seat] : null;
    const word = this.input.value.trim().toLowerCase();
    if (!word || !me) { this.need.textContent = ""; return; }
    const need = needs(word);
    if (!need) { this.need.textContent = "Some of these symbols have no recipe."; return; }
    const short = PIECES.filter((p) => need[p] > me.pool[p]);
    const left = PIECES.reduce((a, p) => a + Math.max(0, me.pool[p] - need[p]), 0);
    this.need.textContent = `Needs ${PIECES.filter((p) => need[p]).map((p) => `${need[p]}${PIECE[p].letter}`).join(" ")}` +
      (short.length ? ` · missing ${short.map((p) => `${need[p] - me.pool[p]}${PIECE[p].letter}`).join(" ")}` : ` · ${left} left over to discard`);
  },

  async claim() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) { this.input.focus(); return; }
    const action = { type: "claim", word };
    if (this.ctx.view.advanced && this.line.value) action.line = Number(this.line.value);
    const answer = await this.ctx.act(action, this.bar);
    if (answer.type === "ok") { this.input.value = ""; this.drawNeed(); }
  },

  sheet(p, seat) {
    const ctx = this.ctx;
    const boxes = [];
    for (let i = 0; i < 12; i++) {
      const checked = i < p.discards;
      boxes.push(h("span", { class: ["ws-box", i >= 6 ? "bonus" : "", checked ? "checked" : ""], title: i >= 6 ? "bonus box (1 point if unchecked)" : "free box" }, checked ? "✗" : i >= 6 ? "+1" : ""));
    }
    return h("div", { class: ["card", "ws-sheet", seat === ctx.seat ? "mine" : ""] },
      h("div", {}, seatMark(seat), " ", h("strong", {}, ctx.names[seat]), h("span", { class: "hint-dark" }, ` · ${p.status} · ${ctx.view.scores[seat]} pts`)),
      // Secret Wordsmith: another player's sheet is null until the challenge is scored.
      p.sheet ? h("ol", { class: "ws-lines" }, p.sheet.map((w) => h("li", {}, w ? w.toUpperCase() : "…")))
        : h("p", { class: "hint-dark ws-hidden" }, `${plural(p.words, "word")}, hidden until scoring`),
      h("div", { class: "ws-boxes", "aria-label": `${p.discards} discard boxes checked` }, boxes),
      seat !== ctx.seat ? h("div", { class: "hint-dark" }, "pieces: ", PIECES.map((q) => `${PIECE[q].letter}${p.pool[q]} `)) : null);
  },

  describe(event, names) {
    const name = who(event, names);
    switch (event.type) {
      case "rolled": return `${name} rolled ${event.face}${event.piece ? ` and took ${event.piece}` : event.choice ? " (wild: a choice)" : ""}.`;
      case "took": return `${name} took a ${event.piece} piece.`;
      case "roll-lost": return `${name}'s roll comes to nothing: the tray holds none of the pieces it offered.`;
      case "claimed": return `${name} claimed ${event.word ? event.word.toUpperCase() : "a word"}${event.discarded ? `, discarding ${event.discarded}` : ""}.`;
      case "done": return `${name} called Done!`;
      case "passed": return `${name} passed.`;
      case "round": return `Word ${event.word}: the dice show ${event.faces.join(", ")}.`;
      case "scored": return "The challenge is scored.";
      case "challenge": return `Challenge ${event.challenge ?? ""} begins.`;
      case "game-over": return `Game over: ${event.totals.map((t, i) => `${names[i]} ${t}`).join(", ")}.`;
      default: return null;
    }
  },

  /** End screen: each challenge's points. */
  breakdown(d, view, seats) {
    if (!d.challenges) return null;
    return {
      head: d.challenges.map((_, i) => `Challenge ${i + 1}`),
      rows: Array.from({ length: seats }, (_, seat) => d.challenges.map((c) => c[seat])),
      note: "A challenge: a point per letter of each word kept, plus a point per unchecked bonus box.",
    };
  },

  scoreSheet(view) {
    return { head: ["Words", "Boxes"], rows: view.players.map((p) => [p.words, p.boxes_left]) };
  },
};
