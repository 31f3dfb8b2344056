// Evocabulary: your hand, every wizard's teams of familiars with their spells, market, piles.
import { h, replace, button, seatMark } from "../dom.js";
import { EVOCABULARY_POINTS, familiarFront } from "../data.js";
import { who } from "./common.js";

const ICON = { draw: "⇩", wild: "✱", burn: "♨", publish: "☰", hire: "☺", lock: "⊠", teamwork: "⇄", pickup: "↩" };
const PILES = { len5: "exactly 5 letters", len6: "exactly 6 letters", len7: "exactly 7 letters", len8: "8+ letters", syl2: "exactly 2 syllables", syl3: "3+ syllables" };

function teamFor(length) { return Math.min(6, Math.max(3, length)); }

/** Layouts of a word from sources {prefix: {face: count}}, "?" being a wild; at least one hand card. */
function* layouts(word, sources, needHand = true) {
  const chosen = [];
  function* walk(at, fromHand) {
    if (at === word.length) { if (fromHand || !needHand) yield [...chosen]; return; }
    for (const [source, pool] of Object.entries(sources)) {
      for (const face of Object.keys(pool)) {
        if (pool[face] <= 0) continue;
        let token; let step;
        if (face === "?") { token = `${source}?${word[at]}`; step = 1; } else if (word.startsWith(face, at)) { token = source + face; step = face.length; } else continue;
        pool[face] -= 1; chosen.push(token);
        yield* walk(at + step, fromHand || source === "");
        chosen.pop(); pool[face] += 1;
      }
    }
  }
  yield* walk(0, false);
}

function count(list) {
  const out = {};
  for (const x of list) out[x] = (out[x] || 0) + 1;
  return out;
}

/** The layout the terminal would pick: locked and kept letters first, wilds last. */
export function layout(word, view, seat, modifyTeam = null) {
  const teams = view.teams[seat];
  const target = teams[teamFor(word.length) - 3];
  const sources = { "": count(view.hand || []), "=": count(target.familiars.filter((f) => f.lock).map((f) => f.lock)) };
  if (modifyTeam && teams[modifyTeam - 3].spell) {
    sources["@"] = count(teams[modifyTeam - 3].spell.cards.filter((t) => !t.startsWith("=")).map((t) => (t.startsWith("?") ? "?" : t)));
  }
  const merit = (l) => l.reduce((a, t) => a + (t.startsWith("=") ? 2 : t.startsWith("@") ? 1 : 0) - (t.includes("?") ? 3 : 0), 0);
  // A modify must add or remove a card: a card from the hand, or fewer of the spell's cards.
  const kept = Object.values(sources["@"] || {}).reduce((a, b) => a + b, 0);
  const changes = (l) => !sources["@"] || l.some((t) => !t.startsWith("@") && !t.startsWith("=")) ||
    l.filter((t) => t.startsWith("@")).length < kept;
  let best = null; let n = 0;
  for (const l of layouts(word, sources, !sources["@"])) {
    if (!changes(l)) continue;
    if (!best || merit(l) > merit(best)) best = l;
    if (++n > 500) break;
  }
  return best || word.split("");
}

function letterCard(face, attrs = {}) {
  return h("span", { class: ["evo-card", face === "?" ? "wild" : ""], title: attrs.title },
    h("span", { class: "evo-face" }, face === "?" ? "?" : face.toUpperCase()), h("span", { class: "evo-pts" }, EVOCABULARY_POINTS[face] ?? ""));
}

function describeUse(action, view) {
  if (action.type === "done") return "End the activation";
  const team = view.pending ? view.teams[view.seat][view.pending.team - 3] : null;
  const fam = team ? team.familiars.find((f) => f.id === action.card) : null;
  const kindOf = action.card === "leader" ? team && team.leader : fam && fam.action;
  if (Object.keys(action).length === 2) return `${action.card === "leader" ? "Leader" : action.card}: ${ICON[kindOf] || ""} ${kindOf || "use"}`;
  const parts = [];
  const kind = action.copy ? `teamwork → ${action.copy}` : null;
  const by = action.card === "leader" ? "Leader" : action.card;
  if (action.familiar) parts.push(`hire ${action.familiar} (${ICON[familiarFront(action.familiar)]} ${familiarFront(action.familiar)}) to team ${action.team}, ${action.side === "front" ? "front" : "back (draw)"}${action.lock ? `, locking ${action.lock.toUpperCase()}` : ""}`);
  else if (action.letter) parts.push(`burn ${action.letter.toUpperCase()} (+${EVOCABULARY_POINTS[action.letter] ?? 0})`);
  else if (action.achievement !== undefined || (action.team && (action.copy === "publish" || !action.copy))) {
    const spell = action.team ? view.teams[view.seat][action.team - 3].spell : null;
    if (action.achievement !== undefined || (spell && !action.copy && action.card)) parts.push(`${action.achievement !== undefined ? "publish" : "spell at"} team ${action.team}${spell ? ` (${spell.word.toUpperCase()})` : ""}${action.achievement ? ` claiming ${action.achievement}${action.multiply !== undefined ? ` ×card ${action.multiply + 1}` : ""}` : ""}`);
  }
  if (!parts.length) parts.push(kind || "use");
  return `${by}: ${kind && !parts[0].startsWith("teamwork") ? `${kind}, ` : ""}${parts.join(" ")}`;
}

export default {
  title: "Evocabulary",
  wantLegal: true,
  rules: [
    "On your turn: start a spell (a word of 3+ letters from your hand), modify one of your spells, or discard letters and draw back to 7.",
    "A spell sits at the team of its length (3, 4, 5, 6+) and activates it: the leader and each familiar there offer one action, in any order, each optional.",
    "Actions: ⇩ draw a letter, ✱ take a wild, ♨ burn a letter for its points, ☰ publish a spell for points (and an achievement), ☺ hire a familiar, ⊠ lock a letter under it, ⇄ teamwork copies a familiar, ↩ pick a spell up.",
    "Locked letters may be used in spells at their own team. A wild (?) stands for any letter.",
    "When the deck is empty and a full round passes without a burn or publish, the most points wins.",
    "Keys: type a word, Enter starts it (the cards are laid out for you: locked letters first, wilds last).",
  ],

  mount(root, ctx) {
    this.ctx = ctx;
    this.info = h("div", { class: "wc-info" });
    this.hand = h("div", { class: "evo-hand", id: "evo-hand" });
    this.input = h("input", { type: "text", id: "evo-word", "aria-label": "Spell", placeholder: "Type a spell", autocomplete: "off", spellcheck: "false", maxlength: 30 });
    this.modTeam = h("select", { id: "evo-modify-team", "aria-label": "Spell to modify" });
    this.preview = h("span", { class: "wc-cost" });
    this.bar = h("form", { class: "actionbar", id: "evo-bar", onsubmit: (e) => { e.preventDefault(); this.start(); } },
      this.input, button("Start spell", () => this.start(), { class: "primary", id: "evo-start" }),
      this.modTeam, button("Modify", () => this.modify(), { id: "evo-modify" }),
      button("Discard selected", () => this.discard(), { id: "evo-discard" }), button("Draw to 7", () => this.ctx.act({ type: "draw" }, this.bar), { id: "evo-draw" }), this.preview);
    this.activation = h("div", { class: "actionbar evo-activation", id: "evo-activation" });
    this.market = h("div", { class: "row" });
    this.piles = h("div", { class: "row evo-piles" });
    this.wizards = h("div", { class: "evo-wizards" });
    root.append(this.info, h("h3", {}, "Your hand"), this.hand, this.bar, this.activation,
      h("div", { class: "row" }, h("div", {}, h("h3", {}, "Market"), this.market), h("div", {}, h("h3", {}, "Achievement piles (top card)"), this.piles)),
      h("h3", {}, "Wizards"), this.wizards);
    this.selected = null;
    this.input.addEventListener("input", () => this.drawPreview());
  },

  update(ctx) {
    this.ctx = ctx;
    const v = ctx.view;
    replace(this.info, h("span", { class: "tag big" }, v.phase === "activation" ? "Activation" : "Turn"), " ",
      h("span", { class: "tag" }, `Deck ${v.deck_size}`), " ", h("span", { class: "tag" }, `Wilds ${v.wild_pile}`), " ",
      h("span", { class: "tag" }, `Discard ${v.discard_size}${v.discard_top ? ` (top ${v.discard_top.toUpperCase()})` : ""}`), " ",
      h("span", { class: "tag" }, `Leaders side ${v.leaders}`), v.deck_size === 0 ? h("span", { class: "tag warn" }, `Deck empty: quiet turns ${v.quiet_turns}`) : null);
    const hand = v.hand || [];
    if (this.selected !== null && this.selected >= hand.length) this.selected = null;
    replace(this.hand, ctx.seat === null ? h("p", { class: "hint" }, "You are watching: hands are hidden.") :
      hand.map((face, i) => button(letterCard(face), () => { this.selected = this.selected === i ? null : i; this.update(this.ctx); },
        { class: ["evo-hand-card", this.selected === i ? "chosen" : ""], "aria-label": `letter ${face}`, dataset: { face } })));
    const mine = ctx.seat !== null ? v.teams[ctx.seat] : [];
    replace(this.modTeam, mine.filter((t) => t.spell).map((t) => h("option", { value: t.team }, `team ${t.team === 6 ? "6+" : t.team}: ${t.spell.word.toUpperCase()}`)));
    this.modTeam.hidden = !this.modTeam.options.length;
    const turn = ctx.myTurn && v.phase !== "activation";
    this.bar.hidden = ctx.readonly || ctx.over;
    for (const b of this.bar.querySelectorAll("button")) b.disabled = !turn;
    this.drawActivation();
    replace(this.market, v.market.map((id) => h("div", { class: "card evo-familiar" }, h("b", {}, id), h("div", {}, `${ICON[familiarFront(id)]} ${familiarFront(id)}`), h("div", { class: "hint-dark" }, "back: ⇩ draw"))));
    replace(this.piles, Object.entries(v.piles).map(([pile, cards]) => h("div", { class: "card evo-pile" }, h("b", {}, pile), h("div", { class: "hint-dark" }, PILES[pile] || ""), h("div", {}, cards.length ? `${cards[0]} · ${cards.length} left` : "empty"))));
    replace(this.wizards, v.teams.map((teams, seat) => this.wizard(teams, seat)));
    this.drawPreview();
  },

  wizard(teams, seat) {
    const ctx = this.ctx;
    const v = ctx.view;
    const team = (t) => h("div", { class: ["evo-team", v.pending && v.turn === seat && v.pending.team === t.team ? "active" : ""] },
      h("div", { class: "evo-leader" }, h("b", {}, t.team === 6 ? "6+" : String(t.team)), ` ${ICON[t.leader] || ""} ${t.leader}`),
      t.familiars.map((f) => h("div", { class: "evo-fam" }, `${ICON[f.action] || ""} ${f.action}`, h("span", { class: "hint-dark" }, ` ${f.id}`), f.lock ? h("span", { class: "tag" }, `⊠ ${f.lock.toUpperCase()}`) : null)),
      t.spell
        ? h("div", { class: "evo-spell" },
          t.spell.cards.map((tok) => letterCard(tok.replace(/^[=@]/, "").replace(/^\?./, "?"), { title: tok })),
          h("div", {}, h("b", {}, t.spell.word.toUpperCase()), ` ${t.spell.points} pts`))
        : h("div", { class: "hint-dark" }, "no spell"));
    return h("div", { class: ["card", "evo-wizard", seat === ctx.seat ? "mine" : "", v.turn === seat ? "to-play" : ""] },
      h("div", {}, seatMark(seat), " ", h("strong", {}, ctx.names[seat]),
        h("span", { class: "hint-dark" }, ` · ${v.hand_sizes[seat]} letters in hand · ${v.scores[seat]} points · achievements ${v.achievements[seat].join(", ") || "none"}`)),
      h("div", { class: "evo-teams" }, teams.map(team)));
  },

  drawActivation() {
    const ctx = this.ctx;
    const v = ctx.view;
    if (!v.pending || ctx.readonly) { this.activation.hidden = true; return; }
    this.activation.hidden = false;
    const legal = ctx.myTurn ? ctx.legal || [] : [];
    replace(this.activation, h("strong", {}, `Team ${v.pending.team} activates: `),
      ctx.myTurn ? null : h("span", {}, `${ctx.names[v.turn]} is choosing.`),
      legal.slice(0, 80).map((a) => button(describeUse(a, { ...v, seat: ctx.seat }), () => ctx.act(a, this.activation), { class: "small", dataset: { kind: a.type } })));
  },

  drawPreview() {
    const v = this.ctx.view;
    const word = this.input.value.trim().toLowerCase();
    if (!word || this.ctx.seat === null) { this.preview.textContent = ""; return; }
    const l = layout(word, v, this.ctx.seat);
    this.preview.textContent = `→ team ${word.length >= 6 ? "6+" : teamFor(word.length)} · cards ${l.join(" ")}`;
  },

  start() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) { this.input.focus(); return; }
    this.ctx.act({ type: "start", word, cards: layout(word, this.ctx.view, this.ctx.seat) }, this.bar).then((a) => { if (a.type === "ok") { this.input.value = ""; this.drawPreview(); } });
  },

  modify() {
    const word = this.input.value.trim().toLowerCase();
    const team = Number(this.modTeam.value);
    if (!word || !team) { this.input.focus(); return; }
    this.ctx.act({ type: "modify", team, word, cards: layout(word, this.ctx.view, this.ctx.seat, team) }, this.bar).then((a) => { if (a.type === "ok") { this.input.value = ""; this.drawPreview(); } });
  },

  discard() {
    const hand = this.ctx.view.hand || [];
    if (this.selected === null) { this.ctx.act({ type: "discard", letter: "" }, this.bar); return; }
    this.ctx.act({ type: "discard", letter: hand[this.selected] }, this.bar).then(() => { this.selected = null; });
  },

  describe(event, names) {
    const name = who(event, names);
    const word = String(event.word || "").toUpperCase();
    switch (event.type) {
      case "started": case "modified": return `${name} ${event.type} ${word} at team ${event.team}.`;
      case "drew": return `${name} drew ${event.count} letter${event.count === 1 ? "" : "s"}.`;
      case "drew-wild": return `${name} took a wild.`;
      case "discarded": return `${name} discarded ${String(event.letter).toUpperCase()}.`;
      case "burned": return `${name} burned ${String(event.letter).toUpperCase()} for ${event.points}.`;
      case "published": return `${name} published ${word} for ${event.points}${event.achievement ? `, claiming ${event.achievement}` : ""}.`;
      case "hired": return `${name} hired ${event.familiar} to team ${event.team}${event.lock ? `, locking ${event.lock.toUpperCase()}` : ""}.`;
      case "picked-up": return `${name} picked ${word} back up.`;
      case "done": return `${name} ended the activation.`;
      case "game-over": return "Game over.";
      default: return null;
    }
  },

  scoreSheet(view) {
    return { head: ["Hand", "Ach."], rows: view.scores.map((_, i) => [view.hand_sizes[i], view.achievements[i].length]) };
  },
};
