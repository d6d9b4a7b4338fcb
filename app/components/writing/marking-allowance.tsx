import type {
  CourseWithMarking,
  MarkingAllowance,
} from "../../../core/writing/marking-allowance.server.ts";
import { Link } from "../links.tsx";
import { UserText } from "../user-text.tsx";

const answers = (count: number) => `${count} ${count === 1 ? "answer" : "answers"}`;

/** "Marking: 1 of 4 used, 3 left": what a student has of the teacher's marking. */
export function allowanceText({ included, used, left }: MarkingAllowance): string {
  return `Marking: ${used} of ${included} used, ${left} left`;
}

/**
 * A student's marking allowance and the courses it comes from (issue 39, point 1), on /writing,
 * an answer's page and the owner's page about the student. `subject` says whose courses they are.
 */
export function AllowanceSummary({
  allowance,
  subject = "your",
}: {
  allowance: MarkingAllowance;
  subject?: "your" | "their";
}) {
  if (allowance.included === 0) {
    return (
      <p className="text-slate-700" data-marking-allowance>
        {`Marking: ${subject === "your" ? "none of your courses includes" : "none of their courses includes"} marking of Writing answers by the teacher.`}
        {allowance.used > 0 && ` ${answers(allowance.used)} sent for marking before.`}
      </p>
    );
  }
  return (
    <p className="text-slate-700" data-marking-allowance>
      <strong className="font-semibold text-slate-900">{allowanceText(allowance)}</strong>
      {", from "}
      {allowance.courses.map((course, index) => (
        <span key={course.id}>
          {index > 0 && (index === allowance.courses.length - 1 ? " and " : ", ")}
          <UserText>{course.name}</UserText>
          {` (${answers(course.answers)})`}
        </span>
      ))}
      .
    </p>
  );
}

/**
 * The published courses that include marking, each linked to its page: what a student without
 * marking left can join to have answers marked.
 */
export function CoursesWithMarking({ courses }: { courses: CourseWithMarking[] }) {
  if (courses.length === 0) {
    return (
      <p className="mt-2 text-slate-700">
        No course includes marking of Writing answers at the moment.
      </p>
    );
  }
  return (
    <>
      <p className="mt-2 text-slate-700">These courses include marking by the teacher:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
        {courses.map((course) => (
          <li key={course.id}>
            <Link to={`/services/${course.id}`} className="link">
              <UserText>{course.name}</UserText>
            </Link>
            {`: ${answers(course.answersMarked)} marked`}
          </li>
        ))}
      </ul>
    </>
  );
}
