import type { WritingTaskKind } from "../../../core/writing/task-kinds.ts";

/** A task as the answer screens show it: what the loader gives of a published task. */
export interface ScreenTask {
  id: string;
  kind: WritingTaskKind;
  kindName: string;
  title: string;
  promptHtml: string;
  picture: { url: string; alt: string } | null;
  minutes: number;
  minimumWords: number;
}

/** What an answer screen needs of a published task (core's view has more: dates, the Markdown). */
export function screenTask(task: ScreenTask): ScreenTask {
  return {
    id: task.id,
    kind: task.kind,
    kindName: task.kindName,
    title: task.title,
    promptHtml: task.promptHtml,
    picture: task.picture,
    minutes: task.minutes,
    minimumWords: task.minimumWords,
  };
}

/** The full Writing test's one sitting for both tasks, as in the test (/work/shared/WRITING.md). */
export const WRITING_TEST_MINUTES = 60;
