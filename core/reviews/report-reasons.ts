/**
 * Why a review may be reported (and hidden): a short list, so the owner can act quickly.
 * Dependency-free: the report form lists the same reasons the server accepts.
 */
export const REPORT_REASONS = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  "off-topic": "Not about this course",
  "personal-information": "Shares personal information",
  other: "Something else",
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;

/** The words for a stored reason (a reason no longer on the list shows as it was stored). */
export function reasonLabel(reason: string): string {
  return reason in REPORT_REASONS ? REPORT_REASONS[reason as ReportReason] : reason;
}
