import { findEmail } from "./schema";

/**
 * A visitor's name and e-mail address as they write them in a chat message ("I am Per Olsen,
 * per@example.com, we want ..."), for the 'Save {email}?' prompt (which then stores the name
 * too) and the answers given without a model. Shared by the browser and the server. docs/chat.md,
 * "Contact details in a message".
 *
 * The address is the first one in the text (the chat's standard pattern). The name is read
 * after a phrase that introduces one, in English or Norwegian (the studio is in Oslo):
 *
 *   my name is / my name's / name: / jeg heter / mitt navn er    the next 1-4 words, any case
 *   I am / I'm / this is / jeg er                                the next 1-4 Capitalised words
 *
 * so "I am looking for an app" has no name, and "my name is per olsen" is "Per Olsen". A name
 * stops at punctuation, at a word that cannot be part of one ("and", "from", "og", ...) and at
 * the address; it never contains an address, digits or an '@'.
 */
export type ContactInText = { name?: string; email?: string };

const NAME_WORD = /^[\p{L}][\p{L}'’-]*$/u;
const NOT_IN_A_NAME = new Set(
  "a an the and or but from at of in on for with to here we our us i my me is am are was who what how can could would like want looking interested ceo cto founder og fra på i med til her vi jeg min mitt er som".split(
    " ",
  ),
);
/** Lead-in phrases: `any` takes words in any case, `capitalised` only Capitalised ones. */
const LEAD_INS: Array<{ pattern: RegExp; any: boolean }> = [
  { pattern: /(?:^|[^\p{L}])(?:my name is|my name's|my name’s|name:|jeg heter|mitt navn er)\s+/giu, any: true },
  { pattern: /(?:^|[^\p{L}])(?:i am|i'm|i’m|this is|jeg er)\s+/giu, any: false },
];
const MAX_NAME_WORDS = 4;

const titleCase = (word: string) => word.charAt(0).toLocaleUpperCase("nb") + word.slice(1);

/** The 1-4 name words at the start of `rest`, or undefined. */
function nameAt(rest: string, anyCase: boolean): string | undefined {
  const words: string[] = [];
  for (const raw of rest.split(/\s+/)) {
    // Punctuation after a word ends the name with that word.
    const word = raw.replace(/[,.;:!?)(]+$/, "");
    const isCapitalised = /^\p{Lu}/u.test(word) && !/^\p{Lu}{2,}$/u.test(word);
    if (!NAME_WORD.test(word) || NOT_IN_A_NAME.has(word.toLowerCase()) || (!anyCase && !isCapitalised)) break;
    words.push(anyCase ? titleCase(word) : word);
    if (word !== raw || words.length === MAX_NAME_WORDS) break;
  }
  return words.length ? words.join(" ") : undefined;
}

/** The name and address a message gives, each only when it gives one. */
export function contactInText(text: string): ContactInText {
  const email = findEmail(text);
  // The address is never part of a name: a comma stands in for it.
  const rest = email ? text.replace(email, ", ") : text;
  let name: string | undefined;
  for (const { pattern, any } of LEAD_INS) {
    for (const match of rest.matchAll(pattern)) {
      name = nameAt(rest.slice(match.index + match[0].length), any);
      if (name) break;
    }
    if (name) break;
  }
  return { ...(name ? { name } : {}), ...(email ? { email: email.toLowerCase() } : {}) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The message without the name and address it gives, for telling what it asks about. */
export function withoutContactDetails(text: string): string {
  const { name, email } = contactInText(text);
  let rest = text;
  if (email) rest = rest.replace(new RegExp(escapeRegExp(email), "i"), " ");
  if (name) rest = rest.replace(new RegExp(escapeRegExp(name), "iu"), " ");
  return rest;
}
