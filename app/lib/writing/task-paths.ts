/** The pages of one Writing task: the owner's, and the students'. */
export const editTaskPath = (taskId: string) => `/admin/writing/tasks/${taskId}/edit`;
export const deleteTaskPath = (taskId: string) => `/admin/writing/tasks/${taskId}/delete`;
export const taskPath = (taskId: string) => `/writing/tasks/${taskId}`;
/** The test screen (issue 38, point 3): `?timed=1` for a timed sitting. */
export const writeTaskPath = (taskId: string, { timed }: { timed: boolean }) =>
  `/writing/tasks/${taskId}/write${timed ? "?timed=1" : ""}`;
/** "Write a revised draft": the screen, starting from the earlier answer's text. */
export const revisePath = (taskId: string, submissionId: string) =>
  `/writing/tasks/${taskId}/write?revise=${encodeURIComponent(submissionId)}`;
/** A submitted answer with its measures; `otherPart` links the other answer of a full test. */
export const submissionPath = (submissionId: string, otherPart?: string) =>
  `/writing/submissions/${submissionId}${otherPart ? `?test=${encodeURIComponent(otherPart)}` : ""}`;
/** The full Writing test: one Task 1 and one Task 2 in one 60-minute sitting. */
export const WRITING_TEST_PATH = "/writing/test";
export const writingTestPath = (task1: string, task2: string) =>
  `${WRITING_TEST_PATH}?task1=${encodeURIComponent(task1)}&task2=${encodeURIComponent(task2)}`;
/** An answer's marking page, for owners (issue 39). */
export const markingPath = (submissionId: string) => `/admin/writing/submissions/${submissionId}`;
/** One student's Writing progress, for owners (issue 39, point 6). */
export const studentProgressPath = (userId: string) => `/admin/writing/students/${userId}`;
