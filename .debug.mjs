import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto("http://127.0.0.1:4391/");
const info = await page.evaluate(() => {
  const li = document.querySelector("main ul li");
  const article = li.querySelector("article");
  return { li: li.className, liW: li.getBoundingClientRect().width, art: article.className, display: getComputedStyle(article).display, cols: getComputedStyle(article).gridTemplateColumns, children: [...article.children].map(c => [c.tagName, c.getBoundingClientRect().width, c.getBoundingClientRect().height]) };
});
console.log(JSON.stringify(info, null, 1));
await browser.close();
