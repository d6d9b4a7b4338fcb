/**
 * What the progress views work out from a student's returned markings (issue 39; decision 0061):
 * the weakest criterion, what the comments were most about, how long marking takes, and how many
 * answers were sent each week. Pure and dependency-free: the caller chooses the markings (all of
 * them, or first attempts only) and the clock.
 */
import { instantToLocalDateTime } from "../site/time-zones.ts";
import {
  COMMENT_CRITERIA,
  type CommentCriterion,
  criterionNameForKinds,
  WRITING_CRITERIA,
  type WritingCriterion,
} from "./bands.ts";
import type { WritingTaskKind } from "./task-kinds.ts";

/** One marked answer as the progress views read it. */
export interface ReturnedMarking {
  submissionId: string;
  taskTitle: string;
  taskKind: WritingTaskKind;
  /** A revised draft of an earlier answer, marked apart from first attempts. */
  revision: boolean;
  /** When the answer was sent for marking (ISO). */
  sentAt: string;
  /** When the teacher returned the marking (ISO). */
  returnedAt: string;
  bands: Record<WritingCriterion, number>;
  taskBand: number;
  /** One entry per comment the teacher left: the criterion it is about. */
  commentCriteria: CommentCriterion[];
}

export interface LowestCriterion {
  criterion: WritingCriterion;
  /** Named for the kinds of task marked: "Task Achievement / Task Response" over both. */
  name: string;
  meanBand: number;
}

/**
 * The criterion with the lowest mean band over the markings: what to work on next. A tie goes to
 * the criterion that comes first in the descriptors' order, so the answer does not change from
 * one visit to the next. Null when nothing is marked yet.
 */
export function lowestCriterion(markings: readonly ReturnedMarking[]): LowestCriterion | null {
  if (markings.length === 0) return null;
  // Every criterion has one band per marking, so the sums (whole numbers) order them exactly.
  const sums = WRITING_CRITERIA.map((criterion) => ({
    criterion,
    sum: markings.reduce((total, marking) => total + marking.bands[criterion], 0),
  }));
  const lowest = sums.reduce((low, next) => (next.sum < low.sum ? next : low));
  return {
    criterion: lowest.criterion,
    name: criterionNameForKinds(
      lowest.criterion,
      markings.map((marking) => marking.taskKind),
    ),
    meanBand: lowest.sum / markings.length,
  };
}

export interface CommentCount {
  criterion: CommentCriterion;
  name: string;
  count: number;
}

/**
 * How many comments the teacher left on each criterion, most first; criteria without a comment
 * are left out, and a tie keeps the order of COMMENT_CRITERIA (the four criteria, then general).
 */
export function commentCountsByCriterion(markings: readonly ReturnedMarking[]): CommentCount[] {
  const kinds = markings.map((marking) => marking.taskKind);
  return COMMENT_CRITERIA.map((criterion) => ({
    criterion,
    name: criterionNameForKinds(criterion, kinds),
    count: markings.reduce(
      (total, marking) =>
        total + marking.commentCriteria.filter((about) => about === criterion).length,
      0,
    ),
  }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count); // a stable sort: ties stay in COMMENT_CRITERIA's order
}

/**
 * "Most comments: Grammatical Range and Accuracy, 14"; criteria tied for the most are all named
 * ("Most comments: Coherence and Cohesion, 9; Lexical Resource, 9"), since naming one of them
 * would single it out for no reason. Null when there are no comments.
 */
export function mostCommentsSentence(markings: readonly ReturnedMarking[]): string | null {
  const counts = commentCountsByCriterion(markings);
  const most = counts[0]?.count;
  if (most === undefined) return null;
  const tied = counts.filter(({ count }) => count === most);
  return `Most comments: ${tied.map(({ name, count }) => `${name}, ${count}`).join("; ")}`;
}

/** The middle duration (the mean of the middle two for an even count); null for none. */
export function medianDuration(durationsMs: readonly number[]): number | null {
  if (durationsMs.length === 0) return null;
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const HOUR_MS = 60 * 60 * 1000;

/** The median duration in hours, unrounded (the page rounds it as it needs); null for none. */
export function medianHours(durationsMs: readonly number[]): number | null {
  const median = medianDuration(durationsMs);
  return median === null ? null : median / HOUR_MS;
}

/** How long each answer waited for its marking, from sent to returned, in milliseconds. */
export function markingDurations(markings: readonly ReturnedMarking[]): number[] {
  return markings.map((marking) => Date.parse(marking.returnedAt) - Date.parse(marking.sentAt));
}

export interface WeekCount {
  /** The week's Monday, a calendar day in the site's time zone ("2026-11-23"). */
  weekStart: string;
  count: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `instant` falls on in `timeZone`, as midnight UTC of that day. */
function calendarDayOf(instant: Date, timeZone: string): number {
  return Date.parse(`${instantToLocalDateTime(instant, timeZone).slice(0, 10)}T00:00:00Z`);
}

/** The Monday on or before a calendar day (both as midnight UTC of the day). */
function mondayOf(day: number): number {
  const daysSinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return day - daysSinceMonday * DAY_MS;
}

/**
 * How many of `dates` fall in each of the last `weeks` weeks, the week of `now` last: weeks start
 * on Monday (as in Britain and ISO 8601) and days are the site's time zone's (decision 0055), so
 * an answer sent at 00:30 on a Monday in London is that week's even while UTC still says Sunday.
 * The weeks are counted in calendar days, never in 7 × 24 hours, which a change of the clocks
 * would break. Empty weeks are in the list; dates outside the weeks are left out. Throws a
 * RangeError unless `weeks` is a whole number from 1.
 */
export function weeklyCounts(
  dates: readonly Date[],
  now: Date,
  weeks: number,
  timeZone: string,
): WeekCount[] {
  if (!Number.isInteger(weeks) || weeks < 1) {
    throw new RangeError(`weeks must be a whole number from 1, not ${weeks}`);
  }
  const lastMonday = mondayOf(calendarDayOf(now, timeZone));
  const firstMonday = lastMonday - (weeks - 1) * 7 * DAY_MS;
  const counts = Array.from({ length: weeks }, () => 0);
  for (const date of dates) {
    const index = (mondayOf(calendarDayOf(date, timeZone)) - firstMonday) / (7 * DAY_MS);
    if (index >= 0 && index < weeks) counts[index] = (counts[index] as number) + 1;
  }
  return counts.map((count, index) => ({
    weekStart: new Date(firstMonday + index * 7 * DAY_MS).toISOString().slice(0, 10),
    count,
  }));
}
