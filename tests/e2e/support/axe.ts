import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Checks the page as a person sees it once it has settled. A toast fades in and, after its time,
 * fades out; measured half-faded its text fails the contrast rule, though no one reads it then.
 * So toasts are held (react-hot-toast pauses while the pointer is over one), every finite
 * animation is run to its end, and only then does axe look.
 */
async function settle(page: Page): Promise<boolean> {
  // A page with its scripts running shows a toast carried across a redirect only once hydrated
  // (after its first paint): wait for that, and two frames for the toast to mount, so it is
  // there to be held. (Without JavaScript React Router's context script never ran.)
  const scripted = await page.evaluate(() => "__reactRouterContext" in window);
  const toast = page.locator("[role=status][aria-live]").first();
  if (scripted) {
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // A toast the page's data carries (after a client-side navigation too) mounts from an effect,
    // which on a busy machine may come after those two frames: wait for it, briefly, so that it
    // is held rather than measured while it fades in.
    const toastDue = await page.evaluate(() => {
      const router = (
        window as { __reactRouterDataRouter?: { state: { loaderData: Record<string, unknown> } } }
      ).__reactRouterDataRouter;
      const root = router?.state.loaderData.root as { toast?: unknown } | undefined;
      return Boolean(root?.toast);
    });
    if (toastDue) await toast.waitFor({ timeout: 2000 }).catch(() => {});
  }
  const finishAnimations = () =>
    page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          animation.finish();
      }
    });
  // A toast still sliding in is not stable enough to hover: its entrance is finished first.
  await finishAnimations();
  const shown = (await toast.count()) > 0;
  const held =
    shown &&
    (await toast.hover({ timeout: 3000 }).then(
      () => true,
      () => false,
    ));
  // One that could not be held (a busy machine) would fade out while axe looks: wait it out.
  if (shown && !held) await toast.waitFor({ state: "detached", timeout: 15_000 });
  await finishAnimations();
  return held;
}

/**
 * Rules axe ships switched off, as "experimental", that the site holds itself to all the same.
 * label-content-name-mismatch is WCAG 2.5.3, Label in Name: a control's accessible name starts
 * with the text it shows, so a person who says what they see ("click 5 stars") reaches it.
 */
const EXPERIMENTAL_RULES_WE_KEEP = ["label-content-name-mismatch"];

/**
 * Rules whose violations are let through, each with the reason: nothing else is. Every impact
 * counts (critical, serious, moderate and minor alike): a "moderate" rule such as heading-order
 * or region is a defect a person meets all the same. Never to be listed here: heading-order,
 * the landmark rules (landmark-*, region), page-has-heading-one and skip-link.
 */
const ALLOWED_RULES: Record<string, string> = {};

/** Rules that run on every page checked and are never let through. */
const ALWAYS_RUN = [
  "heading-order",
  "page-has-heading-one",
  "region",
  "landmark-one-main",
  "landmark-unique",
  "landmark-no-duplicate-main",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-contentinfo",
  "landmark-banner-is-top-level",
  "landmark-contentinfo-is-top-level",
  "landmark-main-is-top-level",
  "skip-link",
];
const NEVER_ALLOWED = /^(?:heading-order|page-has-heading-one|region|landmark-.+|skip-link)$/;
const wronglyAllowed = Object.keys(ALLOWED_RULES).filter((rule) => NEVER_ALLOWED.test(rule));
if (wronglyAllowed.length > 0) {
  throw new Error(`These axe rules may never be let through: ${wronglyAllowed.join(", ")}`);
}

/** No accessibility violation of any impact (WCAG 2.2 AA rules and axe's best practices). */
export async function expectAccessible(page: Page) {
  const held = await settle(page);
  try {
    const results = await new AxeBuilder({ page })
      // First: `options` replaces every option set before it, the tags among them.
      .options({
        rules: Object.fromEntries(
          EXPERIMENTAL_RULES_WE_KEEP.map((rule) => [rule, { enabled: true }]),
        ),
      })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    // Each of them ran: it passed, failed, could not decide, or found nothing to look at.
    const ran = new Set(
      [results.passes, results.violations, results.incomplete, results.inapplicable].flatMap(
        (outcome) => outcome.map((rule) => rule.id),
      ),
    );
    expect(ALWAYS_RUN.filter((rule) => !ran.has(rule))).toEqual([]);
    const violations = results.violations
      .filter((violation) => !(violation.id in ALLOWED_RULES))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
      }));
    expect(violations, `axe on ${page.url()}`).toEqual([]);
  } finally {
    // Let the toasts go on their way.
    if (held) await page.mouse.move(0, 0);
  }
}
