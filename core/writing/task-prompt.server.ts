import { createMarkdown, rememberedRender } from "../markdown.server.ts";

/**
 * A Writing task's prompt as students read it: the blog's renderer (core/markdown.server.ts: raw
 * HTML shown as text, only harmless links), its headings under the task's title (the page's h1),
 * none skipped. A single line break stays a line break: prompts are written as the test prints
 * them, line by line ("Write at least 150 words." under the question), and a teacher should not
 * need Markdown's blank lines to get that.
 */
const UNDER_THE_TITLE = 1;

const onThePage = rememberedRender(
  createMarkdown({ breaks: true, headingsUnder: UNDER_THE_TITLE }),
);

/** Remembered: every answer's page shows its task's prompt, and prompts seldom change. */
export function renderTaskPrompt(prompt: string): string {
  return onThePage(prompt);
}
