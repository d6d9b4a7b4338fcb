import { describe, expect, it } from "vitest";
import { postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { testSiteOn } from "../support/test-app.ts";
import { picture, postMultipart } from "../support/uploads.ts";

describe.each(engines)("/account on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const nameOf = async (email: string) =>
    (
      await db()
        .selectFrom("users")
        .select("name")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).name;

  it("is for a signed-in person only: a visitor is sent to log in, and their post changes nothing", async () => {
    const page = await site.app.request("/account", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Faccount");
    const post = await postForm(site.app, "/account", { name: "Intruder" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows the name, the e-mail and whether it is verified, with the ways to the password and devices", async () => {
    const user = await signUp(site.app, { name: "Page Owner" });
    const page = await (
      await site.app.request("/account", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toMatch(/<input[^>]*name="name"[^>]*value="Page Owner"/);
    expect(page).toContain(user.email);
    expect(page).toContain("Not confirmed yet: open the link we sent you.");
    expect(page).toContain('href="/account/password"');
    expect(page).toContain('href="/account/sessions"');
    const me = await site.app.request("/api/me", { headers: { cookie: user.cookie } });
    expect(await me.json()).toMatchObject({ email: user.email, emailVerified: false });

    await db()
      .updateTable("users")
      .set({ email_verified: 1 })
      .where("email", "=", user.email)
      .execute();
    const verified = await (
      await site.app.request("/account", { headers: { cookie: user.cookie } })
    ).text();
    expect(verified).toContain("Confirmed: you have shown that this address is yours.");
    const meAgain = await site.app.request("/api/me", { headers: { cookie: user.cookie } });
    expect(await meAgain.json()).toMatchObject({ emailVerified: true });
  });

  it("changes the name of the signed-in person only, refusing a bad one beside the field", async () => {
    const user = await signUp(site.app, { name: "Old Name" });
    for (const name of ["", "   ", "x".repeat(101)]) {
      const refused = await postForm(site.app, "/account", { name }, { cookie: user.cookie });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(/<input[^>]*name="name"[^>]*>/.exec(await refused.text())?.[0]).toContain(
        'aria-invalid="true"',
      );
    }
    expect(await nameOf(user.email)).toBe("Old Name");
    // Identity comes from the session only: a user id or e-mail in the form is not read.
    const other = await signUp(site.app, { name: "Someone Else" });
    const saved = await postForm(
      site.app,
      "/account",
      { name: "  New Name  ", userId: "whoever", email: other.email },
      { cookie: user.cookie },
    );
    expect(saved.status).toBe(302);
    expect(await nameOf(user.email)).toBe("New Name");
    expect(await nameOf(other.email)).toBe("Someone Else");
  });

  it("takes a photo as an upload (resized as course pictures are) or an address, refuses a bad one beside its field, and removes it", async () => {
    const user = await signUp(site.app, { name: "Photo Owner" });
    const imageOf = async () =>
      (
        await db()
          .selectFrom("users")
          .select("image")
          .where("email", "=", user.email)
          .executeTakeFirstOrThrow()
      ).image;
    const png = await picture("png", 900, 900);
    const uploaded = await postMultipart(
      site.app,
      "/account",
      { intent: "photo", photoUrl: "" },
      { photo: { bytes: png, name: "me.png", type: "image/png" } },
      user.cookie,
    );
    expect(uploaded.status).toBe(302);
    const address = (await imageOf()) ?? "";
    expect(address).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-900\.webp$/);
    const served = await site.app.request(address);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const shown = await (
      await site.app.request("/account", { headers: { cookie: user.cookie } })
    ).text();
    expect(shown).toContain(`src="${address}"`);

    // A text file named like a picture, and an address that is not http(s): refused, nothing changed.
    const renamed = await postMultipart(
      site.app,
      "/account",
      { intent: "photo" },
      {
        photo: {
          bytes: new TextEncoder().encode("not a picture"),
          name: "me.png",
          type: "image/png",
        },
      },
      user.cookie,
    );
    expect(renamed.status).toBe(400);
    expect(/<input[^>]*name="photo"[^>]*>/.exec(await renamed.text())?.[0]).toContain(
      'aria-invalid="true"',
    );
    const script = await postForm(
      site.app,
      "/account",
      { intent: "photo", photoUrl: "javascript:alert(1)" },
      { cookie: user.cookie },
    );
    expect(script.status).toBe(400);
    const scriptHtml = await script.text();
    expect(scriptHtml).toContain("Please enter an address starting with http:// or https://.");
    expect(/<input[^>]*name="photoUrl"[^>]*>/.exec(scriptHtml)?.[0]).toContain(
      'aria-invalid="true"',
    );
    const nothing = await postForm(
      site.app,
      "/account",
      { intent: "photo", photoUrl: "" },
      { cookie: user.cookie },
    );
    expect(nothing.status).toBe(400);
    expect(await imageOf()).toBe(address);

    const byAddress = await postForm(
      site.app,
      "/account",
      { intent: "photo", photoUrl: "https://example.com/me.jpg" },
      { cookie: user.cookie },
    );
    expect(byAddress.status).toBe(302);
    expect(await imageOf()).toBe("https://example.com/me.jpg");
    const removed = await postForm(
      site.app,
      "/account",
      { intent: "photo", removePhoto: "on" },
      { cookie: user.cookie },
    );
    expect(removed.status).toBe(302);
    expect(await imageOf()).toBeNull();
    const me = await site.app.request("/api/me", { headers: { cookie: user.cookie } });
    expect(await me.json()).toMatchObject({ photoURL: null });
  });
});
