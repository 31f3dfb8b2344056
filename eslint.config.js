// ESLint for the browser client (crafthall/web/static/js) and the games' boards
// (crafthall/games/<game>/board.js): plain ES modules run as they are, no build step.
// `make js-lint` runs it with TypeScript's checker (jsconfig.json).
import js from "@eslint/js";
import globals from "globals";

export const SCRIPTS = ["crafthall/web/static/js/**/*.js", "crafthall/games/*/board.js"];

export default [
  // The game modules of the client move to the games' folders as boards; until they do, only
  // the shared scripts are checked.
  { ignores: ["crafthall/web/static/js/games/", "crafthall/web/static/js/data.js"] },
  {
    files: SCRIPTS,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      "max-len": ["error", { code: 120, ignoreUrls: true }],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  {
    // This file itself runs in Node.
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
    rules: js.configs.recommended.rules,
  },
];
