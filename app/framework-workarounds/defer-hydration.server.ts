/**
 * Lets the browser paint a page before it downloads the page's JavaScript
 * (docs/decisions/0082-paint-before-hydration.md). Depends on the markup React
 * Router writes for `<Scripts>`: see README.md in this folder before upgrading.
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` for every
 * module of the page into `<head>` and ends `<body>` with an inline
 * `<script type="module" async>` that imports them and starts hydration. On
 * a slow connection those ~120 KB then share the line with the stylesheet
 * and the fonts, although the server-rendered page needs none of them to be
 * seen, read or used (links and forms work without JavaScript).
 *
 * `deferHydration` takes the finished page (app/entry.server.tsx renders it
 * in full): the modulepreload links leave `<head>`, and the module script
 * becomes a classic inline script (same place) that, after the first paint,
 * adds the links and then the module script with the same code. Everything
 * else stays byte for byte. A page without the module script is returned
 * unchanged (it then hydrates at once, as React Router intends).
 */
export function deferHydration(html: string): { html: string; deferredModule: string | null } {
  const module = findModuleScript(html);
  if (!module) return { html, deferredModule: null };
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1 || headEnd > module.start) return { html, deferredModule: null };

  // React Router lists the entry module twice; one link each is enough.
  const preloads = new Map<string, string>();
  const head = html.slice(0, headEnd).replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, (tag) => {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1] ?? tag;
    if (!preloads.has(href)) preloads.set(href, tag);
    return "";
  });
  const loader = `<script>${loaderSource([...preloads.values()].join(""), module.code)}</script>`;
  return {
    html: head + html.slice(headEnd, module.start) + loader + html.slice(module.end),
    deferredModule: module.code,
  };
}

/** React Router's inline module script: `<script type="module" async="">` without `src`. */
function findModuleScript(html: string): { start: number; end: number; code: string } | null {
  const open = /<script\b([^>]*)>/g;
  let match: RegExpExecArray | null;
  while ((match = open.exec(html))) {
    const close = html.indexOf("</script>", open.lastIndex);
    if (close === -1) return null;
    const attributes = match[1] ?? "";
    if (/\stype="module"/.test(attributes) && /\sasync=""/.test(attributes) && !/\ssrc=/.test(attributes)) {
      return { start: match.index, end: close + "</script>".length, code: html.slice(open.lastIndex, close) };
    }
    open.lastIndex = close + "</script>".length;
  }
  return null;
}

/**
 * The script that takes the module script's place. It starts the download
 * once the browser reports the first contentful paint (the frame is on the
 * screen, not just drawn), or, where paint timing is not supported, after
 * the next frame. A page opened in a background tab paints nothing until it
 * is shown, so it starts at once; and after 3 s it starts in any case.
 * The preload links go in two at a time, one task each (each link starts a
 * request, which takes the browser a moment), then the module script, whose
 * text the page's Content-Security-Policy allows by its hash.
 */
function loaderSource(preloads: string, code: string): string {
  return (
    "((preloads,code)=>{let started=false;const start=()=>{if(started)return;started=true;" +
    'const links=document.createElement("template");links.innerHTML=preloads;const pending=[...links.content.children];' +
    "const next=()=>{document.head.append(...pending.splice(0,2));if(pending.length)return setTimeout(next,0);" +
    'const script=document.createElement("script");script.type="module";script.textContent=code;document.head.append(script)};next()};' +
    'if(document.visibilityState==="hidden")return start();setTimeout(start,3000);' +
    'if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{' +
    'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start,0)}}).observe({type:"paint",buffered:true});' +
    "else requestAnimationFrame(()=>setTimeout(start,0))})" +
    `(${scriptString(preloads)},${scriptString(code)})`
  );
}

/**
 * What the loader script in `html` will add after the first paint: the preload
 * links and the module script's code (null when the page has no loader). For
 * the tests, which check the page's policy and what it loads.
 */
export function deferredScripts(html: string): { preloads: string; code: string } | null {
  const match = /<script>\(\(preloads,code\)=>[^<]*?\}\)\(("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*")\)<\/script>/.exec(html);
  return match ? { preloads: JSON.parse(match[1] ?? '""') as string, code: JSON.parse(match[2] ?? '""') as string } : null;
}

/** A JavaScript string literal that is safe inside a `<script>` element. */
function scriptString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
