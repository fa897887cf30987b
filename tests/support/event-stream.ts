/** The `data:` events of an answer in the AI endpoints' event-stream format, parsed. */
export async function readStreamEvents<T>(response: Response): Promise<T[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice("data: ".length)) as T);
}
