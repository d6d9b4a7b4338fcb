import type { Toast } from "../toast.ts";

/**
 * The fields of the Writing screens' form, shared by the screen (app/components/writing/sitting.tsx)
 * and its action (answer-actions.server.ts): one answer per task, `text` on a task's screen and
 * `text1`/`text2` in the full test, each with its `secondsTaken`.
 */
export interface AnswerPart {
  key: "" | "1" | "2";
  task: { id: string; title: string; kindName: string; minimumWords: number };
}

export const textField = (part: Pick<AnswerPart, "key">) => `text${part.key}`;
export const secondsField = (part: Pick<AnswerPart, "key">) => `secondsTaken${part.key}`;

export const ANSWER_INTENTS = [
  "save-draft",
  "submit",
  "submit-confirmed",
  "discard-draft",
] as const;

/** What the screen's action answers when it does not move on: the words as sent, and why. */
export interface AnswerActionData {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  flash: Toast | null;
  /** The first step of submitting without JavaScript: the words counted, to confirm. */
  confirm:
    | { key: string; title: string; kindName: string; words: number; minimumWords: number }[]
    | null;
  /** When the Save button's draft was saved (ISO). */
  savedAt: string | null;
}
