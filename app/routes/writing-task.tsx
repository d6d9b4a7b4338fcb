import { data } from "react-router";
import { getPublishedWritingTask } from "../../core/writing/published-tasks.server.ts";
import { Link } from "../components/links.tsx";
import { TaskPicture } from "../components/writing/task-picture.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta, publicPageMeta } from "../lib/meta.ts";
import { signInPageHref } from "../lib/safe-redirect.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { taskPath, writeTaskPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/writing-task";

/**
 * A Writing task on its own page: what the student is asked to write, and the ways to start. A
 * draft is there only for the owners, as a preview that says so; to anyone else, as a deleted
 * task, it does not exist (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { user } = getSessionUser(context);
  const task = await getPublishedWritingTask(db, params.taskId, user);
  if (!task) throw data(null, { status: 404 });
  return { task, signedIn: user !== null };
}

/** The first words of the prompt, as a description: its Markdown marks dropped, cut at a word. */
function promptInShort(prompt: string): string {
  const plain = prompt
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= 155) return plain;
  return `${plain.slice(0, 155).replace(/\s+\S*$/, "")}...`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { task } = loaderData;
  const page = `${task.title} (${task.kindName})`;
  // An owner's preview of a draft: never indexed, never given an address to share.
  if (task.status !== "published") {
    return [...pageMeta(page, promptInShort(task.prompt)), { name: "robots", content: "noindex" }];
  }
  return publicPageMeta(matches, {
    page,
    description: promptInShort(task.prompt),
    path: taskPath(task.id),
    ...(task.picture ? { image: task.picture } : {}),
  });
};

export default function WritingTask({ loaderData }: Route.ComponentProps) {
  const { task, signedIn } = loaderData;
  const here = taskPath(task.id);
  return (
    <div className="container-page max-w-4xl py-12">
      {task.status !== "published" && (
        <p className="mb-6 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300">
          <strong className="font-semibold">Draft</strong>: only the owners see this task until it
          is published.
        </p>
      )}
      <Link to="/writing" className="link text-sm">
        All Writing tasks
      </Link>
      <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <header className="space-y-2">
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            {task.kindName}
          </p>
          <h1 className="text-3xl font-bold wrap-anywhere text-slate-900">{task.title}</h1>
          <p className="text-slate-700">
            {`${task.minutes} minutes · at least ${task.minimumWords} words`}
          </p>
        </header>
        <div
          className="prose-article mt-6 text-slate-800"
          // Rendered on the server by the site's own renderer (core/writing/task-prompt.server.ts):
          // raw HTML shown as text, only harmless links; no markup of the author's own runs.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's escaped Markdown output, see above
          dangerouslySetInnerHTML={{ __html: task.promptHtml }}
        />
        {task.picture && <TaskPicture picture={task.picture} />}
      </article>

      <section aria-labelledby="start-heading" className="form-card mt-8">
        <h2 id="start-heading" className="text-xl font-bold text-slate-900">
          Write your answer
        </h2>
        {signedIn ? (
          <>
            <p className="mt-2 text-slate-700">
              {`Timed: ${task.minutes} minutes, as in the test. Untimed: as long as you like.`}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={writeTaskPath(task.id, { timed: true })} className="btn-primary">
                Start timed
              </Link>
              <Link to={writeTaskPath(task.id, { timed: false })} className="btn-secondary">
                Practise untimed
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              Sign in to write your answer, so that it is kept on your account. You come back to
              this task afterwards.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={signInPageHref("/login", here)} className="btn-primary">
                Sign in to start
              </Link>
              <Link to={signInPageHref("/register", here)} className="btn-secondary">
                Create an account
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
