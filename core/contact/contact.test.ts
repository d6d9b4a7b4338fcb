import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact.ts";

/** The message the /contact form shows beside each field. */
function messages(value: unknown) {
  const result = contactMessageSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

const message = {
  name: "Amira Haddad",
  email: "amira.haddad@example.com",
  message: "Hello, is the MASTER membership enough to prepare for Band 7 in eight weeks?",
};

describe("contactMessageSchema (/contact)", () => {
  it("takes a name, an e-mail address and a message, trimmed", () => {
    expect(
      contactMessageSchema.parse({
        name: `  ${message.name} `,
        email: message.email,
        message: `\n${message.message}\n\n`,
      }),
    ).toEqual(message);
  });

  it("asks for each field that is missing or blank, by name", () => {
    expect(messages({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address.",
      message: "Please write a message.",
    });
    expect(messages({ ...message, name: "   ", message: "\n\t" })).toEqual({
      name: "Please enter your name.",
      message: "Please write a message.",
    });
  });

  it("refuses an e-mail address that is not one", () => {
    for (const email of ["amira", "amira@", "amira@example", "amira haddad@example.com"]) {
      expect(messages({ ...message, email }), email).toEqual({
        email: "Please enter a valid e-mail address.",
      });
    }
  });

  it("takes a name of 100 characters and refuses 101", () => {
    expect(messages({ ...message, name: "n".repeat(99) })).toEqual({});
    expect(messages({ ...message, name: "n".repeat(100) })).toEqual({});
    expect(messages({ ...message, name: "n".repeat(101) })).toEqual({
      name: "Please keep your name under 100 characters.",
    });
  });

  it("takes an e-mail address of 254 characters and refuses 255", () => {
    const address = (local: number) =>
      `${"a".repeat(local)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}.uk`;
    expect(address(61)).toHaveLength(254);
    expect(messages({ ...message, email: address(60) })).toEqual({});
    expect(messages({ ...message, email: address(61) })).toEqual({});
    expect(messages({ ...message, email: address(62) })).toEqual({
      email: "This e-mail address is too long.",
    });
  });

  it("takes a message of 5000 characters and refuses 5001", () => {
    expect(messages({ ...message, message: "m".repeat(4999) })).toEqual({});
    expect(messages({ ...message, message: "m".repeat(5000) })).toEqual({});
    expect(messages({ ...message, message: "m".repeat(5001) })).toEqual({
      message: "Please keep your message under 5000 characters.",
    });
  });
});
