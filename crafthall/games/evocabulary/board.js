// @ts-check
// Evocabulary: your hand, every wizard's teams of familiars with their spells, market, piles.
// Letter points, achievements, familiars and piles come from the game's components.json.
import { h, replace, button } from "/static/js/dom.js";
import { actionForm, components, playerHeading, showRefusal, tag, wordInput } from "/static/js/board-kit.js";

const ICON = { draw: "⇩", wild: "✱", burn: "♨", publish: "☰", hire: "☺", lock: "⊠", teamwork: "⇄", pickup: "↩" };

/**
 * @typedef {object} Cards what the board looks up about the cards, by id or face
 * @property {Record<string, number>} points each letter face's points ("?", a wild, scores none)
 * @property {Record<string, [number, number]>} achievements each achievement's points and factor
 * @property {Record<string, string>} fronts each familiar's front action
 * @property {Record<string, string>} piles what each achievement pile asks for
 */

/**
 * The cards' facts, looked up by id, from the components.
 * @param {any} facts the parsed components.json
 * @returns {Cards}
 */
function cardFacts(facts) {
  return {
    points: { ...Object.fromEntries(facts.letters.map((c) => [c.face, c.points])), "?": 0 },
    achievements: Object.fromEntries(facts.achievements.map((c) => [c.id, [c.points ?? 0, c.factor ?? 1]])),
    fronts: Object.fromEntries(facts.familiars.map((f) => [f.id, f.front])),
    piles: Object.fromEntries(Object.entries(facts.achievement_piles).map(([pile, p]) => [pile, p.text])),
  };
}

function teamFor(length) {
  return Math.min(6, Math.max(3, length));
}

function count(list) {
  const out = {};
  for (const x of list) out[x] = (out[x] || 0) + 1;
  return out;
}

const ORDER = ["=", "@", ""]; // letters locked at the team, the spell's own cards, the hand

function combinations(items, size, from = 0, chosen = [], out = []) {
  if (chosen.length === size) {
    out.push([...chosen]);
    return out;
  }
  for (let i = from; i < items.length; i++) {
    chosen.push(items[i]);
    combinations(items, size, i + 1, chosen, out);
    chosen.pop();
  }
  return out;
}

/** Where double cards go for the fewest wilds: as few of them as give that, earliest places first. */
function doublePlaces(word, singles, doubles, wilds) {
  const spots = [];
  for (let at = 0; at + 1 < word.length; at++) if (doubles[word.slice(at, at + 2)]) spots.push(at);
  let best = null;
  for (let size = 0; size <= spots.length; size++) {
    for (const chosen of combinations(spots, size)) {
      if (chosen.some((at, i) => i > 0 && at - chosen[i - 1] < 2)) continue;
      const pairs = count(chosen.map((at) => word.slice(at, at + 2)));
      if (Object.entries(pairs).some(([pair, n]) => doubles[pair] < n)) continue;
      const covered = new Set(chosen.flatMap((at) => [at, at + 1]));
      const rest = count([...word].filter((_, i) => !covered.has(i)));
      const missing = Object.entries(rest).reduce((a, [ch, n]) => a + Math.max(0, n - (singles[ch] || 0)), 0);
      if (!best || missing < best.fewest) best = { places: new Set(chosen), fewest: missing };
      if (best.fewest === 0) return best;
    }
  }
  return best && best.fewest <= wilds ? best : null;
}

/** The n-th card showing a face (sources in order) goes to the n-th place wanting it; wilds last. */
function layOut(word, places, tokens, wildTokens) {
  const seen = {};
  const out = [];
  let wilds = 0;
  for (let at = 0; at < word.length;) {
    const face = places.has(at) ? word.slice(at, at + 2) : word[at];
    const nth = seen[face] || 0;
    seen[face] = nth + 1;
    if (tokens[face] && nth < tokens[face].length) out.push(tokens[face][nth]);
    else if (wilds < wildTokens.length) out.push(wildTokens[wilds++] + face);
    else return null;
    at += face.length;
  }
  return out;
}

/** A modify costs a card: it plays one from the hand or takes one of the spell's own out. */
function isChange(l, change) {
  if (l.some((t) => !t.startsWith("@") && !t.startsWith("="))) return true;
  return l.filter((t) => t.startsWith("@")).length < change.kept;
}

/** The first layout keeping the rules, letter by letter in the same order, fewest wilds first. */
function search(word, pools, fewest, allowed) {
  const chosen = [];
  const wilds = Object.values(pools).reduce((a, p) => a + (p["?"] || 0), 0);
  function place(source, face, letters, after, budget) {
    pools[source][face] -= 1;
    chosen.push(source + (face === "?" ? `?${letters}` : face));
    if (walk(after, budget)) return true;
    chosen.pop();
    pools[source][face] += 1;
    return false;
  }
  function walk(at, budget) {
    if (at === word.length) return allowed(chosen);
    const options = at + 1 < word.length ? [word.slice(at, at + 2), word[at]] : [word[at]];
    for (const [source, pool] of Object.entries(pools)) {
      for (const face of options)
        if ((pool[face] || 0) > 0 && place(source, face, face, at + face.length, budget)) return true;
    }
    if (budget)
      for (const [source, pool] of Object.entries(pools))
        if ((pool["?"] || 0) > 0 && place(source, "?", word[at], at + 1, budget - 1)) return true;
    return false;
  }
  for (let budget = fewest; budget <= wilds; budget++) if (walk(0, budget)) return chosen;
  return null;
}

/** The canonical layout, as the game's legal actions give it: fewest wilds; double cards only where
 * they save a wild; each card from the first source showing it (letters locked at the team, the
 * spell's own cards, the hand), wilds last. A start uses the hand; a modify changes the spell. */
export function canonical(word, sources, needHand, change) {
  const pools = {};
  const tokens = {};
  const wildTokens = [];
  const singles = {};
  const doubles = {};
  for (const source of ORDER) {
    if (!sources[source] || !Object.values(sources[source]).some((n) => n > 0)) continue;
    pools[source] = { ...sources[source] };
    for (const [face, n] of Object.entries(sources[source])) {
      for (let i = 0; i < n; i++) {
        if (face === "?") {
          wildTokens.push(`${source}?`);
          continue;
        }
        const kind = face.length === 1 ? singles : doubles;
        kind[face] = (kind[face] || 0) + 1;
        (tokens[face] = tokens[face] || []).push(source + face);
      }
    }
  }
  const allowed = (l) =>
    (!needHand || l.some((t) => !t.startsWith("=") && !t.startsWith("@"))) && (!change || isChange(l, change));
  if (needHand && !pools[""]) return null;
  const plan = doublePlaces(word, singles, doubles, wildTokens.length);
  if (!plan) return null;
  const first = layOut(word, plan.places, tokens, wildTokens);
  return first && allowed(first) ? first : search(word, pools, plan.fewest, allowed);
}

/** The layout a typed word gets: the one the game lists for it. */
export function layout(word, view, seat, modifyTeam = null) {
  const teams = view.teams[seat];
  const target = teams[teamFor(word.length) - 3];
  const sources = { "": count(view.hand || []), "=": count(target.familiars.filter((f) => f.lock).map((f) => f.lock)) };
  let change = null;
  if (modifyTeam && teams[modifyTeam - 3].spell) {
    const cards = teams[modifyTeam - 3].spell.cards;
    const kept = cards.filter((t) => !t.startsWith("=")).map((t) => (t.startsWith("?") ? "?" : t));
    sources["@"] = count(kept);
    change = { kept: kept.length };
  }
  return canonical(word, sources, !change, change) || word.split("");
}

/**
 * A letter card: its face and its points.
 * @param {string} face
 * @param {Cards} cards
 * @param {{title?: string}} [attrs]
 */
function letterCard(face, cards, attrs = {}) {
  return h(
    "span",
    { class: ["evo-card", face === "?" ? "wild" : ""], title: attrs.title },
    h("span", { class: "evo-face" }, face === "?" ? "?" : face.toUpperCase()),
    h("span", { class: "evo-pts" }, cards.points[face] ?? ""),
  );
}

/**
 * Points of a spell card token (a locked "=" or kept "@" card scores its face; a wild none).
 * @param {string} token
 * @param {Cards} cards
 */
function tokenPoints(token, cards) {
  const face = token.replace(/^[=@]/, "");
  return face.startsWith("?") ? 0 : (cards.points[face] ?? 0);
}

/**
 * An activation button: the action and what it gains, then whose action it is, e.g.
 * "☰ Publish STONE +9, claims len5 +4 (leader)".
 * @param {any} action
 * @param {any} view
 * @param {Cards} cards
 */
export function describeUse(action, view, cards) {
  if (action.type === "done") return "End the activation";
  const teams = view.teams[view.seat];
  const team = view.pending ? teams[view.pending.team - 3] : null;
  const fam = team ? team.familiars.find((f) => f.id === action.card) : null;
  const own = action.card === "leader" ? team && team.leader : fam && fam.action;
  const kind = action.copy || own;
  const by = action.card === "leader" ? "leader" : action.card;
  const via = action.copy ? ` (${by}, teamwork as ${action.copy})` : ` (${by})`;
  const spell = action.team ? teams[action.team - 3].spell : null;
  let what;
  if (action.familiar) {
    const front = cards.fronts[action.familiar];
    const side = action.side === "front" ? "front" : "back (draw)";
    const lock = action.lock ? `, locking ${action.lock.toUpperCase()}` : "";
    what = `Hire ${action.familiar} (${ICON[front]} ${front}) to team ${action.team}, ${side}${lock}`;
  } else if (action.letter) what = `Burn ${action.letter.toUpperCase()} +${cards.points[action.letter] ?? 0}`;
  else if (kind === "publish" && spell) {
    const top = action.achievement ? (view.piles[action.achievement] || [])[0] : null;
    const [points, factor] = (top && cards.achievements[top]) || [0, 1];
    const card = action.multiply !== undefined ? spell.cards[action.multiply] : null;
    const bonus = !top ? 0 : factor > 1 && card ? (factor - 1) * tokenPoints(card, cards) : points;
    const multiplied = card ? card.replace(/^[=@]/, "").replace(/^\?/, "wild ").toUpperCase() : "";
    const times = factor > 1 && card ? ` ×${factor} on ${multiplied}` : "";
    const claim = top ? `, claims ${action.achievement}${times}` : "";
    what = `${ICON.publish} Publish ${spell.word.toUpperCase()} +${spell.points + bonus}${claim}`;
  } else if (kind === "pickup" && spell) what = `${ICON.pickup} Pick up ${spell.word.toUpperCase()} into your hand`;
  else if (kind === "draw") what = `${ICON.draw} Draw a letter`;
  else if (kind === "wild") what = `${ICON.wild} Take a wild`;
  else what = `${ICON[kind] || ""} ${kind || "use"}`.trim();
  return `${what}${via}`;
}

class EvocabularyBoard {
  wantLegal = true;
  mount(root, ctx) {
    this.ctx = ctx;
    this.cards = cardFacts(components(ctx));
    this.handSize = components(ctx).hand_size;
    this.info = h("div", { class: "board-info" });
    this.hand = h("div", { class: "evo-hand", id: "evo-hand" });
    this.input = wordInput("evo-word", "Spell", "Type a spell");
    this.modTeam = h("select", { id: "evo-modify-team", "aria-label": "Spell to modify" });
    this.preview = h("span", { class: "board-note" });
    this.bar = actionForm(
      "evo-bar",
      () => this.start(),
      this.input,
      button("Start spell", () => this.start(), { class: "primary", id: "evo-start" }),
      this.modTeam,
      button("Modify", () => this.modify(), { id: "evo-modify" }),
      button("Discard selected", () => this.discard(), { id: "evo-discard" }),
      button(`Pass: draw to ${this.handSize}`, () => this.ctx.act({ type: "draw" }, this.bar), {
        id: "evo-draw",
        title:
          `Discard nothing and draw back to ${this.handSize} letters (with ${this.handSize} already, just pass; ` +
          "not twice in a row while the deck has cards or you can burn or publish)",
      }),
      this.preview,
    );
    this.activation = h("div", { class: "actionbar evo-activation", id: "evo-activation" });
    this.market = h("div", { class: "row" });
    this.piles = h("div", { class: "row evo-piles" });
    this.wizards = h("div", { class: "evo-wizards" });
    root.append(
      this.info,
      h("h3", {}, "Your hand"),
      this.hand,
      this.bar,
      this.activation,
      h(
        "div",
        { class: "row" },
        h("div", {}, h("h3", {}, "Market"), this.market),
        h("div", {}, h("h3", {}, "Achievement piles (top card)"), this.piles),
      ),
      h("h3", {}, "Wizards"),
      this.wizards,
    );
    this.selected = null;
    this.input.addEventListener("input", () => this.drawPreview());
  }

  update(ctx) {
    this.ctx = ctx;
    const v = ctx.view;
    const quietLeft = v.stall_rounds * v.scores.length - v.quiet_turns;
    const quiet = v.stall_rounds ? `, or after ${quietLeft} more quiet turns` : "";
    replace(
      this.info,
      tag(v.phase === "activation" ? "Activation" : "Turn", "big"),
      " ",
      tag(`Deck ${v.deck_size}`),
      " ",
      tag(`Wilds ${v.wild_pile}`),
      " ",
      tag(`Discard ${v.discard_size}${v.discard_top ? ` (top ${v.discard_top.toUpperCase()})` : ""}`),
      " ",
      tag(`Leaders side ${v.leaders}`),
      v.deck_size === 0 ? tag(`Deck empty: ends when nobody can burn or publish${quiet}`, "warn") : null,
    );
    const hand = v.hand || [];
    if (this.selected !== null && this.selected >= hand.length) this.selected = null;
    replace(
      this.hand,
      ctx.seat === null
        ? h("p", { class: "hint" }, "You are watching: hands are hidden.")
        : hand.map((face, i) =>
            button(
              letterCard(face, this.cards),
              () => {
                this.selected = this.selected === i ? null : i;
                this.update(this.ctx);
              },
              {
                class: ["evo-hand-card", this.selected === i ? "chosen" : ""],
                title: `${face.toUpperCase()}, ${this.cards.points[face] ?? 0} points`,
                "aria-pressed": this.selected === i ? "true" : "false",
                dataset: { face },
              },
            ),
          ),
    );
    const mine = ctx.seat !== null ? v.teams[ctx.seat] : [];
    replace(
      this.modTeam,
      mine
        .filter((t) => t.spell)
        .map((t) =>
          h("option", { value: t.team }, `team ${t.team === 6 ? "6+" : t.team}: ${t.spell.word.toUpperCase()}`),
        ),
    );
    this.modTeam.hidden = !this.modTeam.options.length;
    const turn = ctx.myTurn && v.phase !== "activation";
    this.bar.hidden = ctx.readonly || ctx.over;
    for (const b of this.bar.querySelectorAll("button")) b.disabled = !turn;
    this.drawActivation();
    replace(
      this.market,
      v.market.map((id) =>
        h(
          "div",
          { class: "card evo-familiar" },
          h("b", {}, id),
          h("div", {}, `${ICON[this.cards.fronts[id]]} ${this.cards.fronts[id]}`),
          h("div", { class: "hint-dark" }, "back: ⇩ draw"),
        ),
      ),
    );
    replace(
      this.piles,
      Object.entries(v.piles).map(([pile, cards]) =>
        h(
          "div",
          { class: "card evo-pile" },
          h("b", {}, pile),
          h("div", { class: "hint-dark" }, this.cards.piles[pile] || ""),
          h("div", {}, cards.length ? `${cards[0]} · ${cards.length} left` : "empty"),
        ),
      ),
    );
    replace(
      this.wizards,
      v.teams.map((teams, seat) => this.wizard(teams, seat)),
    );
    this.drawPreview();
  }

  wizard(teams, seat) {
    const ctx = this.ctx;
    const v = ctx.view;
    const team = (t) =>
      h(
        "div",
        { class: ["evo-team", v.pending && v.active.includes(seat) && v.pending.team === t.team ? "active" : ""] },
        h(
          "div",
          { class: "evo-leader" },
          h("b", {}, t.team === 6 ? "6+" : String(t.team)),
          ` ${ICON[t.leader] || ""} ${t.leader}`,
        ),
        t.familiars.map((f) =>
          h(
            "div",
            { class: "evo-fam" },
            `${ICON[f.action] || ""} ${f.action}`,
            h("span", { class: "hint-dark" }, ` ${f.id}`),
            f.lock ? tag(`⊠ ${f.lock.toUpperCase()}`) : null,
          ),
        ),
        t.spell
          ? h(
              "div",
              { class: "evo-spell" },
              t.spell.cards.map((tok) =>
                letterCard(tok.replace(/^[=@]/, "").replace(/^\?./, "?"), this.cards, { title: tok }),
              ),
              h("div", {}, h("b", {}, t.spell.word.toUpperCase()), ` ${t.spell.points} pts`),
            )
          : h("div", { class: "hint-dark" }, "no spell"),
      );
    return h(
      "div",
      { class: ["card", "evo-wizard", seat === ctx.seat ? "mine" : "", v.active.includes(seat) ? "to-play" : ""] },
      h(
        "div",
        {},
        playerHeading(seat, ctx.names[seat]),
        h(
          "span",
          { class: "hint-dark" },
          ` · ${v.hand_sizes[seat]} letters in hand · ${v.scores[seat]} points` +
            ` · achievements ${v.achievements[seat].join(", ") || "none"}`,
        ),
      ),
      h("div", { class: "evo-teams" }, teams.map(team)),
    );
  }

  drawActivation() {
    const ctx = this.ctx;
    const v = ctx.view;
    if (!v.pending || ctx.readonly || ctx.over) {
      this.activation.hidden = true;
      return;
    }
    this.activation.hidden = false;
    const legal = ctx.myTurn ? ctx.legal || [] : [];
    const whose = ctx.myTurn ? "Your" : `${ctx.names[v.active[0]]}'s`;
    replace(
      this.activation,
      h("strong", {}, `${whose} team ${v.pending.team === 6 ? "6+" : v.pending.team} activates: `),
      ctx.myTurn
        ? h("span", { class: "hint-dark" }, "each action is optional; End when done. ")
        : h("span", {}, `${ctx.names[v.active[0]]} is choosing.`),
      legal.slice(0, 80).map((a) =>
        button(describeUse(a, { ...v, seat: ctx.seat }, this.cards), () => ctx.act(a, this.activation), {
          class: "small",
          dataset: { kind: a.type },
        }),
      ),
    );
  }

  drawPreview() {
    const v = this.ctx.view;
    const word = this.input.value.trim().toLowerCase();
    if (!word || this.ctx.seat === null) {
      this.preview.textContent = "";
      return;
    }
    const l = layout(word, v, this.ctx.seat);
    this.preview.textContent = `→ team ${word.length >= 6 ? "6+" : teamFor(word.length)} · cards ${l.join(" ")}`;
  }

  start() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) {
      this.input.focus();
      return;
    }
    this.ctx.act({ type: "start", word, cards: layout(word, this.ctx.view, this.ctx.seat) }, this.bar).then((a) => {
      if (a.type === "ok") {
        this.input.value = "";
        this.drawPreview();
      }
    });
  }

  modify() {
    const word = this.input.value.trim().toLowerCase();
    const team = Number(this.modTeam.value);
    if (!word || !team) {
      this.input.focus();
      return;
    }
    this.ctx
      .act({ type: "modify", team, word, cards: layout(word, this.ctx.view, this.ctx.seat, team) }, this.bar)
      .then((a) => {
        if (a.type === "ok") {
          this.input.value = "";
          this.drawPreview();
        }
      });
  }

  discard() {
    const hand = this.ctx.view.hand || [];
    if (this.selected === null) {
      showRefusal(this.bar, `First click the letter to discard in your hand (or pass: draw to ${this.handSize}).`);
      return;
    }
    this.ctx.act({ type: "discard", letter: hand[this.selected] }, this.bar).then(() => {
      this.selected = null;
    });
  }

  /** End screen: where the points came from, and the achievements each player claimed. */
  breakdown(d, view, seats) {
    const claimed = (d.achievements || []).map((cards) => cards.length);
    return {
      head: [],
      rows: Array.from({ length: seats }, () => []),
      note:
        "Score: the points of the letters burned and of the spells published, with the achievement " +
        `each publication claimed (achievements claimed: ${claimed.join(", ") || "none"}, in seat order).`,
    };
  }

  scoreSheet(view) {
    return {
      head: ["Hand", "Ach."],
      rows: view.scores.map((_, i) => [view.hand_sizes[i], view.achievements[i].length]),
    };
  }
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new EvocabularyBoard();
}
