/**
 * Preloaded with `node --import` by the module-graph test: appends the URL of every module the
 * process loads (after this hook is registered) to `ielts-hub-loaded-modules-<pid>.txt` in the
 * system's temporary folder.
 */
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const file = join(tmpdir(), `ielts-hub-loaded-modules-${process.pid}.txt`);
registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(file, `${url}\n`);
    return nextLoad(url, context);
  },
});
