import { timeLeftText } from "../../lib/writing/durations.ts";

/** From 10 minutes left the countdown is red, as in the test. */
export const WARNING_SECONDS = 600;

/**
 * The sitting's countdown at the top of the screen, in minutes as the test shows it: red from 10
 * minutes left, flashing a moment at 10 and 5 (not for those who ask for less motion), and
 * hidden on request (the time still runs, and the warnings are still said aloud by the screen's
 * own announcer). A `timer`, which screen readers do not read out at every change.
 */
export function Countdown({
  secondsLeft,
  hidden,
  onToggle,
  flashing,
}: {
  secondsLeft: number;
  hidden: boolean;
  onToggle: () => void;
  flashing: boolean;
}) {
  const warning = secondsLeft <= WARNING_SECONDS;
  return (
    <div className="flex items-center gap-3">
      {!hidden && (
        <p
          role="timer"
          aria-label="Time left"
          data-warning={warning ? "true" : undefined}
          data-seconds-left={secondsLeft}
          className={`rounded-lg px-3 py-1 text-base font-bold tabular-nums ${
            warning ? "bg-red-50 text-red-800 ring-2 ring-red-700" : "text-slate-900"
          } ${flashing ? "motion-safe:animate-pulse" : ""}`}
        >
          {timeLeftText(secondsLeft)}
        </p>
      )}
      <button type="button" onClick={onToggle} className="link text-sm">
        {hidden ? "Show time" : "Hide time"}
      </button>
    </div>
  );
}
