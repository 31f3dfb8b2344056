// Component facts the views name only by id. Copied from each game's components.json;
// tests/web/test_data.py checks that these copies still match.

export const WORDSMITH_ALPHABET = {
  a: { red: 2, yellow: 1 }, b: { red: 1, green: 2 }, c: { blue: 1 }, d: { red: 1, blue: 1 },
  e: { red: 1, yellow: 3 }, f: { red: 1, yellow: 2 }, g: { blue: 1, yellow: 1 }, h: { red: 2, yellow: 1 },
  i: { red: 1 }, j: { red: 1, green: 1 }, k: { red: 1, yellow: 2 }, l: { red: 1, yellow: 1 },
  m: { red: 2, yellow: 2 }, n: { red: 3 }, o: { blue: 2 }, p: { red: 1, green: 1 },
  q: { blue: 2, yellow: 1 }, r: { red: 1, yellow: 1, green: 1 }, s: { green: 2 }, t: { red: 1, yellow: 1 },
  u: { yellow: 2, green: 1 }, v: { red: 2 }, w: { red: 2, yellow: 2 }, x: { red: 2 },
  y: { yellow: 3 }, z: { red: 1, yellow: 2 }, "-": { yellow: 1 }, "'": { green: 1 },
};

export const WORDSMITH_DIE = ["red", "red", "yellow", "yellow", "blue", "green"];

/** Evocabulary letter points, by face ("?" is a wild). */
export const EVOCABULARY_POINTS = {
  e: 1, a: 1, i: 1, o: 1, n: 1, r: 1, t: 1, l: 1, s: 1, u: 1, d: 2, g: 2, b: 3, c: 3, m: 3, p: 3,
  f: 4, h: 4, v: 4, w: 4, y: 4, k: 5, j: 8, x: 8, z: 10, qu: 10, th: 5, er: 2, in: 2, an: 2, on: 2,
  re: 2, st: 2, ch: 7, sh: 5, es: 2, ed: 3, "?": 0,
};

/** Evocabulary achievement cards: id → [points, factor] (a factor above 1 multiplies a letter). */
export const EVOCABULARY_ACHIEVEMENTS = {
  "A01": [5, 1], "A02": [4, 1], "A03": [4, 1], "A04": [3, 1], "A05": [3, 1], "A06": [2, 1],
  "A07": [7, 1], "A08": [6, 1], "A09": [5, 1], "A10": [5, 1], "A11": [4, 1], "A12": [3, 1],
  "A13": [9, 1], "A14": [8, 1], "A15": [7, 1], "A16": [6, 1], "A17": [6, 1], "A18": [5, 1],
  "A19": [13, 1], "A20": [12, 1], "A21": [10, 1], "A22": [9, 1], "A23": [8, 1], "A24": [0, 2],
  "A25": [0, 2], "A26": [0, 2], "A27": [0, 2], "A28": [0, 2], "A29": [0, 2], "A30": [0, 3],
  "A31": [0, 3], "A32": [0, 2], "A33": [0, 2], "A34": [0, 2],
};

/** Evocabulary familiars: [first id number, last id number, front action]; every back is draw. */
export const EVOCABULARY_FAMILIARS = [
  [1, 10, "draw"], [11, 19, "wild"], [20, 29, "burn"], [30, 39, "publish"], [40, 47, "lock"],
  [48, 56, "hire"], [57, 65, "teamwork"], [66, 72, "pickup"],
];

export function familiarFront(id) {
  const n = Number(String(id).replace(/^F/, ""));
  const found = EVOCABULARY_FAMILIARS.find(([lo, hi]) => n >= lo && n <= hi);
  return found ? found[2] : "?";
}
