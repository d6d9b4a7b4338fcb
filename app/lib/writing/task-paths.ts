/** The pages of one Writing task: the owner's, and the students'. */
export const editTaskPath = (taskId: string) => `/admin/writing/tasks/${taskId}/edit`;
export const deleteTaskPath = (taskId: string) => `/admin/writing/tasks/${taskId}/delete`;
export const taskPath = (taskId: string) => `/writing/tasks/${taskId}`;
/** The test screen (issue 38, point 3): `?timed=1` for a timed sitting. */
export const writeTaskPath = (taskId: string, { timed }: { timed: boolean }) =>
  `/writing/tasks/${taskId}/write${timed ? "?timed=1" : ""}`;
