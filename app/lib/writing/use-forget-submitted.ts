import { useEffect } from "react";
import { readLocalDraft, removeLocalDraft } from "./local-drafts.ts";

/**
 * On a submitted answer's page: this device's copy of the draft that was sent to be submitted is
 * forgotten, now that the answer is in (a copy typed into since, or never sent, stays).
 */
export function useForgetSubmittedDrafts(userId: string, taskIds: readonly string[]) {
  const key = taskIds.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the tasks' ids.
  useEffect(() => {
    for (const taskId of taskIds) {
      if (readLocalDraft(userId, taskId)?.submitting) removeLocalDraft(userId, taskId);
    }
  }, [userId, key]);
}
