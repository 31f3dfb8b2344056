// @ts-check
// Evocabulary: your hand, every wizard's teams of familiars with their spells, market, piles.
// Pick letters or a familiar and the places they may go are marked, from the legal actions;
// an activation asks one decision at a time, best gain first.
// Letter points, achievements, familiars and piles come from the game's components.json.
import { h, replace, button, seatStyle, whose } from "/static/js/dom.js";
import {
  actionForm,
  components,
  dragAndDrop,
  keepFocus,
  markTargets,
  playerHeading,
  rovingFocus,
  showRefusal,
  tag,
  LastMoves,
  travel,
  travelTime,
  wordInput,
} from "/static/js/board-kit.js";

const ICON = { draw: "⇩", wild: "✱", burn: "♨", publish: "☰", hire: "☺", lock: "⊠", teamwork: "⇄", pickup: "↩" };

/**
 * @typedef {object} Cards what the board looks up about the cards, by id or face
 * @property {Record<string, number>} points each letter face's points ("?", a wild, scores none)
 * @property {Record<string, [number, number]>} achievements each achievement's points and factor
 * @property {Record<string, string>} pileOf each achievement's pile
 * @property {Record<string, string>} fronts each familiar's front action
 * @property {Record<string, string>} backs each familiar's back action
 * @property {Record<string, string>} names each familiar's name ("Raven 3")
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
    pileOf: Object.fromEntries(facts.achievements.map((c) => [c.id, c.pile])),
    fronts: Object.fromEntries(facts.familiars.map((f) => [f.id, f.front])),
    backs: Object.fromEntries(facts.familiars.map((f) => [f.id, f.back])),
    names: Object.fromEntries(facts.familiars.map((f) => [f.id, f.name])),
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
 * A letter card as printed: its face, its points in the corner.
 * @param {string} face a letter card's face ("?": a wild)
 * @param {Cards} cards
 */
function letterCard(face, cards) {
  return h(
    "span",
    { class: ["evo-card", face === "?" ? "wild" : ""] },
    face === "?" ? said("wild ") : null,
    h("span", { class: "evo-face" }, face === "?" ? "?" : face.toUpperCase()),
    " ",
    h("span", { class: "evo-pts" }, cards.points[face] ?? ""),
    said(" points "),
  );
}

/**
 * Words for a screen reader only, where the eye reads a drawing (a card's corner, a colour).
 * @param {string} text
 */
function said(text) {
  return h("span", { class: "sr-only" }, text);
}

/**
 * The face a spell's card token shows ("=a" a locked A, "?e" a wild standing for E shows "?").
 * @param {string} token
 */
function tokenFace(token) {
  const face = token.replace(/^[=@]/, "");
  return face.startsWith("?") ? "?" : face;
}

/**
 * Points of a spell card token (a locked "=" or kept "@" card scores its face; a wild none).
 * @param {string} token
 * @param {Cards} cards
 */
function tokenPoints(token, cards) {
  return cards.points[tokenFace(token)] ?? 0;
}

/** @param {number} team a team's number (6: the 6+ team) */
function teamName(team) {
  return team === 6 ? "6+" : String(team);
}

/**
 * What an action of the activated team does: the card's own action, or the one it copies.
 * @param {any} action a `use`
 * @param {any} view
 */
function kindOf(action, view) {
  if (action.copy) return action.copy;
  const unused = view.pending ? view.pending.unused.find((u) => u.card === action.card) : null;
  return unused ? unused.action : "";
}

/**
 * The achievement a publish claims: its top card's points and factor, and the bonus it gives.
 * @param {any} action a publish
 * @param {any} spell the published spell's view
 * @param {any} view
 * @param {Cards} cards
 */
function claimOf(action, spell, view, cards) {
  const top = action.achievement ? (view.piles[action.achievement] || [])[0] : null;
  const [points, factor] = (top && cards.achievements[top]) || [0, 1];
  const card = action.multiply !== undefined ? spell.cards[action.multiply] : null;
  const bonus = !top ? 0 : factor > 1 && card ? (factor - 1) * tokenPoints(card, cards) : points;
  return { top, factor, card, bonus };
}

/**
 * The points an action of the activation scores: a burn its letter, a publish its spell and
 * the achievement it claims; the rest none.
 * @param {any} action
 * @param {any} view the seat's view
 * @param {Cards} cards
 */
export function gainOf(action, view, cards) {
  if (action.type !== "use") return 0;
  const kind = kindOf(action, view);
  if (kind === "burn") return cards.points[action.letter] ?? 0;
  if (kind !== "publish") return 0;
  const spell = view.teams[view.seat][action.team - 3].spell;
  return spell ? spell.points + claimOf(action, spell, view, cards).bonus : 0;
}

/**
 * An activation action in a sentence: what it does and gains, then whose action it is, e.g.
 * "☰ Publish STONE +9, claims len5 (leader)".
 * @param {any} action
 * @param {any} view the seat's view
 * @param {Cards} cards
 */
export function describeUse(action, view, cards) {
  if (action.type === "done") return "End the activation";
  const teams = view.teams[view.seat];
  const kind = kindOf(action, view);
  const by = action.card === "leader" ? "leader" : action.card;
  const via = action.copy ? ` (${by}, teamwork as ${action.copy})` : ` (${by})`;
  const spell = action.team ? teams[action.team - 3].spell : null;
  let what;
  if (action.familiar) {
    const front = cards.fronts[action.familiar];
    const side = action.side === "front" ? "front" : `back (${cards.backs[action.familiar]})`;
    const lock = action.lock ? `, locking ${action.lock.toUpperCase()}` : "";
    what = `Hire ${action.familiar} (${ICON[front]} ${front}) to team ${teamName(action.team)}, ${side}${lock}`;
  } else if (action.letter) what = `Burn ${action.letter.toUpperCase()} +${gainOf(action, view, cards)}`;
  else if (kind === "publish" && spell) {
    const claim = claimOf(action, spell, view, cards);
    const times = claim.factor > 1 && claim.card ? ` ×${claim.factor} on ${cardName(claim.card)}` : "";
    const claims = claim.top ? `, claims ${action.achievement}${times}` : "";
    what = `${ICON.publish} Publish ${spell.word.toUpperCase()} +${gainOf(action, view, cards)}${claims}`;
  } else if (kind === "pickup" && spell) what = `${ICON.pickup} Pick up ${spell.word.toUpperCase()} into your hand`;
  else if (kind === "draw") what = `${ICON.draw} Draw a letter`;
  else if (kind === "wild") what = `${ICON.wild} Take a wild`;
  else what = `${ICON[kind] || ""} ${kind || "use"}`.trim();
  return `${what}${via}`;
}

/** @param {string} token a spell card ("=a", "?e") named as the player sees it ("A", "wild E") */
function cardName(token) {
  return token.replace(/^[=@]/, "").replace(/^\?/, "wild ").toUpperCase();
}

/**
 * The decisions of an activation, one at a time, in this order: which card of the team acts
 * (or what a teamwork copies), then which familiar, team, side, letter, achievement and card.
 */
const LEVELS = ["card", "copy", "familiar", "team", "side", "lock", "letter", "achievement", "multiply"];

/**
 * The next decision among `actions` (the legal uses that fit the choices made so far): which
 * card acts, until it is chosen, then the first level at which they differ; one option per
 * value, best gain first (ties in the game's order). Null when they do not differ.
 * @param {any[]} actions
 * @param {(action: any) => number} gain
 * @param {string[]} made the levels already decided
 * @returns {{level: string, options: {value: any, gain: number, actions: any[]}[]} | null}
 */
export function nextDecision(actions, gain, made) {
  for (const level of LEVELS) {
    if (made.includes(level)) continue;
    const groups = new Map();
    for (const action of actions) {
      const value = action[level];
      if (!groups.has(value)) groups.set(value, { value, gain: -Infinity, actions: [] });
      const group = groups.get(value);
      group.actions.push(action);
      group.gain = Math.max(group.gain, gain(action));
    }
    if (groups.size > 1 || (level === "card" && actions.length)) {
      const options = [...groups.values()];
      options.sort((a, b) => b.gain - a.gain); // stable: equal gains keep the game's order
      return { level, options };
    }
  }
  return null;
}

/** What a decision asks, as the activation bar says it. */
const ASKS = {
  card: "which card acts",
  copy: "which action to copy",
  familiar: "which familiar to hire (or pick one in the market)",
  team: "which team",
  side: "which side up",
  lock: "which letter to lock under it",
  letter: "which letter to burn",
  achievement: "which achievement to claim",
  multiply: "which card to multiply",
};

/**
 * The `data-key` of the board's place a decision's option stands for (null: it has none).
 * @param {string} level
 * @param {any} value
 * @param {any} view
 */
function optionPlace(level, value, view) {
  if (level === "card") return value === "leader" ? `t${view.pending.team}` : `c${value}`;
  if (level === "familiar") return `m${value}`;
  if (level === "team") return `t${value}`;
  if (level === "achievement") return value ? `p${value}` : null;
  return null;
}

/** The pieces a mouse may drag: a letter of the hand, a familiar of the market. */
const DRAGGED = ".evo-hand-card, .evo-familiar[data-key^='m']";


/**
 * Where each piece of `root` is drawn (by its `data-flip`), to animate from after a redraw.
 * @param {HTMLElement} root
 * @returns {Map<string, {rect: DOMRect, face: string}>}
 */
function piecesAt(root) {
  const at = new Map();
  for (const el of root.querySelectorAll("[data-flip]")) {
    const piece = /** @type {HTMLElement} */ (el);
    at.set(piece.dataset.flip, { rect: piece.getBoundingClientRect(), face: piece.dataset.face || "" });
  }
  return at;
}

/**
 * Each piece of `root` travels from where it was drawn before (FLIP): a piece still there
 * moves from its old place, a new one from where a piece of the same face left (a letter from
 * the hand to a spell, a familiar from the market to a team).
 * @param {HTMLElement} root
 * @param {Map<string, {rect: DOMRect, face: string}>} before
 */
function travelAll(root, before) {
  if (!travelTime() || !before.size) return;
  const pieces = /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-flip]")]);
  const present = new Set(pieces.map((p) => p.dataset.flip));
  const left = [...before.entries()].filter(([id]) => !present.has(id)).map(([, was]) => was);
  for (const piece of pieces) {
    let was = before.get(piece.dataset.flip || "");
    if (!was) {
      const i = left.findIndex((gone) => gone.face && gone.face === piece.dataset.face);
      if (i < 0) continue;
      [was] = left.splice(i, 1);
    }
    travel(piece, was.rect);
  }
}

/**
 * A place of the board the arrows reach and Enter or a tap acts on: a card, a team, a pile.
 * What a screen reader announces is its text, with what the eye sees but the text does not
 * say in `said` bits.
 * @param {string} key its `data-key`
 * @param {any[]} kids
 * @param {Record<string, any>} [attrs]
 */
function place(key, kids, attrs = {}) {
  const { class: extra, ...rest } = attrs;
  return h(
    "div",
    {
      class: ["evo-place", ...[extra].flat()],
      role: "button",
      tabindex: "-1",
      ...rest,
      dataset: { key, ...rest.dataset },
    },
    ...kids,
  );
}

class EvocabularyBoard {
  wantLegal = true;

  mount(root, ctx) {
    this.ctx = ctx;
    this.root = root;
    this.cards = cardFacts(components(ctx));
    this.handSize = components(ctx).hand_size;
    /** @type {number[]} the hand's cards picked, in order (a word being laid, or one to discard) */
    this.picked = [];
    /** @type {Record<string, any>} the activation's choices made so far */
    this.chosen = {};
    /** @type {Map<string, () => void>} what tapping each marked place does */
    this.targets = new Map();
    /** whether the activation bar asked this seat a decision at its last drawing */
    this.asking = false;
    /** @type {number | null} the team whose spell's cards are places now (a card to multiply) */
    this.multiplying = null;
    /** @type {any} the action the hint lights up */
    this.hint = null;
    /** each other player's last move as played, its teams marked until this seat acts */
    this.lastMoves = new LastMoves();
    this.info = h("div", { class: "board-info" });
    this.hand = h("div", { class: "evo-hand", id: "evo-hand", role: "group", "aria-label": "Your hand" });
    this.input = wordInput("evo-word", "Spell", "Type a spell, or pick letters");
    this.modTeam = h("select", { id: "evo-modify-team", "aria-label": "Spell to modify" });
    this.preview = h("span", { class: "board-note", "aria-live": "polite" });
    this.bar = actionForm(
      "evo-bar",
      () => this.start(),
      this.input,
      button("Start spell", () => this.start(), { class: "primary", id: "evo-start" }),
      this.modTeam,
      button("Modify", () => this.modify(), { id: "evo-modify" }),
      button("Discard picked", () => this.discard(), { id: "evo-discard" }),
      button("Clear", () => this.pick(null), { id: "evo-clear" }),
      button(`Pass: draw to ${this.handSize}`, () => this.act({ type: "draw" }, this.bar), {
        id: "evo-draw",
        title:
          `Discard nothing and draw back to ${this.handSize} letters (with ${this.handSize} already, just pass; ` +
          "not twice in a row while the deck has cards or you can burn or publish)",
      }),
      this.preview,
    );
    this.activation = h("div", { class: "actionbar evo-activation", id: "evo-activation" });
    this.supply = h("div", { class: "evo-supply" });
    this.market = h("div", { class: "evo-row", role: "group", "aria-label": "Market" });
    this.piles = h("div", { class: "evo-row evo-piles", role: "group", "aria-label": "Achievement piles" });
    this.wizards = h("div", { class: "evo-wizards" });
    this.table = h(
      "div",
      { class: "evo-table" },
      h(
        "div",
        { class: "evo-middle" },
        h("div", {}, h("h3", {}, "Letters"), this.supply),
        h("div", {}, h("h3", {}, "Market"), this.market),
        h("div", {}, h("h3", {}, "Achievement piles (top card)"), this.piles),
      ),
      h("h3", {}, "Wizards"),
      this.wizards,
    );
    const handTitle = h("h3", { hidden: ctx.seat === null }, "Your hand"); // a watcher holds none
    root.append(this.info, handTitle, this.hand, this.bar, this.activation, this.table);
    this.input.addEventListener("input", () => {
      this.picked = [];
      this.drawHand();
      this.markAll();
    });
    for (const area of [this.hand, this.table]) area.addEventListener("click", (event) => this.tapped(event));
    this.dragging(root);
  }

  update(ctx) {
    const before = piecesAt(this.root);
    this.ctx = ctx;
    this.chosen = {};
    this.targets = new Map();
    this.lastMoves.note(ctx.changes || [], ctx.seat);
    const hand = ctx.view.hand || [];
    this.picked = this.picked.filter((i) => i < hand.length);
    this.drawInfo();
    this.drawHand();
    this.drawBar();
    this.drawActivation();
    this.drawTable();
    this.markAll();
    travelAll(this.root, before);
  }

  /** The game's status line: the phase, the deck, the wilds, the discard pile, the leaders. */
  drawInfo() {
    const v = this.ctx.view;
    const quietLeft = v.stall_rounds * v.scores.length - v.quiet_turns;
    const quiet = v.stall_rounds ? `, or after ${quietLeft} more quiet turns` : "";
    replace(
      this.info,
      tag(v.phase === "activation" ? "Activation" : "Turn", "big"),
      " ",
      tag(`Leaders side ${v.leaders}`),
      v.deck_size === 0 ? tag(`Deck empty: ends when nobody can burn or publish${quiet}`, "warn") : null,
    );
  }

  drawHand() {
    keepFocus(this.hand, () => this.fillHand());
  }

  fillHand() {
    const ctx = this.ctx;
    const hand = ctx.view.hand || [];
    replace(
      this.hand,
      ctx.seat === null
        ? h("p", { class: "hint" }, "You are watching: hands are hidden.")
        : hand.map((face, i) => {
            const order = this.picked.indexOf(i);
            const nth = hand.slice(0, i).filter((f) => f === face).length;
            return h(
              "button",
              {
                type: "button",
                class: ["evo-hand-card", order >= 0 ? "chosen" : ""],
                "aria-pressed": order >= 0 ? "true" : "false",
                tabindex: "-1",
                dataset: { face, key: `h${i}`, flip: `hand-${face}-${nth}`, pick: order + 1 || "" },
              },
              letterCard(face, this.cards),
            );
          }),
    );
    rovingFocus(this.hand, ".evo-hand-card");
  }

  drawBar() {
    const ctx = this.ctx;
    const v = ctx.view;
    const mine = ctx.seat !== null ? v.teams[ctx.seat] : [];
    const kept = this.modTeam.value;
    replace(
      this.modTeam,
      mine
        .filter((t) => t.spell)
        .map((t) => h("option", { value: t.team }, `team ${teamName(t.team)}: ${t.spell.word.toUpperCase()}`)),
    );
    if ([...this.modTeam.options].some((o) => o.value === kept)) this.modTeam.value = kept;
    this.modTeam.hidden = !this.modTeam.options.length;
    const turn = ctx.myTurn && v.phase !== "activation";
    this.bar.hidden = ctx.readonly || ctx.over;
    for (const b of this.bar.querySelectorAll("button")) b.disabled = !turn;
    this.input.disabled = !turn;
  }

  /**
   * The activation, one decision at a time: the options of the next decision, best gain first
   * and focused (Enter takes it), each with what it gains; the places they stand for are
   * marked on the board. When one action is left, it is played.
   */
  drawActivation() {
    const ctx = this.ctx;
    const v = ctx.view;
    const asked = this.asking;
    this.asking = false;
    this.multiplying = null;
    if (!v.pending || ctx.readonly || ctx.over) {
      this.activation.hidden = true;
      replace(this.activation);
      return;
    }
    this.activation.hidden = false;
    const team = `team ${teamName(v.pending.team)} activates`;
    if (!ctx.myTurn) {
      replace(this.activation, h("strong", {}, `${whose(ctx.names[v.active[0]])} ${team}: `), "they are choosing.");
      return;
    }
    const view = this.mine();
    const uses = (ctx.legal || []).filter(
      (a) => a.type === "use" && Object.entries(this.chosen).every(([k, value]) => a[k] === value),
    );
    const top = !Object.keys(this.chosen).length;
    const decision = nextDecision(uses, (a) => gainOf(a, view, this.cards), Object.keys(this.chosen));
    if (!decision && !top) {
      this.act(uses[0], this.activation);
      return;
    }
    const level = decision ? decision.level : "card";
    this.multiplying = level === "multiply" ? this.chosen.team : null;
    // A card with one action left says it whole ("⇩ Draw a letter (leader)"); the rest what they do.
    const label = (option) =>
      level === "card" && option.actions.length === 1
        ? describeUse(option.actions[0], view, this.cards)
        : [this.optionLabel(level, option.value), gainTag(option.gain)];
    const options = (decision ? decision.options : []).map((option, i) =>
      button(label(option), () => this.choose(level, option), {
        class: ["small", "evo-option", i === 0 ? "best" : ""],
        "aria-current": i === 0 ? "true" : null,
        tabindex: "-1",
        title: option.actions.length === 1 ? describeUse(option.actions[0], view, this.cards) : null,
        dataset: { key: `o${i}`, kind: "use" },
      }),
    );
    if (top) {
      const done = (ctx.legal || []).find((a) => a.type === "done");
      if (done)
        options.push(
          button("End the activation", () => this.act(done, this.activation), {
            class: "small evo-option",
            tabindex: "-1",
            dataset: { key: "done", kind: "done" },
          }),
        );
    }
    const heading = top ? `Your ${team}: choose ${ASKS.card}, or end it.` : `Choose ${ASKS[level]}.`;
    const here = document.activeElement;
    const focused = !asked || this.activation.contains(here) || !here || here === document.body;
    this.asking = true;
    delete this.activation.dataset.focusKey;
    replace(
      this.activation,
      h("strong", { id: "evo-asks" }, heading),
      h("div", { class: "evo-options", role: "group", "aria-labelledby": "evo-asks" }, options),
      top ? null : button("Back", () => this.back(), { class: "small", id: "evo-back" }),
    );
    rovingFocus(this.activation, ".evo-option");
    if (focused && options[0]) options[0].focus();
    for (const option of decision ? decision.options : []) {
      for (const key of this.optionPlaces(level, option.value)) this.targets.set(key, () => this.choose(level, option));
    }
  }

  /** The seat's view with its seat named, as the descriptions read it. */
  mine() {
    return { ...this.ctx.view, seat: this.ctx.seat };
  }

  /**
   * The places on the board an option stands for: a team, a market card, a pile, the hand's
   * cards of a letter, a spell's card.
   * @param {string} level
   * @param {any} value
   */
  optionPlaces(level, value) {
    if (level === "letter" || level === "lock") {
      const hand = this.ctx.view.hand || [];
      return hand.flatMap((face, i) => (face === value ? [`h${i}`] : []));
    }
    if (level === "multiply") return [`s${this.chosen.team}-${value}`];
    const key = optionPlace(level, value, this.ctx.view);
    return key ? [key] : [];
  }

  /**
   * An option as the activation bar names it.
   * @param {string} level
   * @param {any} value
   */
  optionLabel(level, value) {
    const v = this.ctx.view;
    const teams = v.teams[this.ctx.seat];
    if (level === "card") {
      const kind = v.pending.unused.find((u) => u.card === value)?.action || "";
      const who = value === "leader" ? "leader" : `${this.cards.names[value]}, ${value}`;
      return `${ICON[kind] || ""} ${kind} (${who})`;
    }
    if (level === "copy") return `${ICON[value] || ""} as ${value}`;
    if (level === "familiar") return `${ICON[this.cards.fronts[value]]} ${this.cards.names[value]} (${value})`;
    if (level === "team") {
      const spell = teams[value - 3].spell;
      return `team ${teamName(value)}${spell ? `: ${spell.word.toUpperCase()}` : ""}`;
    }
    if (level === "side") {
      const kind = value === "front" ? this.cards.fronts[this.chosen.familiar] : this.cards.backs[this.chosen.familiar];
      return `${value}: ${ICON[kind] || ""} ${kind}`;
    }
    if (level === "lock") return value ? `lock ${value.toUpperCase()}` : "lock nothing";
    if (level === "letter") return `burn ${value.toUpperCase()}`;
    if (level === "achievement") return value ? `claims ${value}: ${this.cards.piles[value]}` : "no achievement";
    const card = teams[this.chosen.team - 3].spell.cards[value];
    const top = (v.piles[this.chosen.achievement] || [])[0];
    return `×${this.cards.achievements[top][1]} on ${cardName(card)}`;
  }

  /**
   * Take one option of the activation's decision, and go on to the next.
   * @param {string} level
   * @param {{value: any, actions: any[]}} option
   */
  choose(level, option) {
    if (option.actions.length === 1) {
      this.act(option.actions[0], this.activation);
      return;
    }
    this.chosen = { ...this.chosen, [level]: option.value };
    this.redraw();
  }

  back() {
    const levels = Object.keys(this.chosen);
    this.chosen = Object.fromEntries(levels.slice(0, -1).map((level) => [level, this.chosen[level]]));
    this.redraw();
    /** @type {HTMLElement | null} */ (this.activation.querySelector(".evo-option"))?.focus();
  }

  /** Draw the activation and the marks again after a choice, keeping the choices made. */
  redraw() {
    this.targets = new Map();
    const focus = this.activation.contains(document.activeElement);
    this.drawActivation();
    this.drawHand();
    this.drawTable();
    this.markAll(false);
    if (focus) /** @type {HTMLElement | null} */ (this.activation.querySelector(".evo-option"))?.focus();
  }

  drawTable() {
    keepFocus(this.table, () => this.fillTable());
  }

  fillTable() {
    const v = this.ctx.view;
    replace(
      this.supply,
      stack("deck", v.deck_size, "deck"),
      stack("wilds", v.wild_pile, "wilds"),
      place(
        "discard",
        [
          v.discard_top
            ? [said("on top: "), letterCard(v.discard_top, this.cards)]
            : h("span", { class: "evo-card empty" }),
          h("span", {}, `discard ${v.discard_size}`),
          said(" cards in the discard pile"),
        ],
        { class: "evo-stack" },
      ),
    );
    replace(
      this.market,
      v.market.map((id) => this.familiarCard(id, "front", `m${id}`, "in the market")),
    );
    replace(
      this.piles,
      Object.entries(v.piles).map(([pile, ids]) => {
        const top = ids.length ? this.cards.achievements[ids[0]] : null;
        const worth = !top ? "empty" : top[1] > 1 ? `×${top[1]}` : `${top[0]} pts`;
        return place(
          `p${pile}`,
          [
            said("Achievement "),
            h("b", {}, pile),
            " ",
            h("span", { class: "evo-worth" }, worth),
            " ",
            h("span", { class: "evo-need" }, this.cards.piles[pile] || ""),
            " ",
            h("span", { class: "evo-left" }, `${ids.length} left`),
          ],
          { class: ["evo-pile", ids.length ? "" : "empty"] },
        );
      }),
    );
    replace(
      this.wizards,
      v.teams.map((teams, seat) => this.wizard(teams, seat)),
    );
    rovingFocus(this.table, ".evo-place");
  }

  /**
   * A familiar card: the creature and its action, coloured by the action.
   * @param {string} id
   * @param {string} side
   * @param {string | null} key its place's `data-key` (null: not a place)
   * @param {string} where
   * @param {string | null} [lock] the face locked under it
   */
  familiarCard(id, side, key, where, lock = null) {
    const kind = side === "front" ? this.cards.fronts[id] : this.cards.backs[id];
    const kids = [
      h("span", { class: "evo-icon", "aria-hidden": "true" }, ICON[kind] || ""),
      h("span", { class: "evo-kind" }, kind),
      " ",
      h("span", { class: "evo-name" }, `${this.cards.names[id]} · ${id}`),
      lock ? [said(" locked under it: "), h("span", { class: "evo-lock" }, `⊠ ${lock.toUpperCase()}`)] : null,
      said(`, ${side} side up, ${where}`),
    ];
    const attrs = { class: ["evo-familiar", `act-${kind}`, side], dataset: { flip: `fam-${id}`, face: id, id } };
    return key ? place(key, kids, attrs) : h("div", attrs, ...kids);
  }

  /**
   * One wizard: name, hand, points, achievements, and the four teams.
   * @param {any[]} teams
   * @param {number} seat
   */
  wizard(teams, seat) {
    const ctx = this.ctx;
    const v = ctx.view;
    const marked = this.lastTeams().get(seat) || new Set();
    const claimed = v.achievements[seat].map((id) => `${this.cards.pileOf[id]} (${id})`);
    return h(
      "section",
      {
        class: ["evo-wizard", seat === ctx.seat ? "mine" : "", v.active.includes(seat) ? "to-play" : ""],
        "aria-label": `${whose(ctx.names[seat])} teams`,
      },
      h(
        "div",
        { class: "evo-who" },
        playerHeading(seat, ctx.names[seat]),
        h(
          "span",
          { class: "evo-facts" },
          ` · ${v.hand_sizes[seat]} letters in hand · ${v.scores[seat]} points` +
            ` · achievements ${claimed.join(", ") || "none"}`,
        ),
      ),
      h(
        "div",
        { class: "evo-teams" },
        teams.map((t) => this.team(t, seat, marked.has(String(t.team)))),
      ),
    );
  }

  /**
   * A team: its leader card (the place a spell or a familiar goes), its familiars, its spell.
   * @param {any} t the team's view
   * @param {number} seat
   * @param {boolean} last whether the last move of its player changed it
   */
  team(t, seat, last) {
    const v = this.ctx.view;
    const mine = seat === this.ctx.seat;
    const activated = v.pending && v.active.includes(seat) && v.pending.team === t.team;
    const name = teamName(t.team);
    const leaderKids = [
      said("Team "),
      h("span", { class: "evo-number" }, name),
      " ",
      h("span", { class: "evo-kind" }, h("span", { "aria-hidden": "true" }, ICON[t.leader] || ""), ` ${t.leader}`),
      said(t.spell ? `, spell ${t.spell.word.toUpperCase()}` : ", no spell"),
    ];
    const leader = mine
      ? place(`t${t.team}`, leaderKids, { class: "evo-leader" })
      : h("div", { class: "evo-leader" }, ...leaderKids);
    const unused = activated ? new Set(v.pending.unused.map((u) => u.card)) : new Set();
    return h(
      "div",
      {
        class: ["evo-team", activated ? "active" : "", last ? "last-move" : ""],
        style: { "--seat": seatColour(seat) },
        dataset: { team: `${seat}-${t.team}` },
      },
      leader,
      t.familiars.map((f) =>
        this.familiarCard(
          f.id,
          f.side,
          mine ? `c${f.id}` : null,
          `team ${name}${unused.has(f.id) ? ", not used yet" : ""}`,
          f.lock,
        ),
      ),
      t.spell
        ? h(
            "div",
            { class: "evo-spell" },
            h(
              "div",
              { class: "evo-spell-cards" },
              t.spell.cards.map((token, pos) => {
                const face = tokenFace(token);
                const card = letterCard(face, this.cards);
                const flip = { flip: `spell-${seat}-${t.team}-${pos}-${token}`, face };
                const slot = ["evo-slot", token.startsWith("=") ? "locked" : ""];
                if (!mine) return h("span", { class: slot, title: cardName(token), dataset: flip }, card);
                const key = `s${t.team}-${pos}`;
                if (this.multiplying !== t.team) return h("span", { class: slot, dataset: { ...flip, key } }, card);
                return place(key, [card, said(` of ${t.spell.word.toUpperCase()}`)], {
                  class: slot,
                  dataset: flip,
                });
              }),
            ),
            h("div", { class: "evo-word" }, h("b", {}, t.spell.word.toUpperCase()), ` ${t.spell.points} pts`),
          )
        : h("div", { class: "evo-empty" }, "no spell"),
    );
  }

  /**
   * The teams each other player's last move played on (started, modified, published, hired
   * for, picked up), from its events.
   * @returns {Map<number, Set<string>>}
   */
  lastTeams() {
    const teams = new Map();
    for (const [seat, events] of this.lastMoves.events()) {
      const played = events.filter((e) => e.team !== undefined && e.seat === seat).map((e) => String(e.team));
      if (played.length) teams.set(seat, new Set(played));
    }
    return teams;
  }

  /**
   * Play an action (a refusal shows by `anchor`): the other players' last moves are then seen.
   * @param {any} action
   * @param {Element | null} anchor
   */
  act(action, anchor) {
    this.lastMoves.clear();
    return this.ctx.act(action, anchor);
  }

  /**
   * Mark the places the picked letters or the activation's decision may go, from the legal
   * actions, and light up the hint.
   * @param {boolean} [fresh] whether to work out the turn's targets anew
   */
  markAll(fresh = true) {
    if (fresh && !this.ctx.view.pending) this.targets = this.turnTargets();
    const places = /** @type {HTMLElement[]} */ ([...this.root.querySelectorAll("[data-key]")]);
    markTargets(places, new Set(this.targets.keys()));
    this.light(places);
    this.drawPreview();
  }

  /**
   * Where the picked letters (or the typed word) may go: a team for a spell started or
   * modified with that word, the discard pile for one letter; from the legal actions.
   * @returns {Map<string, () => void>}
   */
  turnTargets() {
    const ctx = this.ctx;
    const targets = new Map();
    if (!ctx.myTurn || ctx.readonly) return targets;
    const hand = ctx.view.hand || [];
    const word = this.input.value.trim().toLowerCase();
    for (const action of ctx.legal || []) {
      if (action.type === "start" && action.word === word)
        targets.set(`t${teamFor(word.length)}`, () => this.play(action));
      else if (action.type === "modify" && action.word === word)
        targets.set(`t${action.team}`, () => this.play(action));
      else if (action.type === "discard" && this.picked.length === 1 && hand[this.picked[0]] === action.letter)
        targets.set("discard", () => this.play(action));
    }
    return targets;
  }

  /**
   * Play a spell or a discard from the hand; the picks are cleared once it is taken.
   * @param {any} action
   */
  play(action) {
    this.act(action, this.bar).then((answer) => {
      if (answer.type !== "ok") return;
      this.input.value = "";
      this.picked = [];
      this.markAll();
    });
  }

  /**
   * Light up the pieces and places of `action` (the hint's move); null puts the lights out.
   * @param {any} action
   */
  highlight(action) {
    this.hint = action;
    this.light(/** @type {HTMLElement[]} */ ([...this.root.querySelectorAll("[data-key]")]));
  }

  /** @param {HTMLElement[]} places */
  light(places) {
    const keys = this.hint ? this.hintPlaces(this.hint) : new Set();
    for (const p of places) p.classList.toggle("hinted", keys.has(p.dataset.key || ""));
  }

  /**
   * The `data-key`s of the places an action touches.
   * @param {any} action
   * @returns {Set<string>}
   */
  hintPlaces(action) {
    const hand = this.ctx.view.hand || [];
    const keys = new Set();
    const handCards = (/** @type {string[]} */ faces) => {
      const used = new Set();
      for (const face of faces) {
        const i = hand.findIndex((f, at) => f === face && !used.has(at));
        if (i >= 0) used.add(i);
      }
      for (const i of used) keys.add(`h${i}`);
    };
    if (action.type === "start" || action.type === "modify") {
      handCards(action.cards.filter((t) => !/^[=@]/.test(t)).map(tokenFace));
      keys.add(`t${action.type === "modify" ? action.team : teamFor(action.word.length)}`);
    } else if (action.type === "discard") {
      handCards([action.letter]);
      keys.add("discard");
    } else if (action.type === "draw") keys.add("deck");
    else if (action.type === "use") {
      keys.add(action.card === "leader" ? `t${this.ctx.view.pending?.team}` : `c${action.card}`);
      if (action.familiar) keys.add(`m${action.familiar}`);
      if (action.team) keys.add(`t${action.team}`);
      if (action.achievement) keys.add(`p${action.achievement}`);
      if (action.multiply !== undefined) keys.add(`s${action.team}-${action.multiply}`);
      const letter = action.letter || action.lock;
      if (letter) handCards([letter]);
    }
    return keys;
  }

  /**
   * A tap (or Enter) on the hand or the table: a marked place takes the picked piece or
   * answers the decision; a letter of the hand is picked or put back.
   * @param {Event} event
   */
  tapped(event) {
    const el = /** @type {HTMLElement} */ (event.target).closest("[data-key]");
    if (!(el instanceof HTMLElement) || this.ctx.readonly || !this.ctx.myTurn) return;
    const key = el.dataset.key || "";
    const target = this.targets.get(key);
    if (target) {
      target();
      return;
    }
    if (el.matches(".evo-hand-card") && !this.ctx.view.pending) this.pick(Number(key.slice(1)));
  }

  /**
   * Pick a letter of the hand (again: put it back), or clear the picks (null): the picked
   * letters spell the word in the box.
   * @param {number | null} index
   */
  pick(index) {
    if (index === null) this.picked = [];
    else if (this.picked.includes(index)) this.picked = this.picked.filter((i) => i !== index);
    else this.picked = [...this.picked, index];
    const hand = this.ctx.view.hand || [];
    if (index === null || !this.picked.some((i) => hand[i] === "?"))
      this.input.value = this.picked.map((i) => hand[i]).join("");
    this.drawHand();
    this.markAll();
  }

  /**
   * Drag a piece (a letter of the hand, a familiar of the market) onto a marked place with the
   * mouse: the piece is picked as a tap would, and the place where it is dropped taken.
   * @param {HTMLElement} root
   */
  dragging(root) {
    dragAndDrop(root, {
      pieces: DRAGGED,
      into: ".target[data-key]",
      ghostClass: "evo-ghost",
      start: (piece) => {
        // The piece is picked as a tap picks it (a letter alone; a familiar as the decision's answer).
        if (piece.classList.contains("chosen")) return;
        if (piece.matches(".evo-hand-card")) this.picked = [];
        piece.click();
      },
      drop: (place) => place.click(),
    });
  }

  drawPreview() {
    const v = this.ctx.view;
    const word = this.input.value.trim().toLowerCase();
    if (!word || this.ctx.seat === null || v.pending) {
      this.preview.textContent = "";
      return;
    }
    const l = layout(word, v, this.ctx.seat);
    const where = this.targets.size ? " · tap a marked place to play it" : "";
    this.preview.textContent = `→ team ${teamName(teamFor(word.length))} · cards ${l.join(" ")}${where}`;
  }

  start() {
    const word = this.input.value.trim().toLowerCase();
    if (!word) {
      this.input.focus();
      return;
    }
    this.play({ type: "start", word, cards: layout(word, this.ctx.view, this.ctx.seat) });
  }

  modify() {
    const word = this.input.value.trim().toLowerCase();
    const team = Number(this.modTeam.value);
    if (!word || !team) {
      this.input.focus();
      return;
    }
    this.play({ type: "modify", team, word, cards: layout(word, this.ctx.view, this.ctx.seat, team) });
  }

  discard() {
    const hand = this.ctx.view.hand || [];
    if (this.picked.length !== 1) {
      showRefusal(this.bar, `First pick the one letter to discard in your hand (or pass: draw to ${this.handSize}).`);
      return;
    }
    this.play({ type: "discard", letter: hand[this.picked[0]] });
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

/**
 * The gain of an option, as its button shows it ("+9"; nothing for none).
 * @param {number} gain
 */
function gainTag(gain) {
  return gain > 0 ? h("span", { class: "evo-gain" }, `+${gain}`) : null;
}

/**
 * A pile of cards face down, with how many it holds (the deck, the wilds).
 * @param {string} key
 * @param {number} size
 * @param {string} name
 */
function stack(key, size, name) {
  return h("div", { class: ["evo-stack", key], dataset: { key } }, h("b", {}, size), h("span", {}, name));
}

/** @param {number} seat */
function seatColour(seat) {
  return seatStyle(seat).colour;
}

/** A fresh board for one page: every piece of its state lives in the object. */
export default function createBoard() {
  return new EvocabularyBoard();
}
