import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Form, useFetcher, useLocation, useSubmit } from "react-router";
import { MAX_WRITING_ANSWER_LENGTH } from "../../../core/writing/answer-input.ts";
import { countWords } from "../../../core/writing/word-count.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { type AnswerActionData, secondsField, textField } from "../../lib/writing/answer-fields.ts";
import { clockTime, timeLeftText } from "../../lib/writing/durations.ts";
import {
  type DraftToContinue,
  draftToContinue,
  readLocalDraft,
  removeLocalDraft,
  type ServerDraft,
} from "../../lib/writing/local-drafts.ts";
import type { ScreenTask } from "../../lib/writing/screen-task.ts";
import { type SaveStatus, useDraftKeeper } from "../../lib/writing/use-draft-keeper.ts";
import { useSittingClock } from "../../lib/writing/use-sitting-clock.ts";
import { Field, useFieldWiring } from "../fields/field.tsx";
import { FieldForm } from "../fields/form-state.tsx";
import { Countdown } from "./countdown.tsx";
import { SubmitDialog } from "./submit-dialog.tsx";
import { TaskPanel } from "./task-panel.tsx";

/** One answer of the sitting: a task's, with the server's draft of it. */
export interface SittingPart {
  key: "" | "1" | "2";
  /** "Task 2", or "Part 1" in the full test. */
  label: string;
  task: ScreenTask;
  draft: ServerDraft | null;
  /**
   * What the box starts from instead of nothing: a revised draft's earlier answer ("Write a
   * revised draft"). A draft of the task is still offered first, since it may be this revision
   * begun before, and "Start again" comes back here rather than to an empty box.
   */
  startText?: string;
}

type Phase = "offer" | "writing" | "ended";

/** How long a countdown warning flashes, in seconds. */
const FLASH_SECONDS = 6;

/** Where the sitting starts its clock: the time left when timed, the time spent when not. */
interface Start {
  secondsLeft: number | null;
  secondsSpent: number;
}

const textsOf = (parts: SittingPart[], pick: (part: SittingPart) => string) =>
  Object.fromEntries(parts.map((part) => [part.key, pick(part)])) as Record<string, string>;

/**
 * A draft worth offering: one with words, and other words than the box starts from (a revision's
 * untouched earlier answer is no draft of it).
 */
const offered = (part: SittingPart, text: string | undefined) =>
  text !== undefined && text.trim() !== "" && text !== part.startText;

/**
 * The test screen (issue 38, point 3; decision 0060), for one task or the full test's two: the
 * task on the left and the answer box on the right on wide screens (stacked on a phone, the task
 * foldable); at the top the countdown (timed), the save status and Submit; the full test's parts
 * switched at the bottom. Without JavaScript it is a plain form: the words are counted and the
 * submission confirmed by the server, the draft saved with a button.
 */
export function Sitting({
  userId,
  heading,
  intro,
  parts,
  timed,
  totalSeconds,
  continueDraft,
  startedAt,
  revisionOf,
  actionData,
}: {
  userId: string;
  heading: ReactNode;
  intro?: ReactNode;
  parts: SittingPart[];
  timed: boolean;
  /** The whole sitting's time when timed: the task's minutes, or the full test's 60. */
  totalSeconds: number;
  /** `?continue=1`: go on with the draft without asking (the link "Continue" without JavaScript). */
  continueDraft: boolean;
  /** When the server served the page (ms), for the time taken without JavaScript. */
  startedAt: number;
  /** A revised draft: the earlier answer it revises, sent with the submission. */
  revisionOf?: string | null;
  actionData: AnswerActionData | undefined;
}) {
  const location = useLocation();
  const timeZone = useSiteTimeZone();
  const submit = useSubmit();
  const discard = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const several = parts.length > 1;
  const hasServerDraft = parts.some((part) => offered(part, part.draft?.text));
  const refused = actionData !== undefined;

  const [enhanced, setEnhanced] = useState(false);
  const [phase, setPhase] = useState<Phase>(
    hasServerDraft && !continueDraft && !refused ? "offer" : "writing",
  );
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    textsOf(parts, (part) =>
      refused
        ? (actionData.values[textField(part)] ?? "")
        : continueDraft
          ? (part.draft?.text ?? part.startText ?? "")
          : (part.startText ?? ""),
    ),
  );
  const [offer, setOffer] = useState<(DraftToContinue | null)[]>(() =>
    parts.map((part) => offerable(part, draftToContinue(part.draft, null))),
  );
  const [start, setStart] = useState<Start>(() => ({
    secondsLeft: timed ? firstSecondsLeft(parts, totalSeconds, continueDraft) : null,
    secondsSpent: 0,
  }));
  const [savedTexts, setSavedTexts] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(
      parts.map((part) => [
        part.task.id,
        (continueDraft ? part.draft?.text : undefined) ?? part.startText ?? null,
      ]),
    ),
  );
  const [active, setActive] = useState(0);
  const [clockHidden, setClockHidden] = useState(false);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [waitingForConnection, setWaitingForConnection] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [flashUntil, setFlashUntil] = useState(-1);

  const running = enhanced && phase === "writing" && !sending;
  const clock = useSittingClock({
    running,
    startSecondsLeft: start.secondsLeft,
    startSecondsSpent: start.secondsSpent,
  });

  const answers = useMemo(
    () => parts.map((part) => ({ taskId: part.task.id, text: texts[part.key] ?? "" })),
    [parts, texts],
  );
  const startTexts = useMemo(
    () =>
      Object.fromEntries(
        parts.flatMap((part) =>
          part.startText === undefined ? [] : [[part.task.id, part.startText]],
        ),
      ) as Record<string, string>,
    [parts],
  );
  const keeper = useDraftKeeper({
    userId,
    answers,
    startTexts,
    secondsLeft: clock.secondsLeft,
    secondsSpent: clock.secondsSpent,
    running,
    savedTexts,
    onConnectionChange: (online) =>
      setAnnouncement(
        online
          ? "Back online: saving your answer."
          : "Offline: your answer is kept on this device, and saved when you are back.",
      ),
  });

  /** Starts writing from the drafts chosen (or from nothing, the server's drafts discarded). */
  const begin = useCallback(
    (choices: (DraftToContinue | null)[], { discarded = false } = {}) => {
      setTexts(
        textsOf(parts, (part) => choices[parts.indexOf(part)]?.text ?? part.startText ?? ""),
      );
      const lefts = choices
        .map((choice) => choice?.secondsLeft)
        .filter((left): left is number => typeof left === "number" && left > 0);
      setStart({
        secondsLeft: timed ? Math.min(totalSeconds, ...lefts) : null,
        secondsSpent: Math.max(0, ...choices.map((choice) => choice?.secondsSpent ?? 0)),
      });
      // A revision's earlier answer counts as saved: unchanged, it is not worth a draft.
      setSavedTexts(
        Object.fromEntries(
          parts.map((part) => [
            part.task.id,
            (discarded ? undefined : part.draft?.text) ?? part.startText ?? null,
          ]),
        ),
      );
      setPhase("writing");
    },
    [parts, timed, totalSeconds],
  );

  // Once the page runs JavaScript: this device's drafts join the server's in the offer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates.
  useEffect(() => {
    setEnhanced(true);
    if (refused) return;
    const choices = parts.map((part) =>
      offerable(part, draftToContinue(part.draft, readLocalDraft(userId, part.task.id))),
    );
    if (continueDraft) {
      begin(choices);
    } else if (choices.some(Boolean)) {
      setOffer(choices);
      setPhase("offer");
    } else {
      // Words typed before the page's scripts ran are kept.
      const typed = textsOf(parts, (part) => {
        const box = document.getElementById(answerId(part));
        return box instanceof HTMLTextAreaElement ? box.value : "";
      });
      if (Object.values(typed).some((text) => text !== "")) setTexts(typed);
    }
  }, []);

  // A refused submission (no words, too long, a limit) brings the screen back to writing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each answer of the action alone.
  useEffect(() => {
    if (!actionData) return;
    setSending(false);
    keeper.resume();
    if (!actionData.fieldErrors) return;
    const firstWrong = parts.find((part) => actionData.fieldErrors[textField(part)]);
    if (firstWrong) setActive(parts.indexOf(firstWrong));
  }, [actionData]);

  const sendNow = useCallback(
    ({ timeRanOut }: { timeRanOut: boolean }) => {
      const form = formRef.current;
      if (!form) return;
      const body = new FormData(form);
      body.set("intent", "submit-confirmed");
      if (timeRanOut) body.set("timeRanOut", "1");
      const taken =
        clock.secondsLeft !== null ? totalSeconds - clock.secondsLeft : clock.secondsSpent;
      for (const part of parts) body.set(secondsField(part), String(Math.max(0, taken)));
      keeper.stop();
      setSending(true);
      // A draft saved after the submission would come back as a new draft (decision 0059): the
      // saves already on their way land first.
      void keeper.settled().then(() => submit(body, { method: "post" }));
    },
    [clock.secondsLeft, clock.secondsSpent, keeper, parts, submit, totalSeconds],
  );

  // The countdown's warnings, and the end of the time.
  const previousLeft = useRef(clock.secondsLeft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each second of the countdown alone.
  useEffect(() => {
    const before = previousLeft.current;
    const now = clock.secondsLeft;
    previousLeft.current = now;
    if (before === null || now === null || now >= before || phase !== "writing") return;
    for (const minutes of [10, 5]) {
      if (before > minutes * 60 && now <= minutes * 60) {
        setAnnouncement(`${minutes} minutes left.`);
        setFlashUntil(clock.elapsed + FLASH_SECONDS);
      }
    }
    if (now === 0) {
      setPhase("ended");
      setAsking(false);
      if (typeof navigator !== "undefined" && navigator.onLine === false) {
        setWaitingForConnection(true);
        setAnnouncement(
          "Time is up. You are offline: your answer is kept on this device and submitted as soon as you are back.",
        );
      } else {
        setAnnouncement("Time is up: your answer is being submitted.");
        sendNow({ timeRanOut: true });
      }
    }
  }, [clock.secondsLeft]);

  // Time ran out offline: submitted when the connection is back.
  useEffect(() => {
    if (!waitingForConnection) return;
    const onOnline = () => {
      setWaitingForConnection(false);
      setAnnouncement("Back online: your answer is being submitted.");
      sendNow({ timeRanOut: true });
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [waitingForConnection, sendNow]);

  const startAgain = () => {
    for (const part of parts) removeLocalDraft(userId, part.task.id);
    discard.submit({ intent: "discard-draft", js: "1" }, { method: "post" });
    begin(
      parts.map(() => null),
      { discarded: true },
    );
  };

  const continueHref = useMemo(() => {
    const search = new URLSearchParams(location.search);
    search.set("continue", "1");
    return `${location.pathname}?${search.toString()}`;
  }, [location.pathname, location.search]);

  const counts = parts.map((part) => ({
    label: several ? `${part.label} (${part.task.kindName})` : part.task.kindName,
    words: countWords(texts[part.key] ?? ""),
    minimumWords: part.task.minimumWords,
  }));
  const ended = phase === "ended";
  const statusText = enhanced
    ? saveStatusText(keeper.status, timeZone)
    : actionData?.savedAt
      ? `Saved at ${clockTime(new Date(actionData.savedAt), timeZone)}`
      : null;

  return (
    <div className="container-page max-w-7xl pt-4 pb-24">
      <div className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <h1 className="text-xl font-bold wrap-anywhere text-slate-900 sm:text-2xl">{heading}</h1>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {timed && enhanced && phase !== "offer" && clock.secondsLeft !== null && (
              <Countdown
                secondsLeft={clock.secondsLeft}
                hidden={clockHidden}
                onToggle={() => setClockHidden((hidden) => !hidden)}
                flashing={clock.elapsed < flashUntil}
              />
            )}
            {phase !== "offer" && statusText && (
              <p className="text-sm text-slate-700" data-save-status>
                {statusText}
              </p>
            )}
            {enhanced && phase !== "offer" && (
              <button
                type="button"
                className="btn-primary"
                disabled={ended || sending}
                onClick={() => setAsking(true)}
              >
                {sending ? "Submitting…" : "Submit"}
              </button>
            )}
          </div>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {intro}

      {phase === "offer" ? (
        <DraftOffer
          parts={parts}
          offer={offer}
          timed={timed}
          continueHref={continueHref}
          onContinue={() => begin(offer)}
          onStartAgain={startAgain}
        />
      ) : (
        <FieldForm
          ref={formRef}
          id="answer-form"
          method="post"
          state={actionData}
          data-moves-focus
          className="mt-4"
        >
          <input type="hidden" name="timed" value={timed ? "1" : "0"} />
          <input type="hidden" name="startedAt" value={String(startedAt)} />
          {revisionOf && <input type="hidden" name="revisionOf" value={revisionOf} />}
          {!timed || enhanced ? null : (
            <noscript>
              <p className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300">
                {`The countdown needs JavaScript: you have ${Math.round(totalSeconds / 60)} minutes from when this page opened.`}
              </p>
            </noscript>
          )}
          {actionData?.confirm && <ConfirmStep confirm={actionData.confirm} />}
          {ended && (
            <p
              className="mb-4 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-900 ring-1 ring-red-300"
              data-action-result
            >
              {waitingForConnection
                ? "Time is up. You are offline: your answer is kept on this device and submitted as soon as you are back."
                : "Time is up: your answer is submitted as it stands."}
            </p>
          )}
          {parts.map((part, index) => (
            // In the full test each part is a tab's panel (a region of its own without JavaScript);
            // a task's screen has one part, no landmark.
            <section
              key={part.key}
              id={`part-panel-${index}`}
              {...(!several
                ? {}
                : enhanced
                  ? { role: "tabpanel", "aria-labelledby": `part-tab-${index}` }
                  : { "aria-labelledby": `task-heading-${index}` })}
              hidden={several && enhanced && active !== index}
              className={several ? "mt-6 first:mt-0" : undefined}
            >
              <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
                <TaskPanel
                  task={part.task}
                  headingId={`task-heading-${index}`}
                  heading={several ? `${part.label}: ${part.task.title}` : "The task"}
                />
                <AnswerBox
                  part={part}
                  label={several ? `Your answer to ${part.label}` : "Your answer"}
                  text={texts[part.key] ?? ""}
                  readOnly={ended || sending}
                  onChange={(text) => setTexts((now) => ({ ...now, [part.key]: text }))}
                />
              </div>
            </section>
          ))}
          {!enhanced && (
            <div className="mt-6 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="save-draft" className="btn-secondary">
                Save draft
              </button>
              <button type="submit" name="intent" value="submit" className="btn-primary">
                Submit
              </button>
            </div>
          )}
          {several && enhanced && (
            <PartTabs parts={parts} counts={counts} active={active} onChoose={setActive} />
          )}
        </FieldForm>
      )}

      {asking && (
        <SubmitDialog
          counts={counts}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            sendNow({ timeRanOut: false });
          }}
        />
      )}
    </div>
  );
}

/** The draft to offer for a part, unless it holds nothing but what the box starts from. */
function offerable(part: SittingPart, choice: DraftToContinue | null): DraftToContinue | null {
  return choice && offered(part, choice.text) ? choice : null;
}

/** The time the sitting starts with before any choice: a draft's when continuing without asking. */
function firstSecondsLeft(parts: SittingPart[], totalSeconds: number, continueDraft: boolean) {
  if (!continueDraft) return totalSeconds;
  const lefts = parts
    .map((part) => part.draft?.secondsLeft)
    .filter((left): left is number => typeof left === "number" && left > 0);
  return Math.min(totalSeconds, ...lefts);
}

const answerId = (part: Pick<SittingPart, "key">) => `field-${textField(part)}`;

function saveStatusText(status: SaveStatus, timeZone: string): string {
  switch (status.kind) {
    case "saved":
      return `Saved at ${clockTime(status.at, timeZone)}`;
    case "offline":
      return "Offline: kept on this device, saved when you are back";
    case "failed":
      return `Not saved: ${status.message} Kept on this device.`;
    default:
      return "Kept on this device; saved every 10 seconds";
  }
}

/** The answer box: no spell-check or autocorrect, as in the test, and the live word count. */
function AnswerBox({
  part,
  label,
  text,
  readOnly,
  onChange,
}: {
  part: SittingPart;
  label: string;
  text: string;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  const words = countWords(text);
  const short = words < part.task.minimumWords;
  const wiring = useFieldWiring({
    name: textField(part),
    id: answerId(part),
    hint: "words",
  });
  return (
    <Field
      label={label}
      wiring={wiring}
      hint={
        <span data-word-count>
          {`Words: ${words}`}
          <span className="text-slate-500">{` · at least ${part.task.minimumWords}`}</span>
          {!short && <span className="sr-only"> (enough)</span>}
        </span>
      }
    >
      <textarea
        {...wiring.control}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        readOnly={readOnly}
        maxLength={MAX_WRITING_ANSWER_LENGTH}
        rows={18}
        spellCheck={false}
        autoCorrect="off"
        autoCapitalize="off"
        autoComplete="off"
        dir="auto"
        className="field mt-1 min-h-72 resize-y text-base leading-relaxed lg:min-h-[60vh]"
      />
    </Field>
  );
}

/** What the draft holds, and the two ways on: continue it, or start again (which discards it). */
function DraftOffer({
  parts,
  offer,
  timed,
  continueHref,
  onContinue,
  onStartAgain,
}: {
  parts: SittingPart[];
  offer: (DraftToContinue | null)[];
  timed: boolean;
  continueHref: string;
  onContinue: () => void;
  onStartAgain: () => void;
}) {
  const lefts = offer
    .map((choice) => choice?.secondsLeft)
    .filter((left): left is number => typeof left === "number" && left > 0);
  const onDevice = offer.some((choice) => choice?.from === "device");
  return (
    <section
      aria-labelledby="draft-offer-heading"
      className="form-card mt-6 max-w-2xl"
      data-action-result
    >
      <h2 id="draft-offer-heading" className="text-xl font-bold text-slate-900">
        {parts.length > 1 ? "You have drafts of these answers" : "You have a draft of this answer"}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-700">
        {parts.map((part, index) => {
          const choice = offer[index];
          const words = choice ? countWords(choice.text) : 0;
          const held = choice ? `${words} ${words === 1 ? "word" : "words"}` : "no draft";
          return <li key={part.key}>{`${parts.length > 1 ? `${part.label}: ` : ""}${held}`}</li>;
        })}
      </ul>
      {timed && lefts.length > 0 && (
        <p className="mt-2 text-slate-700">{`Time left: ${timeLeftText(Math.min(...lefts)).replace(/ left$/, "")}.`}</p>
      )}
      {onDevice && (
        <p className="mt-2 text-sm text-slate-600">
          It includes words kept on this device that the server has not saved yet.
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <a
          href={continueHref}
          className="btn-primary"
          onClick={(event) => {
            event.preventDefault();
            onContinue();
          }}
        >
          Continue
        </a>
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            onStartAgain();
          }}
        >
          <button type="submit" name="intent" value="discard-draft" className="btn-secondary">
            Start again
          </button>
        </Form>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {parts.some((part) => part.startText !== undefined)
          ? "Start again deletes the draft and starts from your earlier answer."
          : "Start again deletes the draft."}
      </p>
    </section>
  );
}

/** Without JavaScript, the second step of Submit: the words as the server counted them. */
function ConfirmStep({ confirm }: { confirm: NonNullable<AnswerActionData["confirm"]> }) {
  return (
    <section
      aria-labelledby="confirm-heading"
      className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-2 ring-brand-700"
      data-action-result
    >
      <h2 id="confirm-heading" className="text-lg font-bold text-slate-900">
        {confirm.length > 1 ? "Submit your answers?" : "Submit your answer?"}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-700">
        {confirm.map((part) => (
          <li key={part.key}>
            {`${confirm.length > 1 ? `${part.kindName}: ` : "Your answer has "}${part.words} ${part.words === 1 ? "word" : "words"}`}
            {part.words < part.minimumWords
              ? ` (the task asks for at least ${part.minimumWords})`
              : ""}
            {confirm.length > 1 && part.words === 0 ? ": not submitted" : ""}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-700">
        Once submitted, an answer cannot be changed. To go on writing, change it below and press
        Save draft or Submit again.
      </p>
      <button type="submit" name="intent" value="submit-confirmed" className="btn-primary mt-4">
        Yes, submit
      </button>
    </section>
  );
}

/** The full test's parts, switched at the bottom of the screen as in the test: a tab list. */
function PartTabs({
  parts,
  counts,
  active,
  onChoose,
}: {
  parts: SittingPart[];
  counts: { words: number }[];
  active: number;
  onChoose: (index: number) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === "ArrowRight"
        ? 1
        : event.key === "ArrowLeft"
          ? -1
          : event.key === "Home"
            ? -active
            : event.key === "End"
              ? parts.length - 1 - active
              : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (active + step + parts.length) % parts.length;
    onChoose(next);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Parts of the test"
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-20 flex justify-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur"
    >
      {parts.map((part, index) => (
        <button
          key={part.key}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`part-tab-${index}`}
          aria-selected={active === index}
          aria-controls={`part-panel-${index}`}
          tabIndex={active === index ? 0 : -1}
          onClick={() => onChoose(index)}
          className={`rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${
            active === index
              ? "bg-brand-700 text-white ring-brand-700"
              : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
          }`}
        >
          {`${part.label} · ${counts[index]?.words ?? 0} words`}
        </button>
      ))}
    </div>
  );
}
