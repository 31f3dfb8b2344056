// Each game's page: a module with title, rules, wantLegal, mount/update, describe, scoreSheet.
import wordcraft from "./wordcraft.js";
import wordsmith from "./wordsmith.js";
import swordcrafters from "./swordcrafters.js";
import evocabulary from "./evocabulary.js";
import enchantedGrid from "./enchanted-grid.js";
import generic from "./generic.js";

const GAMES = {
  wordcraft,
  wordsmith,
  swordcrafters,
  evocabulary,
  "enchanted-grid": enchantedGrid,
};

export function gameModule(name) {
  return GAMES[name] || generic;
}
