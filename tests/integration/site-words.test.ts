import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, ORIGIN, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

type Site = ReturnType<typeof testSiteOn>;

const get = (site: Site, path: string, headers: Record<string, string> = {}) =>
  site.app.request(`${ORIGIN}${path}`, { headers });
const fromCache = (response: Response) => response.headers.get("x-cache") === "hit";

/** The home page's FAQ questions, in the order shown. */
const faqQuestions = (html: string) =>
  [...html.matchAll(/<summary[^>]*>([^<]+)<svg/g)].map((match) => match[1]);

/** The FAQPage structured data of a page. */
function faqJsonLd(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  const parsed = scripts.map((script) => JSON.parse(script[1] ?? "null"));
  return parsed.find((data) => data?.["@type"] === "FAQPage") as
    | { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
    | undefined;
}

/** The FAQ item ids the admin page's forms carry, in order. */
const faqItemIds = (adminHtml: string) =>
  [...adminHtml.matchAll(/<input type="hidden" name="itemId" value="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );

/**
 * Whether the control with this `name` (or, where several forms share a name, this `id`) in a
 * refused form's page is marked invalid.
 */
function markedInvalid(page: string, name: string, id?: string): boolean {
  const attribute = id ? `id="${id}"` : `name="${name}"`;
  const control = new RegExp(`<(input|textarea|select)[^>]*${attribute}[^>]*>`).exec(page)?.[0];
  return control?.includes('aria-invalid="true"') ?? false;
}

/** The specification's texts a fresh site shows (SPEC.md, Home). */
const SPEC_HERO = "Certify your English proficiency today!";
const SPEC_FAQ = [
  "How many practice tests are included?",
  "What is the difference between the SPEED and MASTER memberships?",
  "How many video lessons are there?",
  "How is the core course organised?",
  "Is this for the Academic or the General Training test?",
];

describe.each(engines)("the site's words on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  let teacher: { email: string; cookie: string; id: string };
  let student: { cookie: string };

  const save = (fields: Record<string, string>, cookie = teacher.cookie) =>
    postForm(site.app, "/admin/site", fields, { cookie });
  const adminPage = async () => (await get(site, "/admin/site", { cookie: teacher.cookie })).text();

  /** `path` is kept by the response cache; after `write`, the very next request sees it. */
  async function freshAfter(path: string, write: () => Response | Promise<Response>) {
    await get(site, path);
    expect(fromCache(await get(site, path)), `${path} kept`).toBe(true);
    const written = await write();
    expect(written.status, `${path}: the write`).toBe(302);
    const after = await get(site, path);
    expect(fromCache(after), `${path} after the write`).toBe(false);
    return after.text();
  }

  beforeAll(async () => {
    const signedUp = await signUp(site.app, { name: "The Teacher" });
    await makeOwner(db(), signedUp.email);
    const user = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", signedUp.email)
      .executeTakeFirstOrThrow();
    teacher = { ...signedUp, id: user.id };
    student = await signUp(site.app);
    // PostgreSQL's listener connects as the site starts; until it listens nothing is kept.
    for (let attempt = 0; attempt < 50; attempt++) {
      await get(site, "/about");
      if (fromCache(await get(site, "/about"))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it("starts with the specification's texts: the hero, About Me and five FAQ items, in FAQPage data too", async () => {
    const home = await (await get(site, "/")).text();
    expect(home).toContain(`>${SPEC_HERO}</h1>`);
    expect(faqQuestions(home)).toEqual(SPEC_FAQ);
    for (const claim of [
      "15 full practice tests",
      "lasts 90 days",
      "lasts 180 days",
      "Over 400 videos",
      "In 10 units",
    ]) {
      expect(home, claim).toContain(claim);
    }
    expect(home).toContain("I have taught English for more than twelve years");
    const structured = faqJsonLd(home);
    expect(structured?.mainEntity.map((item) => item.name)).toEqual(SPEC_FAQ);
    expect(structured?.mainEntity[0]?.acceptedAnswer.text).toBe(
      "<p>15 full practice tests, each with all four papers (Listening, Reading, Writing and Speaking), answer keys, explanations and model answers.</p>",
    );
    expect(await (await get(site, "/about")).text()).toContain(
      "I have taught English for more than twelve years",
    );
    // No contact details until the teacher gives some.
    expect(await (await get(site, "/contact")).text()).not.toContain("Other ways to reach me");
    expect(home).not.toContain("<dt");
    // The admin page says nothing was changed yet, and shows the site's own words to edit.
    const admin = await adminPage();
    expect(admin).toContain("Not changed yet: the site&#x27;s own words.");
    expect(admin).toContain(`value="${SPEC_HERO}"`);
    expect(faqItemIds(admin)).toHaveLength(5);
  });

  it("is the owner's alone: 404 to students and anonymous visitors, reading and writing, and nothing changes", async () => {
    const rows = async () => ({
      settings: await db().selectFrom("site_settings").selectAll().orderBy("key").execute(),
      changes: await db().selectFrom("site_word_changes").selectAll().execute(),
    });
    const before = await rows();
    for (const cookie of [undefined, student.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect((await get(site, "/admin/site", headers)).status).toBe(404);
      expect((await get(site, "/admin/site.data", headers)).status).toBe(404);
      const attempts: Record<string, string>[] = [
        { intent: "hero", title: "Taken over", text: "By someone else." },
        { intent: "faq-add", question: "Who?", answer: "Not the teacher." },
        { intent: "contact", phone: "+1 555 0100" },
        { intent: "social-links", "network-1": "x", "url-1": "https://example.com/x" },
        { intent: "faq-remove", itemId: "practice-tests" },
      ];
      for (const fields of attempts) {
        const answer = await postForm(site.app, "/admin/site", fields, headers);
        expect(answer.status, `${fields.intent} ${cookie ? "student" : "anonymous"}`).toBe(404);
      }
    }
    expect(await rows()).toEqual(before);
  });

  it("saves the hero, seen on the very next request of the home page, with its author and time kept", async () => {
    const startedAt = Date.now();
    const home = await freshAfter("/", () =>
      save({ intent: "hero", title: "Reach Band 7 this year", text: "Lessons that fit a job." }),
    );
    expect(home).toContain(">Reach Band 7 this year</h1>");
    expect(home).toContain("Lessons that fit a job.");
    expect(home).not.toContain(SPEC_HERO);

    const change = await db()
      .selectFrom("site_word_changes")
      .selectAll()
      .where("section", "=", "hero")
      .executeTakeFirstOrThrow();
    expect(change.changed_by).toBe(teacher.id);
    expect(new Date(change.changed_at).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(JSON.parse(change.snapshot)).toEqual({
      title: "Reach Band 7 this year",
      text: "Lessons that fit a job.",
    });
    expect(await adminPage()).toMatch(/Last changed by The Teacher on \d{1,2} \w+ \d{4}/);

    // Too long a heading: said beside it, the text kept as typed, nothing saved.
    const refused = await save({ intent: "hero", title: "x".repeat(121), text: "Kept." });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(markedInvalid(page, "title")).toBe(true);
    expect(page).toContain("Please keep the heading under 120 characters.");
    expect(await (await get(site, "/")).text()).toContain(">Reach Band 7 this year</h1>");

    // Emptied, the site's own words come back.
    const back = await freshAfter("/", () => save({ intent: "hero", title: "", text: "" }));
    expect(back).toContain(`>${SPEC_HERO}</h1>`);
  });

  it("renders About Me as Markdown on the home page and /about, its stored script inert", async () => {
    const text = [
      "I teach **Writing** and [Speaking](https://example.com/speaking).",
      '<script>alert("about")</script> <img src=x onerror="alert(1)">',
      "[a trap](javascript:alert(1))",
    ].join("\n\n");
    const about = await freshAfter("/about", () => save({ intent: "about-teacher", bio: text }));
    const home = await (await get(site, "/")).text();
    for (const [path, html] of [
      ["/about", about],
      ["/", home],
    ] as const) {
      expect(html, path).toContain("I teach <strong>Writing</strong> and ");
      expect(html, path).toContain('<a href="https://example.com/speaking">Speaking</a>');
      expect(html, path).toContain("&lt;script&gt;alert(&quot;about&quot;)&lt;/script&gt;");
      expect(html, path).not.toContain('<script>alert("about")');
      expect(html, path).not.toContain("<img src=x");
      expect(html, path).not.toContain('href="javascript:');
      expect(html, path).toContain("[a trap](javascript:alert(1))");
    }
    const change = await db()
      .selectFrom("site_word_changes")
      .select(["changed_by", "snapshot"])
      .where("section", "=", "about")
      .executeTakeFirstOrThrow();
    expect(change.changed_by).toBe(teacher.id);
    expect(JSON.parse(change.snapshot)).toEqual({ text, photoUrl: null });
    // Back to the site's own text for the other tests.
    await save({ intent: "about-teacher", bio: "" });
    expect(await (await get(site, "/about")).text()).toContain("more than twelve years");
  });

  it("adds, edits, moves and removes FAQ items without JavaScript, and FAQPage follows", async () => {
    const added = await freshAfter("/", () =>
      save({
        intent: "faq-add",
        question: "Can I pay in instalments?",
        answer: "Yes: *two* payments, a month apart.",
      }),
    );
    expect(faqQuestions(added)).toEqual([...SPEC_FAQ, "Can I pay in instalments?"]);
    expect(added).toContain("<p>Yes: <em>two</em> payments, a month apart.</p>");
    expect(faqJsonLd(added)?.mainEntity.at(-1)).toEqual({
      "@type": "Question",
      name: "Can I pay in instalments?",
      acceptedAnswer: {
        "@type": "Answer",
        text: "<p>Yes: <em>two</em> payments, a month apart.</p>",
      },
    });
    const ids = faqItemIds(await adminPage());
    expect(ids).toHaveLength(6);
    const newest = ids[5] ?? "";

    const edited = await freshAfter("/", () =>
      save({
        intent: "faq-edit",
        itemId: newest,
        question: "Can I pay in two parts?",
        answer: "Yes, a month apart.",
      }),
    );
    expect(faqQuestions(edited).at(-1)).toBe("Can I pay in two parts?");
    expect(faqJsonLd(edited)?.mainEntity.at(-1)?.name).toBe("Can I pay in two parts?");

    const movedUp = await freshAfter("/", () =>
      save({ intent: "faq-move-up", itemId: newest, question: "", answer: "" }),
    );
    expect(faqQuestions(movedUp)).toEqual([
      ...SPEC_FAQ.slice(0, 4),
      "Can I pay in two parts?",
      SPEC_FAQ[4],
    ]);
    expect(faqJsonLd(movedUp)?.mainEntity.map((item) => item.name)).toEqual(faqQuestions(movedUp));
    // The first one stays first.
    await save({ intent: "faq-move-up", itemId: ids[0] ?? "" });
    const movedDown = await freshAfter("/", () =>
      save({ intent: "faq-move-down", itemId: ids[0] ?? "" }),
    );
    expect(faqQuestions(movedDown).slice(0, 2)).toEqual([SPEC_FAQ[1], SPEC_FAQ[0]]);
    await save({ intent: "faq-move-up", itemId: ids[0] ?? "" });

    const removed = await freshAfter("/", () => save({ intent: "faq-remove", itemId: newest }));
    expect(faqQuestions(removed)).toEqual(SPEC_FAQ);
    expect(faqJsonLd(removed)?.mainEntity).toHaveLength(5);

    // An item someone removed meanwhile: said, nothing else changes.
    const gone = await save({
      intent: "faq-edit",
      itemId: newest,
      question: "Still here?",
      answer: "No.",
    });
    expect(gone.status).toBe(302);
    const next = await get(site, "/admin/site", {
      cookie: `${teacher.cookie}; ${cookieHeader(gone)}`,
    });
    expect(await next.text()).toContain("That question is no longer in the FAQ");

    const history = await db()
      .selectFrom("site_word_changes")
      .select(["changed_by", "snapshot"])
      .where("section", "=", "faq")
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(6);
    expect(history.every((row) => row.changed_by === teacher.id)).toBe(true);
  });

  it("refuses an FAQ question or answer too long or empty beside the field, and keeps 1 to 20 items", async () => {
    const firstId = faqItemIds(await adminPage())[0] ?? "";
    for (const [fields, name, message] of [
      [
        { question: "q".repeat(201), answer: "Fine." },
        "question",
        "Please keep the question under 200 characters.",
      ],
      [{ question: "Fine?", answer: "a".repeat(2001) }, "answer", "under 2000 characters"],
      [{ question: "  ", answer: "Fine." }, "question", "Please write the question."],
    ] as const) {
      for (const intent of ["faq-add", "faq-edit"]) {
        const refused = await save({ intent, itemId: firstId, ...fields });
        expect(refused.status, `${intent} ${name}`).toBe(400);
        const page = await refused.text();
        const id = intent === "faq-add" ? `faq-new-${name}` : `faq-${firstId}-${name}`;
        expect(markedInvalid(page, name, id), `${intent} ${name}`).toBe(true);
        expect(page, `${intent} ${name}`).toContain(message);
      }
    }
    expect(faqQuestions(await (await get(site, "/")).text())).toEqual(SPEC_FAQ);

    // Up to 20: the 21st is refused in the form that asked, and the form to add is gone.
    for (let n = 6; n <= 20; n++) {
      const added = await save({ intent: "faq-add", question: `Question ${n}?`, answer: "Yes." });
      expect(added.status, `question ${n}`).toBe(302);
    }
    const full = await save({ intent: "faq-add", question: "One too many?", answer: "Yes." });
    expect(full.status).toBe(400);
    expect(await full.text()).toContain("The FAQ holds at most 20 questions");
    const admin = await adminPage();
    expect(admin).not.toContain('name="intent" value="faq-add"');
    expect(faqQuestions(await (await get(site, "/")).text())).toHaveLength(20);

    // Down to 1: the last one cannot be removed.
    const ids = faqItemIds(admin);
    for (const id of ids.slice(1)) {
      expect((await save({ intent: "faq-remove", itemId: id })).status).toBe(302);
    }
    const last = await save({ intent: "faq-remove", itemId: ids[0] ?? "" });
    expect(last.status).toBe(400);
    expect(await last.text()).toContain("The FAQ needs at least one question");
    expect(faqQuestions(await (await get(site, "/")).text())).toEqual([SPEC_FAQ[0]]);
    // The site's five again, for the tests after this one.
    for (const question of SPEC_FAQ.slice(1)) {
      await save({ intent: "faq-add", question, answer: "Again." });
    }
  });

  it("shows an FAQ answer's stored script as text, on the page and in its structured data", async () => {
    const home = await freshAfter("/", () =>
      save({
        intent: "faq-add",
        question: 'Is <b>this</b> "safe"?',
        answer: '<script>alert("faq")</script>\n\n[click](javascript:alert(2)) <iframe src="x">',
      }),
    );
    expect(home).toContain("Is &lt;b&gt;this&lt;/b&gt; &quot;safe&quot;?");
    expect(home).toContain("&lt;script&gt;alert(&quot;faq&quot;)&lt;/script&gt;");
    expect(home).not.toContain('<script>alert("faq")');
    expect(home).not.toContain("<iframe");
    expect(home).not.toContain('href="javascript:');
    const structured = faqJsonLd(home)?.mainEntity.at(-1);
    expect(structured?.name).toBe('Is <b>this</b> "safe"?');
    expect(structured?.acceptedAnswer.text).not.toContain("<script");
    expect(structured?.acceptedAnswer.text).toContain("&lt;script&gt;");
    // The JSON inside the page cannot close its script element.
    const ldScripts = home.match(/<script type="application\/ld\+json">.*?<\/script>/gs) ?? [];
    for (const script of ldScripts) {
      expect(script.slice(0, -"</script>".length)).not.toMatch(/<\/script/i);
    }
    const id = faqItemIds(await adminPage()).at(-1) ?? "";
    await save({ intent: "faq-remove", itemId: id });
  });

  it("saves the contact details, seen on /contact and in the footer of any page on the next request", async () => {
    const contact = {
      intent: "contact",
      email: "teacher@example.com",
      phone: "+44 20 7946 0958",
      address: "12 Study Lane\nLondon",
      openingHours: "Monday to Friday, 9:00–17:00",
    };
    // The footer of a kept page, and /contact (never kept: it carries the message form).
    const services = await freshAfter("/services", () => save(contact));
    const contactPage = await (await get(site, "/contact")).text();
    expect(contactPage).toContain("Other ways to reach me");
    for (const [path, html] of [
      ["/contact", contactPage],
      ["/services", services],
      ["/blog", await (await get(site, "/blog")).text()],
    ] as const) {
      expect(html, path).toContain('<a href="mailto:teacher@example.com"');
      expect(html, path).toContain('<a href="tel:+442079460958"');
      expect(html, path).toContain("+44 20 7946 0958");
      expect(html, path).toContain("12 Study Lane\nLondon");
      expect(html, path).toContain("Monday to Friday, 9:00–17:00");
    }
    const blog = await freshAfter("/blog", () => save({ ...contact, phone: "+44 20 7946 0000" }));
    expect(blog).toContain("+44 20 7946 0000");
    const change = await db()
      .selectFrom("site_word_changes")
      .select(["changed_by", "snapshot"])
      .where("section", "=", "contact")
      .orderBy("changed_at", "desc")
      .executeTakeFirstOrThrow();
    expect(change.changed_by).toBe(teacher.id);
    expect(JSON.parse(change.snapshot).phone).toBe("+44 20 7946 0000");

    // Each refused beside its field, what was typed kept, nothing saved.
    const refused = await save({
      ...contact,
      email: "not an address",
      phone: "call me maybe",
      address: "a".repeat(301),
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    for (const name of ["email", "phone", "address"]) {
      expect(markedInvalid(page, name), name).toBe(true);
    }
    expect(page).toContain('value="call me maybe"');
    expect(await (await get(site, "/contact")).text()).toContain("+44 20 7946 0000");

    // Each is optional: emptied, it is no longer shown.
    await save({ intent: "contact", email: "", phone: "+44 20 7946 0000" });
    const emptied = await (await get(site, "/contact")).text();
    expect(emptied).not.toContain("mailto:teacher@example.com");
    expect(emptied).not.toContain("Study Lane");
    expect(emptied).toContain("+44 20 7946 0000");
    await save({ intent: "contact" });
    expect(await (await get(site, "/contact")).text()).not.toContain("Other ways to reach me");
  });

  it("saves up to six social links for the footer, refusing an address that is not a web page", async () => {
    const footer = await freshAfter("/services", () =>
      save({
        intent: "social-links",
        "network-1": "youtube",
        "url-1": "https://www.youtube.com/@ieltsteacher",
        "network-3": "instagram",
        "url-3": "https://instagram.com/ieltsteacher",
        "network-4": "x",
        "url-4": "",
      }),
    );
    expect(footer).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/@ieltsteacher" rel="me noopener noreferrer"[^>]*>YouTube<\/a>/,
    );
    expect(footer).toContain(">Instagram</a>");
    expect(footer).not.toContain(">X</a>");
    const change = await db()
      .selectFrom("site_word_changes")
      .select(["changed_by", "snapshot"])
      .where("section", "=", "social")
      .executeTakeFirstOrThrow();
    expect(change.changed_by).toBe(teacher.id);
    expect(JSON.parse(change.snapshot)).toEqual([
      { network: "youtube", url: "https://www.youtube.com/@ieltsteacher" },
      { network: "instagram", url: "https://instagram.com/ieltsteacher" },
    ]);

    const refused = await save({
      intent: "social-links",
      "network-1": "facebook",
      "url-1": "javascript:alert(1)",
      "network-2": "myspace",
      "url-2": "https://myspace.com/me",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(markedInvalid(page, "url-1")).toBe(true);
    expect(markedInvalid(page, "network-2")).toBe(true);
    expect(await (await get(site, "/")).text()).not.toContain("javascript:alert(1)");

    await save({ intent: "social-links" });
    expect(await (await get(site, "/")).text()).not.toContain(">YouTube</a>");
  });

  it("shows each section's last change with its author on /admin, linked as Site words", async () => {
    const admin = await (await get(site, "/admin", { cookie: teacher.cookie })).text();
    expect(admin).toMatch(/<a[^>]*href="\/admin\/site"[^>]*>Site words<\/a>/);
    const page = await adminPage();
    expect(page.match(/Last changed by The Teacher on/g)).toHaveLength(5);
  });
});
