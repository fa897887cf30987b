import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Lets the browser paint a page before it downloads the page's JavaScript
 * (docs/decisions/0082-paint-before-hydration.md).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` for every
 * module of the page into `<head>` and ends `<body>` with an inline
 * `<script type="module" async>` that imports them and starts hydration. On
 * a slow connection those ~120 KB then share the line with the stylesheet
 * and the fonts, although the server-rendered page needs none of them to be
 * seen, read or used (links and forms work without JavaScript).
 *
 * This rewrites React's output as it streams: the modulepreload links are
 * taken out of `<head>`, and the module script becomes a classic inline
 * script (same element, same place, same nonce) that, after the first
 * paint, adds the links and the module script back. Everything else passes
 * through byte for byte. The rewrite needs only what React guarantees for
 * the HTML it writes: `<` and `>` are escaped in text and attribute values,
 * so a `>` ends a tag, and script contents end at the first `</script>`.
 * Markup that does not look exactly as expected is passed through as it is
 * (the page then hydrates at once, as before).
 */
export class DeferHydration {
  private pending = "";
  private preloads: string[] = [];
  private done = false;

  /** Takes the next piece of the page; returns what can be sent on. */
  write(text: string): string {
    this.pending += text;
    let out = "";
    let index = 0;
    const html = this.pending;
    while (index < html.length) {
      const open = html.indexOf("<", index);
      if (open === -1) {
        out += html.slice(index);
        index = html.length;
        break;
      }
      out += html.slice(index, open);
      index = open;
      const close = html.indexOf(">", open);
      if (close === -1) break; // the rest of the tag is in the next piece
      const tag = html.slice(open, close + 1);
      const rawTextEnd = rawTextEndTag(tag);
      if (rawTextEnd) {
        const end = html.indexOf(rawTextEnd, close + 1);
        if (end === -1) break; // wait for the whole element
        const content = html.slice(close + 1, end);
        out += this.done || !isModuleScript(tag) ? html.slice(open, end + rawTextEnd.length) : this.loader(tag, content);
        index = end + rawTextEnd.length;
        continue;
      }
      if (!this.done && isModulePreload(tag)) {
        // React Router lists the entry module twice; one link each is enough.
        // Added by script later, they need no nonce (and the page keeps it out of its strings).
        if (!this.preloads.some((seen) => hrefOf(seen) === hrefOf(tag))) this.preloads.push(tag.replace(/\s+nonce="[^"]*"/, ""));
      } else {
        out += tag;
      }
      index = close + 1;
    }
    this.pending = html.slice(index);
    return out;
  }

  /** The end of the page: whatever is still held goes out unchanged. */
  end(): string {
    const rest = this.pending;
    this.pending = "";
    return rest;
  }

  private loader(openTag: string, code: string): string {
    this.done = true;
    const classicTag = openTag.replace(/\s+type="module"/, "").replace(/\s+async=""/, "");
    return `${classicTag}${loaderSource(this.preloads.join(""), code)}</script>`;
  }
}

/** A Node stream for `renderToPipeableStream(...).pipe()`. */
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder("utf8");
  const rewriter = new DeferHydration();
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = rewriter.write(typeof chunk === "string" ? chunk : decoder.write(chunk));
      callback(null, text ? Buffer.from(text) : undefined);
    },
    flush(callback) {
      const text = rewriter.write(decoder.end()) + rewriter.end();
      callback(null, text ? Buffer.from(text) : undefined);
    },
  });
}

/**
 * The script that takes the module script's place. It starts the download
 * once the browser reports the first contentful paint (the frame is on the
 * screen, not just drawn), or, where paint timing is not supported, after
 * the next frame. A page opened in a background tab paints nothing until it
 * is shown, so it starts at once; and after 3 s it starts in any case.
 * The preload links go in two at a time, one task each (each link starts a
 * request, which takes the browser a moment), then the module script.
 */
function loaderSource(preloads: string, code: string): string {
  return (
    "((preloads,code,nonce)=>{let started=false;const start=()=>{if(started)return;started=true;" +
    'const links=document.createElement("template");links.innerHTML=preloads;const pending=[...links.content.children];' +
    "const next=()=>{document.head.append(...pending.splice(0,2));if(pending.length)return setTimeout(next,0);" +
    'const script=document.createElement("script");script.type="module";script.nonce=nonce;script.textContent=code;document.head.append(script)};next()};' +
    'if(document.visibilityState==="hidden")return start();setTimeout(start,3000);' +
    'if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{' +
    'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start,0)}}).observe({type:"paint",buffered:true});' +
    "else requestAnimationFrame(()=>setTimeout(start,0))})" +
    `(${scriptString(preloads)},${scriptString(code)},document.currentScript.nonce)`
  );
}

/**
 * What the loader script in `html` will add after the first paint: the preload
 * links and the module script's code (null when the page has no loader). For
 * tests and `npm run bench`, which count the modules a page loads.
 */
export function deferredScripts(html: string): { preloads: string; code: string } | null {
  const match = /\(\(preloads,code,nonce\)=>[^<]*?\}\)\(("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*"),document\.currentScript\.nonce\)<\/script>/.exec(html);
  return match ? { preloads: JSON.parse(match[1] ?? '""') as string, code: JSON.parse(match[2] ?? '""') as string } : null;
}

/** A JavaScript string literal that is safe inside a `<script>` element. */
function scriptString(value: string): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function rawTextEndTag(tag: string): string | null {
  if (/^<script[\s>]/.test(tag)) return "</script>";
  if (/^<style[\s>]/.test(tag)) return "</style>";
  return null;
}

function isModuleScript(tag: string): boolean {
  return /^<script\s[^>]*\btype="module"/.test(tag) && /\sasync=""/.test(tag) && !/\ssrc=/.test(tag);
}

function isModulePreload(tag: string): boolean {
  return /^<link\s[^>]*\brel="modulepreload"/.test(tag);
}

function hrefOf(tag: string): string | undefined {
  return /\shref="([^"]*)"/.exec(tag)?.[1];
}
