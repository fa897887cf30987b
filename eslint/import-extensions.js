/**
 * Rule `nordlys/import-extensions`: one way to write the file name in a relative (`./`, `../`) or
 * `~/` import of a TypeScript file, per folder (docs/decisions/0191-eslint-10-and-one-import-rule.md).
 *
 *   "never"   app/, and tests/ but for its fixtures and support code: `import { x } from "./file"`.
 *             Vite, Vitest and tsx find the file.
 *   "always"  server/, scripts/, bench/, tests/fixtures/, tests/support/ and the root *.config.ts:
 *             `import { x } from "./file.ts"`. Some of these files are run by Node itself
 *             (server/main.ts, scripts/tasks.mjs, bench/ai-stream.ts with the tests/support/ code
 *             it imports, the feed servers in tests/fixtures/news/), and Node's type stripping resolves nothing: the import must
 *             name the file. Vite warns about a config that does not (its coming native loader is Node's).
 *
 * `eslint --fix` rewrites the imports: "never" drops `.ts`/`.tsx`; "always" adds the extension of
 * the file that exists (`file.ts`, `file.tsx`, `file/index.ts`).
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const TS_EXTENSION = /\.tsx?$/;
/** Anything after the file name that is not part of it: Vite's `?standalone`, `?url`. */
const QUERY = /\?.*$/;

/** @param {string} specifier @param {string} importer @returns {string | undefined} */
function resolveBase(specifier, importer) {
  if (specifier.startsWith("~/")) return path.join(root, "app", specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) return path.resolve(path.dirname(importer), specifier);
  return undefined;
}

/** @param {string} base @returns {string | undefined} the suffix that names an existing TypeScript file */
function existingSuffix(base) {
  for (const suffix of [".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    if (fs.existsSync(base + suffix)) return suffix;
  }
  return undefined;
}

/** @type {import("eslint").Rule.RuleModule} */
export const importExtensions = {
  meta: {
    type: "suggestion",
    fixable: "code",
    schema: [{ enum: ["always", "never"] }],
    messages: {
      never: 'Import without the file\'s extension here ("{{ wanted }}"): Vite, Vitest and tsx find the file (docs/decisions/0191).',
      always:
        'Import the file by its full name here ("{{ wanted }}"): Node runs some files in this folder itself and resolves nothing (docs/decisions/0191).',
    },
  },
  create(context) {
    const mode = context.options[0] ?? "never";
    /** @param {import("estree").Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const specifier = source.value;
      const query = QUERY.exec(specifier)?.[0] ?? "";
      const file = specifier.slice(0, specifier.length - query.length);
      const base = resolveBase(file, context.filename);
      if (base === undefined) return;
      let wanted;
      if (mode === "never") {
        if (!TS_EXTENSION.test(file)) return;
        wanted = file.replace(TS_EXTENSION, "") + query;
      } else {
        if (TS_EXTENSION.test(file)) return;
        const suffix = existingSuffix(base);
        if (!suffix) return; // not a TypeScript file (a .mjs, .json or .css file names itself)
        wanted = file + suffix + query;
      }
      const quote = source.raw?.[0] ?? '"';
      context.report({
        node: source,
        messageId: mode,
        data: { wanted },
        fix: (fixer) => fixer.replaceText(source, quote + wanted + quote),
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
