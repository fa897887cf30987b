/**
 * What a doc names that the code does not have: every file path in its text and every backticked
 * code name in it must exist, so a rename or a move that leaves a doc behind fails a test
 * (tests/support/docs-names.test.ts).
 *
 * - A backticked token without spaces is an existing path (from the repository's root, or the
 *   end of a tracked path: `db/tables/` inside app/.server) or occurs, as written, in the code.
 * - A path in the prose (`server/app.ts`, `docs/decisions/`, `tests/integration/chaos-*.test.ts`)
 *   must exist; a `*` matches within one path segment.
 * Site addresses (`/api/...`, `/admin`), commands with spaces and literal values written with
 * spaces are not code names and are not checked.
 */
export type CodeIndex = {
  /** Every tracked file, and every folder above one, from the repository's root ("app/routes", "app/routes/"). */
  paths: Set<string>;
  /** The text of the code: sources, configuration, scripts, tests. */
  text: string;
};

const TOP_FOLDERS = "app|server|scripts|tests|bench|deploy|docs|drizzle|public|images|eslint";
const PROSE_PATH = new RegExp(String.raw`(?<![\w./-])(?:\.ci|${TOP_FOLDERS})/[\w.*+\-/\[\]$]*[\w/*]`, "g");

function pathExists(candidate: string, index: CodeIndex): boolean {
  const bare = candidate.replace(/\/$/, "");
  if (index.paths.has(bare)) return true;
  // A decision named by its number: docs/decisions/0060 is docs/decisions/0060-….md.
  if (/\/\d{4}$/.test(bare) && [...index.paths].some((known) => known.startsWith(`${bare}-`))) return true;
  if (bare.includes("*")) {
    const pattern = new RegExp(`^${bare.split("*").map(escapeRegExp).join("[^/]*")}$`);
    return [...index.paths].some((known) => pattern.test(known));
  }
  return false;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function looksLikePath(token: string): boolean {
  return /^[\w.+-]*[A-Za-z][\w.+-]*\/[\w.*/+-]*$/.test(token) || /^[\w.-]+\.(ts|tsx|js|mjs|cjs|json|md|css|conf|sql|yaml)$/.test(token);
}

/**
 * The part of a token that names code: `<Form>` is `Form`, `createApp()` is `createApp`, a
 * metric with a label selector is the metric, `net.Socket#destroySoon` is `destroySoon`, a package
 * scope with a wildcard is the scope, an environment variable with a file under it is the variable.
 */
function codeNameOf(token: string): string {
  return token
    .replace(/^<\/?([\w.]+)\s*\/?>$/, "$1")
    .replace(/\(\)$/, "")
    .replace(/\{.*\}$/, "")
    .replace(/^[\w.]+#/, "")
    .replace(/\*$/, "")
    .replace(/^([A-Z][A-Z0-9_]+)\/.*$/, "$1");
}

/** Values rather than names: settings (`Restart=on-failure`), JSON literals, elided names (`…_entries`). */
const isValue = (token: string) => token.includes("=") || /^[{[…]/.test(token);

function tokenExists(token: string, index: CodeIndex): boolean {
  if (looksLikePath(token)) {
    const bare = token.replace(/\/$/, "");
    if (pathExists(bare, index)) return true;
    // A path named from inside its folder (`db/tables/` in a row about app/.server), or a file by its name.
    if ([...index.paths].some((known) => known.endsWith(`/${bare}`))) return true;
  }
  return index.text.includes(codeNameOf(token));
}

/** The names in `markdown` that do not exist in `index`, each with its line. */
export function missingNames(markdown: string, index: CodeIndex): string[] {
  const missing: string[] = [];
  const lines = markdown.split("\n");
  lines.forEach((line, number) => {
    const where = `line ${number + 1}`;
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const token = match[1]!.trim();
      if (/\s/.test(token) || token.startsWith("/") || !/[A-Za-z]/.test(token) || isValue(token)) continue;
      if (!tokenExists(token, index)) missing.push(`${where}: \`${token}\``);
    }
    const prose = line.replace(/`[^`]*`/g, " ").replace(/\]\([^)]*\)/g, "]");
    for (const match of prose.matchAll(PROSE_PATH)) {
      const candidate = match[0].replace(/[.,;:)]+$/, "");
      if (!pathExists(candidate, index)) missing.push(`${where}: ${candidate}`);
    }
  });
  return missing;
}
