/**
 * What the pages say about the AI tools when no AI provider is configured
 * (`isAiConfigured()` in app/.server/ai is false): the home page's tool cards
 * and the /try-ai header use these words, and the /try-ai status card says the
 * same ("The AI tools are taking a short break"), so no page offers what
 * another shows as unavailable. docs/ai-tools.md, "Without a provider".
 */
export const aiPausedWording = {
  /** The tool cards' link label, in place of 'Try it free'. */
  cardLabel: "See the tool",
  /** Under the home page's tools heading. */
  homeNote: "The tools are taking a short break right now: you can see what each one does, and we are glad to talk it through.",
  /** The /try-ai header, in place of the sentence about sending text to the provider. */
  tryAiIntro: "The tools are taking a short break right now, so the forms below are paused. You can see what each one does.",
} as const;
