import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

/**
 * The public pages' descriptions, word for word as search engines and link previews show them
 * (the routes' `meta`): each page has its own, and a page that lost it, or showed another's,
 * fails here.
 */
const descriptions = {
  "/": "IELTS preparation courses from an experienced teacher: 10 units, over 400 videos and 15 full practice tests, with honest reviews from students.",
  "/services":
    "Every IELTS preparation course: memberships, skills courses, practice tests and one-to-one feedback, with prices and student ratings.",
  "/blog":
    "The IELTS Hub blog: articles from the teacher, newest first, each with its date, reading time and tags.",
  "/contact":
    "Questions about a course, a membership or your IELTS preparation? Write to the teacher.",
  "/about":
    "Who teaches the IELTS Hub courses, what the courses hold, and how reviews and enrolling work on this site.",
  "/privacy":
    "What IELTS Hub stores about you and why, the cookies it sets, how long it keeps things and how to get or delete your data.",
  "/terms":
    "The terms of using IELTS Hub: accounts, courses and enrolling, honest reviews and how they are moderated, and fair use of the site.",
  "/api/docs":
    "Every call of the IELTS Hub JSON API, by resource: what it takes, what it answers, examples, and a form to try it.",
  "/login": "Log in to IELTS Hub to review the courses you have taken.",
  "/register": "Create an IELTS Hub account to review the courses you have taken.",
  // A blog post: its excerpt (it has no description of its own).
  "/blog/jwt":
    "A signed, compact token that carries claims about a user, checked by the server without a session lookup.",
} as const;

test.describe("layout on every page", () => {
  for (const [path, title] of [
    ["/", "Home - IELTS Hub"],
    ["/services", "Services - IELTS Hub"],
    ["/blog", "Blog - IELTS Hub"],
    ["/contact", "Contact - IELTS Hub"],
  ] as const) {
    test(`${path} has its title, its description, the navigation and the footer`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        descriptions[path],
      );
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const link of ["Home", "Courses", "Blog", "Contact", "Login"]) {
        await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
      }
      await expect(
        page.getByRole("banner").getByRole("img", { name: "Default profile icon" }),
      ).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("© 2022");
      await expectAccessible(page);
    });
  }

  test("each public page has its exact description, once, and the same for link previews", async ({
    request,
  }) => {
    const pages: [string, string][] = [
      ...Object.entries(descriptions),
      // A course page: the course's description, cut at 155 characters and marked with '...'.
      [
        "/services?q=Band+7+Intensive",
        "Two intensive days of live online classes for candidates stuck at Band 6.5: timed Writing practice with same-day feedback, Speaking drills in small groups,...",
      ],
    ];
    for (const [path, description] of pages) {
      let address = path;
      if (path.startsWith("/services?")) {
        const list = await (await request.get(path)).text();
        address = /href="(\/services\/[\w-]+)"/.exec(list)?.[1] ?? "";
        expect(address, "the course's page").not.toBe("");
      }
      const response = await request.get(address);
      expect(response.status(), address).toBe(200);
      const html = await response.text();
      // The descriptions React wrote into the page, their HTML entities decoded.
      const name = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) =>
        decodeEntities(m[1] ?? ""),
      );
      const og = [...html.matchAll(/<meta property="og:description" content="([^"]*)"/g)].map((m) =>
        decodeEntities(m[1] ?? ""),
      );
      expect(name, address).toEqual([description]);
      expect(og, address).toEqual([description]);
    }
  });

  test("the navigation links lead to their pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle("Blog - IELTS Hub");
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveTitle("Contact - IELTS Hub");
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveTitle("Home - IELTS Hub");
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("404", () => {
  for (const path of ["/no-such-page", "/services/unknown-id", "/services/one/two"]) {
    test(`${path} shows the 404 page with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { name: "Sorry, we couldn't find this page." }),
      ).toBeVisible();
      await expect(page).toHaveTitle("Page not found - IELTS Hub");
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to homepage" }).click();
      await expect(page).toHaveTitle("Home - IELTS Hub");
    });
  }
});

/** The five entities React escapes in an attribute's value. */
function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
