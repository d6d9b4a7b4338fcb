import type { ReactNode } from "react";
import type { ScreenTask } from "../../lib/writing/screen-task.ts";
import { TaskPicture } from "./task-picture.tsx";

/**
 * The task beside the answer, as the test shows it on the left: its prompt and picture. A
 * native `<details>`, open at first, so that on a phone, where the task stands above the answer
 * box, the student folds it away to write (and opens it again to read), without JavaScript too.
 */
export function TaskPanel({
  task,
  heading,
  headingId,
}: {
  task: ScreenTask;
  heading: ReactNode;
  headingId: string;
}) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold wrap-anywhere text-slate-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {`${task.kindName} · ${task.minutes} minutes · at least ${task.minimumWords} words`}
      </p>
      <details open className="writing-task-fold group mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-2">
          <span className="group-open:hidden">Show the task</span>
          <span className="hidden group-open:inline">Fold the task away</span>
        </summary>
        <div
          className="prose-article mt-2 text-slate-800"
          // Rendered on the server by the site's own renderer (core/writing/task-prompt.server.ts):
          // raw HTML shown as text, only harmless links.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's escaped Markdown output, see above
          dangerouslySetInnerHTML={{ __html: task.promptHtml }}
        />
        {task.picture && <TaskPicture picture={task.picture} />}
      </details>
    </div>
  );
}
