import { describe, expect, it } from "vitest";
import {
  contactDetailsSchema,
  faqItemSchema,
  heroSchema,
  isWebAddress,
  parseSocialLinks,
} from "./site-words-input.ts";

/** The messages a form shows, by field: what the admin reads beside each input. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("heroSchema (/admin/site, the home page's hero)", () => {
  it("keeps the heading and line trimmed", () => {
    expect(
      heroSchema.parse({
        title: "  Reach Band 7 with a teacher who marks every essay  ",
        text: "\nShort lessons, real practice tests.\t",
      }),
    ).toEqual({
      title: "Reach Band 7 with a teacher who marks every essay",
      text: "Short lessons, real practice tests.",
    });
  });

  it("reads a missing or blank field as empty, so the site's own words come back", () => {
    expect(heroSchema.parse({})).toEqual({ title: "", text: "" });
    expect(heroSchema.parse({ title: "   ", text: "" })).toEqual({ title: "", text: "" });
  });

  it("takes a heading of 120 characters and refuses 121, by name", () => {
    expect(heroSchema.safeParse({ title: "H".repeat(119) }).success).toBe(true);
    expect(heroSchema.parse({ title: "H".repeat(120) }).title).toHaveLength(120);
    expect(messages(heroSchema.safeParse({ title: "H".repeat(121) }))).toEqual({
      title: "Please keep the heading under 120 characters.",
    });
    // The spaces around it are not counted.
    expect(heroSchema.safeParse({ title: ` ${"H".repeat(120)} ` }).success).toBe(true);
  });

  it("takes a line of 400 characters and refuses 401, by name", () => {
    expect(heroSchema.safeParse({ text: "t".repeat(399) }).success).toBe(true);
    expect(heroSchema.parse({ text: "t".repeat(400) }).text).toHaveLength(400);
    expect(messages(heroSchema.safeParse({ text: "t".repeat(401) }))).toEqual({
      text: "Please keep the text under 400 characters.",
    });
  });
});

describe("faqItemSchema (/admin/site, one FAQ item)", () => {
  const question = "How many practice tests are included?";
  const answer = "15 full practice tests, each with all four papers.";

  it("keeps a question and its answer, trimmed", () => {
    expect(faqItemSchema.parse({ question: ` ${question} `, answer: `${answer}\n` })).toEqual({
      question,
      answer,
    });
  });

  it("asks for the question and the answer when either is missing or blank", () => {
    expect(messages(faqItemSchema.safeParse({ question: "  ", answer }))).toEqual({
      question: "Please write the question.",
    });
    expect(messages(faqItemSchema.safeParse({ question, answer: "" }))).toEqual({
      answer: "Please write the answer.",
    });
    expect(messages(faqItemSchema.safeParse({}))).toEqual({
      question: "Please write the question.",
      answer: "Please write the answer.",
    });
  });

  it("takes a question of 200 characters and refuses 201", () => {
    expect(faqItemSchema.safeParse({ question: "q".repeat(199), answer }).success).toBe(true);
    expect(faqItemSchema.safeParse({ question: "q".repeat(200), answer }).success).toBe(true);
    expect(messages(faqItemSchema.safeParse({ question: "q".repeat(201), answer }))).toEqual({
      question: "Please keep the question under 200 characters.",
    });
  });

  it("takes an answer of 2000 characters and refuses 2001", () => {
    expect(faqItemSchema.safeParse({ question, answer: "a".repeat(1999) }).success).toBe(true);
    expect(faqItemSchema.safeParse({ question, answer: "a".repeat(2000) }).success).toBe(true);
    expect(messages(faqItemSchema.safeParse({ question, answer: "a".repeat(2001) }))).toEqual({
      answer: "Please keep the answer under 2000 characters.",
    });
  });
});

describe("contactDetailsSchema (/admin/site, the contact details)", () => {
  const details = {
    email: "hello@ielts-hub.example",
    phone: "+44 (0)20 7946-0958",
    address: "12 Queen Street\nLondon EC4N 1SP",
    openingHours: "Mon–Fri 9:00–17:00",
  };

  it("keeps every detail, trimmed", () => {
    expect(
      contactDetailsSchema.parse({
        email: `  ${details.email} `,
        phone: ` ${details.phone}\t`,
        address: `\n${details.address}  `,
        openingHours: ` ${details.openingHours} `,
      }),
    ).toEqual(details);
  });

  it("leaves each detail optional: missing or blank reads as empty", () => {
    const empty = { email: "", phone: "", address: "", openingHours: "" };
    expect(contactDetailsSchema.parse({})).toEqual(empty);
    expect(
      contactDetailsSchema.parse({ email: " ", phone: "  ", address: "", openingHours: "\n" }),
    ).toEqual(empty);
  });

  it("refuses an e-mail address that is not one", () => {
    for (const email of ["hello", "hello@", "@ielts-hub.example", "hello at ielts-hub.example"]) {
      expect(messages(contactDetailsSchema.safeParse({ email }))).toEqual({
        email: "Please enter a valid e-mail address, or leave it empty.",
      });
    }
  });

  it("takes an e-mail address of 254 characters and refuses 255", () => {
    const at254 = `${"a".repeat(61)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}.uk`;
    expect(at254).toHaveLength(254);
    expect(contactDetailsSchema.parse({ email: at254 }).email).toBe(at254);
    const at255 = `${"a".repeat(62)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}.uk`;
    expect(messages(contactDetailsSchema.safeParse({ email: at255 })).email).toBe(
      "This e-mail address is too long.",
    );
  });

  it("takes phone numbers as people write them", () => {
    for (const phone of [
      "020 7946 0958",
      "+44 20 7946 0958",
      "(020) 7946-0958",
      "020.7946.0958",
      "7",
    ]) {
      expect(contactDetailsSchema.parse({ phone }).phone).toBe(phone);
    }
  });

  it("refuses a phone number with letters, a plus inside, or no digit at all", () => {
    for (const phone of [
      "call us",
      "0800FLOWERS",
      "020 7946 0958 ext",
      "ext 020 7946 0958",
      "44+20 7946 0958",
      "++44 20 7946 0958",
      "+",
      "( ) - .",
      "020/7946/0958",
    ]) {
      expect(messages(contactDetailsSchema.safeParse({ phone })), phone).toEqual({
        phone: "Please write the number with digits, spaces and a leading + only.",
      });
    }
  });

  it("takes a phone number of 40 characters and refuses 41", () => {
    expect(contactDetailsSchema.safeParse({ phone: "1".repeat(39) }).success).toBe(true);
    expect(contactDetailsSchema.safeParse({ phone: "1".repeat(40) }).success).toBe(true);
    expect(messages(contactDetailsSchema.safeParse({ phone: "1".repeat(41) }))).toEqual({
      phone: "Please keep the phone number under 40 characters.",
    });
  });

  it("takes an address and opening hours of 300 characters and refuses 301", () => {
    expect(
      contactDetailsSchema.safeParse({ address: "a".repeat(300), openingHours: "h".repeat(300) })
        .success,
    ).toBe(true);
    expect(
      contactDetailsSchema.safeParse({ address: "a".repeat(299), openingHours: "h".repeat(299) })
        .success,
    ).toBe(true);
    expect(
      messages(
        contactDetailsSchema.safeParse({ address: "a".repeat(301), openingHours: "h".repeat(301) }),
      ),
    ).toEqual({
      address: "Please keep the address under 300 characters.",
      openingHours: "Please keep the opening hours under 300 characters.",
    });
  });
});

describe("isWebAddress", () => {
  it("takes absolute http and https addresses", () => {
    expect(isWebAddress("https://www.instagram.com/ielts.hub")).toBe(true);
    expect(isWebAddress("http://t.me/ieltshub")).toBe(true);
  });

  it("refuses other schemes, relative addresses and text", () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:hello@ielts-hub.example",
      "ftp://files.example/ielts",
      "file:///etc/passwd",
      "www.instagram.com/ielts.hub",
      "/contact",
      "instagram",
      "",
    ]) {
      expect(isWebAddress(url), url).toBe(false);
    }
  });
});

describe("parseSocialLinks (/admin/site, the footer's links)", () => {
  it("keeps the filled rows in order, trimmed, and skips the empty ones", () => {
    expect(
      parseSocialLinks({
        "network-1": "instagram",
        "url-1": " https://www.instagram.com/ielts.hub ",
        "network-2": "facebook",
        "url-2": "   ",
        "network-3": " youtube ",
        "url-3": "https://www.youtube.com/@ieltshub",
        "network-6": "telegram",
        "url-6": "https://t.me/ieltshub",
      }),
    ).toEqual({
      ok: true,
      links: [
        { network: "instagram", url: "https://www.instagram.com/ielts.hub" },
        { network: "youtube", url: "https://www.youtube.com/@ieltshub" },
        { network: "telegram", url: "https://t.me/ieltshub" },
      ],
    });
  });

  it("reads no rows as no links", () => {
    expect(parseSocialLinks({})).toEqual({ ok: true, links: [] });
  });

  it("reads six rows and no more", () => {
    const values: Record<string, string> = {};
    for (let row = 1; row <= 7; row++) {
      values[`network-${row}`] = "x";
      values[`url-${row}`] = `https://x.com/ieltshub${row}`;
    }
    const result = parseSocialLinks(values);
    expect(result.ok && result.links.map((link) => link.url)).toEqual([
      "https://x.com/ieltshub1",
      "https://x.com/ieltshub2",
      "https://x.com/ieltshub3",
      "https://x.com/ieltshub4",
      "https://x.com/ieltshub5",
      "https://x.com/ieltshub6",
    ]);
  });

  it("asks for the network of a link without one, or with an unknown one", () => {
    expect(
      parseSocialLinks({
        "url-1": "https://www.instagram.com/ielts.hub",
        "network-2": "myspace",
        "url-2": "https://myspace.com/ieltshub",
        "network-3": "toString",
        "url-3": "https://example.com/ieltshub",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        "network-1": "Please choose the network this link leads to.",
        "network-2": "Please choose the network this link leads to.",
        "network-3": "Please choose the network this link leads to.",
      },
    });
  });

  it("refuses an address that is not a full http(s) one, on its row", () => {
    expect(
      parseSocialLinks({
        "network-1": "instagram",
        "url-1": "https://www.instagram.com/ielts.hub",
        "network-2": "facebook",
        "url-2": "facebook.com/ieltshub",
        "network-4": "whatsapp",
        "url-4": "javascript:alert(1)",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        "url-2": "Please enter a full address starting with https://.",
        "url-4": "Please enter a full address starting with https://.",
      },
    });
  });

  it("names both the network and the address when both are wrong", () => {
    expect(parseSocialLinks({ "network-5": "", "url-5": "ieltshub" })).toEqual({
      ok: false,
      fieldErrors: {
        "network-5": "Please choose the network this link leads to.",
        "url-5": "Please enter a full address starting with https://.",
      },
    });
  });

  it("takes an address of 500 characters and refuses 501", () => {
    const base = "https://www.linkedin.com/in/";
    const at = (length: number) => base + "a".repeat(length - base.length);
    expect(parseSocialLinks({ "network-1": "linkedin", "url-1": at(499) }).ok).toBe(true);
    expect(parseSocialLinks({ "network-1": "linkedin", "url-1": at(500) })).toEqual({
      ok: true,
      links: [{ network: "linkedin", url: at(500) }],
    });
    expect(parseSocialLinks({ "network-1": "linkedin", "url-1": at(501) })).toEqual({
      ok: false,
      fieldErrors: { "url-1": "Please keep the address under 500 characters." },
    });
  });
});
