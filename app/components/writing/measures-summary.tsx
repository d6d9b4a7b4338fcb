import type { ReactNode } from "react";
import type { WritingMeasures } from "../../../core/writing/measures.ts";

/** Below this many counted words MTLD is not reliable (decision 0058), which the page says. */
const MTLD_RELIABLE_FROM = 100;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function Measure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The instant measures of an answer, as the server computed them (decision 0058): counts and
 * findings, never a band. The words counted leave copied runs out; under the task's minimum the
 * page says so in the test's terms.
 */
export function MeasuresSummary({ measures }: { measures: Omit<WritingMeasures, "flags"> }) {
  const { words } = measures;
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Measure term="Words">
        <span className="text-2xl font-bold">{words.counted}</span>
        {words.copied > 0 && (
          <span className="block text-sm text-slate-700">
            {`${words.total} written, ${words.copied} copied from the task and not counted`}
          </span>
        )}
        {words.underLength ? (
          <strong className="mt-1 block font-semibold text-red-800">{words.underLength}</strong>
        ) : (
          <span className="block text-sm text-slate-700">{`At least ${words.minimum}: long enough`}</span>
        )}
      </Measure>
      <Measure term="Paragraphs">{measures.paragraphs}</Measure>
      <Measure term="Sentences">
        {measures.sentences}
        <span className="block text-sm text-slate-700">
          {`${measures.averageSentenceWords} words on average; the longest ${plural(measures.longestSentenceWords, "word")}`}
        </span>
      </Measure>
      <Measure term="Spelling">
        {measures.spelling.length === 0
          ? "No word unknown to both dictionaries"
          : plural(measures.spelling.length, "word") +
            " in neither a British nor an American dictionary"}
      </Measure>
      <Measure term="The same word twice">
        {measures.repeatedWords.length === 0
          ? "None"
          : plural(measures.repeatedWords.length, "time")}
      </Measure>
      <Measure term="“a” and “an”">
        {measures.articles.length === 0
          ? "None before the wrong sound"
          : `${plural(measures.articles.length, "article")} before the wrong sound`}
      </Measure>
      <Measure term="Distinct words per 100">
        {measures.distinctWordsPer100}
        <span className="block text-sm text-slate-700">
          It falls as an answer grows: read it with MTLD.
        </span>
      </Measure>
      <Measure term="Lexical variety (MTLD)">
        {measures.mtld === null ? "Not measurable (every word different)" : measures.mtld}
        <span className="block text-sm text-slate-700">
          {words.counted < MTLD_RELIABLE_FROM
            ? `Not reliable below ${MTLD_RELIABLE_FROM} words.`
            : "Higher means more varied words; it does not fall with length."}
        </span>
      </Measure>
    </dl>
  );
}

/** The linking words by what they do, each phrase with its uses, the overused ones said so. */
export function LinkingWords({ linking }: { linking: WritingMeasures["linkingWords"] }) {
  const overused = new Map(linking.overused.map((entry) => [entry.phrase, entry.uses]));
  return (
    <>
      <p className="mt-2 text-slate-700">
        {`${plural(linking.total, "use")} of linking words and phrases. Any one used 3 times or more is marked overused.`}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {linking.groups.map(({ group, label, uses }) => {
          const counts = new Map<string, number>();
          for (const use of uses) counts.set(use.phrase, (counts.get(use.phrase) ?? 0) + 1);
          return (
            <Measure key={group} term={label}>
              {counts.size === 0 ? (
                <span className="text-slate-600">None</span>
              ) : (
                <ul className="space-y-0.5">
                  {[...counts].map(([phrase, count]) => (
                    <li key={phrase}>
                      {`“${phrase}”${count > 1 ? ` × ${count}` : ""}`}
                      {overused.has(phrase) && (
                        <strong className="ml-1 font-semibold text-amber-900">(overused)</strong>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Measure>
          );
        })}
      </dl>
    </>
  );
}
