import { describe, expect, it } from "vitest";
import { runOwnerCommand, SECOND_FACTOR_FIRST } from "../../scripts/owner.ts";
import { cookieHeader, postForm, postJson, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { turnOnTwoFactorDirectly } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

describe.each(engines)("the owner role on %s", (engine) => {
  const site = testSiteOn(engine);
  const owner = (...args: string[]) =>
    runOwnerCommand(args, { DATABASE_URL: site.database.url, PORT: "3000" });
  const isOwnerRow = async (email: string) =>
    (
      await site.database.db
        .selectFrom("owners")
        .innerJoin("users", "users.id", "owners.user_id")
        .select("users.email")
        .where("users.email", "=", email)
        .execute()
    ).length === 1;

  it("is granted, listed and revoked from the shell only, for an account that exists", async () => {
    const { email } = await signUp(site.app, { name: "Tess Teacher" });
    expect(await owner("list")).toEqual({ code: 0, output: "No owners yet." });
    expect(await owner("grant", "nobody@example.com")).toEqual({
      code: 1,
      output: "No account has the e-mail nobody@example.com: register on the site first.",
    });
    // The role waits for two-factor sign-in (decision 0032), and the command says so.
    expect(await owner("grant", email.toUpperCase())).toEqual({
      code: 0,
      output: `${email.toUpperCase()} is now an owner.\n${SECOND_FACTOR_FIRST}`,
    });
    expect(await isOwnerRow(email)).toBe(true);
    expect(await owner("grant", email)).toEqual({
      code: 0,
      output: `${email} was already an owner.\n${SECOND_FACTOR_FIRST}`,
    });
    await turnOnTwoFactorDirectly(site.database.db, email);
    expect(await owner("grant", email)).toEqual({
      code: 0,
      output: `${email} was already an owner.`,
    });
    const listed = await owner("list");
    expect(listed.output).toMatch(
      new RegExp(`^${email.replace(".", "\\.")} \\(Tess Teacher\\), since \\d{4}-`),
    );
    expect(await owner("revoke", email)).toEqual({
      code: 0,
      output: `${email} is no longer an owner.`,
    });
    expect(await owner("revoke", email)).toEqual({ code: 0, output: `${email} was not an owner.` });
    expect(await isOwnerRow(email)).toBe(false);
    expect(await owner("promote", email)).toMatchObject({ code: 2 });
    expect(await owner("grant")).toMatchObject({ code: 2 });
  });

  it("shows /admin and its link to owners only: 404 for anyone else, signed in or not", async () => {
    const student = await signUp(site.app);
    const teacher = await signUp(site.app, { name: "Olive Owner" });
    await owner("grant", teacher.email);
    await turnOnTwoFactorDirectly(site.database.db, teacher.email);

    const anonymous = await site.app.request("/admin");
    expect(anonymous.status).toBe(404);
    const asStudent = await site.app.request("/admin", { headers: { cookie: student.cookie } });
    expect(asStudent.status).toBe(404);
    expect(await asStudent.text()).not.toContain('href="/admin"');
    const asOwner = await site.app.request("/admin", { headers: { cookie: teacher.cookie } });
    expect(asOwner.status).toBe(200);
    const page = await asOwner.text();
    expect(page).toContain('href="/admin"');
    expect(page).toContain(teacher.email);
    // The loader's data (the path React Router's client uses) is refused the same way.
    const data = await site.app.request("/admin.data", { headers: { cookie: student.cookie } });
    expect(data.status).toBe(404);
    expect(await data.text()).not.toContain(teacher.email);

    // A form the page does not have (an inherited name included) does nothing, and says so.
    for (const intent of ["", "constructor", "__proto__", "toString", "grant-owner"]) {
      const response = await postForm(site.app, "/admin", { intent }, { cookie: teacher.cookie });
      expect(response.status, intent).toBe(302);
      expect(response.headers.get("location"), intent).toBe("/admin");
      const next = await site.app.request("/admin", {
        headers: { cookie: `${teacher.cookie}; ${cookieHeader(response)}` },
      });
      expect(await next.text(), intent).toContain("Nothing to do.");
    }
    expect(await isOwnerRow(student.email)).toBe(false);

    // The About the teacher form: 404 for anyone but an owner, and nothing changes.
    const about = { intent: "about-teacher", bio: "Not the teacher's words." };
    expect((await postForm(site.app, "/admin/site", about)).status).toBe(404);
    expect(
      (await postForm(site.app, "/admin/site", about, { cookie: student.cookie })).status,
    ).toBe(404);
    const aboutRows = () =>
      site.database.db
        .selectFrom("site_settings")
        .select("key")
        .where("key", "like", "about%")
        .execute();
    expect(await aboutRows()).toEqual([]);
    expect(await (await site.app.request("/")).text()).not.toContain("Not the teacher's words.");
    const saved = await postForm(site.app, "/admin/site", about, { cookie: teacher.cookie });
    expect(saved.status).toBe(302);
    expect(await (await site.app.request("/about")).text()).toContain("Not the teacher's words.");
  });

  it("cannot be given by any web or API path", async () => {
    const student = await signUp(site.app);
    for (const fields of [{ isOwner: true }, { role: "owner" }, { owner: true }]) {
      await postJson(site.app, "/api/auth/update-user", fields, { cookie: student.cookie });
    }
    await postJson(site.app, "/api/auth/sign-up/email", {
      name: "Sneaky",
      email: "sneaky-owner@example.com",
      password: "a long passphrase of mine",
      isOwner: true,
      role: "owner",
    });
    expect(await isOwnerRow(student.email)).toBe(false);
    expect(await isOwnerRow("sneaky-owner@example.com")).toBe(false);
  });
});
