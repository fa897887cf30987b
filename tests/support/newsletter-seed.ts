/** `count` news stories, published a minute apart from a minute ago; `name` tells their titles and links apart. */
export const newsStories = (count: number, name: string) =>
  Array.from({ length: count }, (_, i) => ({
    title: `${name} story ${i}`,
    summary: "Summary",
    fullContent: "Full text",
    source: "Example Wire",
    sourceUrl: `https://news.example/${name}-${i}`,
    publishedAt: new Date(Date.now() - (i + 1) * 60_000),
  }));

/** `count` confirmed newsletter subscribers: reader0@example.test, reader1@example.test, … */
export const confirmedReaders = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ email: `reader${i}@example.test`, confirmed: true, confirmedAt: new Date() }));
