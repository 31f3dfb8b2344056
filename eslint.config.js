// ESLint for the browser client (crafthall/web/static/js) and the games' boards
// (crafthall/games/<game>/board.js): plain ES modules run as they are, no build step.
// `make js-lint` runs it with TypeScript's checker (jsconfig.json).
import js from "@eslint/js";
import globals from "globals";

const SCRIPTS = ["crafthall/web/static/js/**/*.js", "crafthall/games/*/board.js"];

const RULES = {
  ...js.configs.recommended.rules,
  "max-len": ["error", { code: 120, ignoreUrls: true }],
  "no-unused-vars": "error",
  eqeqeq: ["error", "always"],
  "prefer-const": "error",
  "no-var": "error",
};

/** Every script opens with `// @ts-check`, so an editor type-checks it as `make js-lint` does. */
const tsCheckFirst = {
  meta: { type: "problem", schema: [], messages: { missing: "Start the file with the line // @ts-check." } },
  create(context) {
    return {
      Program(node) {
        const first = context.sourceCode.getAllComments()[0];
        const marked = first && first.type === "Line" && first.value.trim() === "@ts-check";
        if (!marked || first.loc.start.line !== 1) {
          context.report({ node, loc: { line: 1, column: 0 }, messageId: "missing" });
        }
      },
    };
  },
};

export default [
  {
    files: SCRIPTS,
    plugins: { crafthall: { rules: { "ts-check-first": tsCheckFirst } } },
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: { ...RULES, "crafthall/ts-check-first": "error" },
  },
  {
    // This file itself runs in Node.
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
    rules: RULES,
  },
];
