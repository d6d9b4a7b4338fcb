import {
  COURSE_FORMATS,
  COURSE_MODULES,
  type CourseDetails,
  formatLength,
  formatLevel,
  formatWritingAnswersMarked,
} from "../../core/catalogue/course-details.ts";

/** A course's details on its page: the facts a buyer weighs, and what they will learn. */
export function CourseFacts({ details }: { details: CourseDetails }) {
  const facts: [string, string][] = [];
  if (details.module) facts.push(["IELTS module", COURSE_MODULES[details.module]]);
  if (details.level) facts.push(["Level", formatLevel(details.level)]);
  if (details.length) facts.push(["Length", formatLength(details.length)]);
  if (details.format) facts.push(["Format", COURSE_FORMATS[details.format]]);
  if (details.writingAnswersMarked > 0)
    facts.push(["Writing marking", formatWritingAnswersMarked(details.writingAnswersMarked)]);
  if (facts.length === 0 && details.learningPoints.length === 0) return null;
  return (
    <>
      {facts.length > 0 && (
        <dl className="mt-6 grid grid-cols-2 gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                {term}
              </dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {details.learningPoints.length > 0 && (
        <section aria-labelledby="learn-heading" className="mt-6">
          <h2 id="learn-heading" className="text-lg font-bold text-slate-900">
            What you will learn
          </h2>
          <ul className="mt-2 space-y-1.5">
            {details.learningPoints.map((point) => (
              <li key={point} className="flex gap-2 text-slate-700">
                <span aria-hidden="true" className="font-bold text-green-700">
                  ✓
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
