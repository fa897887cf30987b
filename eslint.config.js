import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importExtensions } from "./eslint/import-extensions.js";

const nordlys = { rules: { "import-extensions": importExtensions } };

/**
 * Layering: the files of `files` sit below the features and import none of them.
 * @param {string[]} files
 * @param {string} message
 */
const belowTheFeatures = (files, message) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [{ group: ["~/features", "~/features/**", "**/features", "**/features/**"], message }] },
    ],
  },
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "error",
    },
  },
  // Layering (docs/architecture.md, "Layers"): the platform (app/.server) sits below the features
  // and never imports them; routes reach the database only through a feature's operations.
  belowTheFeatures(
    ["app/.server/**/*.{ts,tsx}"],
    "app/.server is the platform below the features: pass the feature's part in (server/app.ts) or let the feature register it.",
  ),
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "drizzle-orm", message: "Routes do not query the database: call a feature's *.server.ts operation." },
            { name: "pg", message: "Routes do not query the database: call a feature's *.server.ts operation." },
          ],
          patterns: [
            {
              group: ["~/.server/db", "~/.server/db/**", "**/.server/db", "**/.server/db/**"],
              message: "Routes do not query the database: call a feature's *.server.ts operation.",
            },
          ],
        },
      ],
    },
  },
  // Layering: the shell's components, the e-mail templates, plain functions, copy and the framework
  // workarounds sit below the features; a feature's own components live in the feature.
  belowTheFeatures(
    ["app/{components,emails,lib,content,framework-workarounds}/**/*.{ts,tsx}"],
    'This folder sits below the features (docs/architecture.md, "Layers"): move the part that needs the feature into app/features/<feature>.',
  ),
  // One way to name the file in an import, per folder (docs/decisions/0191): Node runs some files
  // in server/, scripts/, bench/, tests/fixtures/ and tests/support/ (which bench/ai-stream.ts
  // imports) itself and resolves nothing, and Vite asks its config to name files (its coming native
  // config loader is Node's); Vite, Vitest and tsx run app/ and the test files.
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    plugins: { nordlys },
    rules: { "nordlys/import-extensions": ["error", "never"] },
  },
  {
    files: [
      "server/**/*.{ts,tsx,mjs}",
      "scripts/**/*.{ts,mjs}",
      "bench/**/*.{ts,mjs}",
      "tests/fixtures/**/*.ts",
      "tests/support/**/*.ts",
      // The browser tests' AI provider: Playwright starts it with `node tests/e2e/support/fake-ai-provider.ts`.
      "tests/e2e/support/fake-ai-provider.ts",
      // The browser's path and flags: the screenshot, Lighthouse and bench scripts import it too.
      "tests/e2e/support/chromium.ts",
      "*.config.ts",
    ],
    plugins: { nordlys },
    rules: { "nordlys/import-extensions": ["error", "always"] },
  },
  {
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["scripts/launch.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "no-var": "off", "@typescript-eslint/no-require-imports": "off" },
  },
);
