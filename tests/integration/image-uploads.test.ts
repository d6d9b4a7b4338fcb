import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { deleteExpiredRows } from "../../core/housekeeping.server.ts";
import { cookieHeader, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { picture, postMultipart } from "../support/uploads.ts";

const course = (name: string) => ({
  serviceName: name,
  price: "30",
  description: "A course with an uploaded picture.",
  imageUrl: "",
});

describe.each(engines)("uploaded images on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const variantCount = async () =>
    Number(
      (
        await db()
          .selectFrom("image_variants")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const imageOf = async (name: string) =>
    (await db()
      .selectFrom("services")
      .select(["id", "image_url"])
      .where("name", "=", name)
      .executeTakeFirst()) ?? null;

  it.each([
    ["jpeg", "image/jpeg", "photo.jpg"],
    ["png", "image/png", "photo.png"],
    ["webp", "image/webp", "photo.webp"],
  ] as const)(
    "accepts a %s picture on Add Service, served as immutable WebP widths with srcset",
    async (format, type, name) => {
      const { cookie } = await signUp(site.app);
      const courseName = `Uploaded ${format} course`;
      const response = await postMultipart(site.app, "/add-service", course(courseName), {
        imageFile: { bytes: await picture(format), name, type },
      });
      // Without a session nothing happens; with one the course is added.
      expect(response.status).toBe(302);
      expect(await imageOf(courseName)).toBeNull();
      const added = await postMultipart(
        site.app,
        "/add-service",
        course(courseName),
        { imageFile: { bytes: await picture(format), name, type } },
        cookie,
      );
      expect(added.status).toBe(302);
      const row = await imageOf(courseName);
      expect(row?.image_url).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-1200\.webp$/);
      const base = (row?.image_url ?? "").replace(/-1200\.webp$/, "");
      for (const width of [400, 800, 1200]) {
        const file = await site.app.request(`${base}-${width}.webp`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe("image/webp");
        expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const bytes = new Uint8Array(await file.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.width).toBe(width);
      }
      expect((await site.app.request(`${base}-1600.webp`)).status).toBe(404);
      const page = await (await site.app.request(`/services/${row?.id}`)).text();
      const srcset = `${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`;
      expect(page.toLowerCase()).toContain(`srcset="${srcset}"`);
      const catalogue = await (await site.app.request("/services")).text();
      expect(catalogue).toContain(`${base}-400.webp 400w`);
    },
  );

  it("never enlarges a small picture", async () => {
    const { cookie } = await signUp(site.app);
    await postMultipart(
      site.app,
      "/add-service",
      course("Small picture course"),
      {
        imageFile: { bytes: await picture("png", 500, 300), name: "small.png", type: "image/png" },
      },
      cookie,
    );
    const row = await imageOf("Small picture course");
    expect(row?.image_url).toMatch(/-500\.webp$/);
    const widths = await db()
      .selectFrom("image_variants")
      .select("width")
      .where(
        "image_id",
        "=",
        (row?.image_url ?? "").slice("/images/uploads/".length, -"-500.webp".length),
      )
      .orderBy("width")
      .execute();
    expect(widths.map((variant) => variant.width)).toEqual([400, 500]);
  });

  it("refuses by content a renamed non-image and a file over 5 MB, storing nothing", async () => {
    const { cookie } = await signUp(site.app);
    const before = await variantCount();
    const renamed = await postMultipart(
      site.app,
      "/add-service",
      course("Renamed text course"),
      {
        imageFile: {
          bytes: new TextEncoder().encode("just some text, not a picture at all"),
          name: "photo.jpg",
          type: "image/jpeg",
        },
      },
      cookie,
    );
    expect(renamed.status).toBe(400);
    expect(await renamed.text()).toContain("Please choose a JPEG, PNG or WebP image.");
    expect(await imageOf("Renamed text course")).toBeNull();

    const svg = await postMultipart(
      site.app,
      "/add-service",
      course("SVG course"),
      {
        imageFile: {
          bytes: new TextEncoder().encode(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
          ),
          name: "photo.png",
          type: "image/png",
        },
      },
      cookie,
    );
    expect(svg.status).toBe(400);
    expect(await imageOf("SVG course")).toBeNull();

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await picture("png", 20, 20));
    const tooLarge = await postMultipart(
      site.app,
      "/add-service",
      course("Too large course"),
      { imageFile: { bytes: big, name: "big.png", type: "image/png" } },
      cookie,
    );
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain("Please choose an image of at most 5 MB.");
    expect(await imageOf("Too large course")).toBeNull();

    const far = await postMultipart(
      site.app,
      "/add-service",
      course("Far too large course"),
      {
        imageFile: { bytes: new Uint8Array(9 * 1024 * 1024), name: "huge.png", type: "image/png" },
      },
      cookie,
    );
    expect(far.status).toBe(413);
    expect(await imageOf("Far too large course")).toBeNull();
    expect(await variantCount()).toBe(before);

    // Only the pages that take a picture accept the larger body.
    const contact = await postMultipart(
      site.app,
      "/contact",
      { name: "A", email: "a@example.com", message: "hello" },
      { attachment: { bytes: new Uint8Array(100 * 1024), name: "a.png", type: "image/png" } },
    );
    expect(contact.status).toBe(413);
  });

  it("counts an upload against the write limits, storing nothing once refused", async () => {
    const { cookie } = await signUp(site.app);
    for (let n = 1; n <= 5; n++) {
      const added = await postForm(site.app, "/add-service", course(`Limit course ${n}`), {
        cookie,
      });
      expect(added.status).toBe(302);
    }
    const before = await variantCount();
    const limited = await postMultipart(
      site.app,
      "/add-service",
      course("Limit course 6"),
      { imageFile: { bytes: await picture("png"), name: "a.png", type: "image/png" } },
      cookie,
    );
    expect(limited.status).toBe(429);
    expect(await imageOf("Limit course 6")).toBeNull();
    expect(await variantCount()).toBe(before);
  });

  it("keeps an uploaded picture on Edit without a new file, and goes back to the cover when asked", async () => {
    const { cookie } = await signUp(site.app);
    await postMultipart(
      site.app,
      "/add-service",
      course("Edited picture course"),
      { imageFile: { bytes: await picture("jpeg"), name: "a.jpg", type: "image/jpeg" } },
      cookie,
    );
    const first = await imageOf("Edited picture course");
    const edit = (files: Parameters<typeof postMultipart>[3], extra: Record<string, string> = {}) =>
      postMultipart(
        site.app,
        `/services/${first?.id}/edit`,
        { ...course("Edited picture course"), ...extra },
        files,
        cookie,
      );
    // A browser sends an empty file part when no file was chosen.
    expect(
      (
        await edit({
          imageFile: { bytes: new Uint8Array(), name: "", type: "application/octet-stream" },
        })
      ).status,
    ).toBe(302);
    expect((await imageOf("Edited picture course"))?.image_url).toBe(first?.image_url);
    const refused = await edit({
      imageFile: { bytes: new TextEncoder().encode("nope"), name: "x.webp", type: "image/webp" },
    });
    expect(refused.status).toBe(400);
    expect((await imageOf("Edited picture course"))?.image_url).toBe(first?.image_url);
    expect((await edit({}, { imageUrl: "https://example.com/a.jpg" })).status).toBe(302);
    expect((await imageOf("Edited picture course"))?.image_url).toBe("https://example.com/a.jpg");
    await edit({ imageFile: { bytes: await picture("png"), name: "b.png", type: "image/png" } });
    const second = await imageOf("Edited picture course");
    expect(second?.image_url).not.toBe(first?.image_url);
    expect(second?.image_url).toMatch(/^\/images\/uploads\//);
    await edit({}, { useDefaultCover: "on" });
    expect((await imageOf("Edited picture course"))?.image_url).toBe("/images/services/course.svg");
  });

  it("deletes, a day later, the pictures a course no longer shows, and keeps the ones shown", async () => {
    const { cookie } = await signUp(site.app);
    await postMultipart(
      site.app,
      "/add-service",
      course("Replaced picture course"),
      { imageFile: { bytes: await picture("jpeg"), name: "a.jpg", type: "image/jpeg" } },
      cookie,
    );
    const first = await imageOf("Replaced picture course");
    await postMultipart(
      site.app,
      `/services/${first?.id}/edit`,
      course("Replaced picture course"),
      { imageFile: { bytes: await picture("png"), name: "b.png", type: "image/png" } },
      cookie,
    );
    const second = await imageOf("Replaced picture course");
    const status = async (url: string | undefined) =>
      (await site.app.request(url ?? "/missing")).status;
    expect(await status(first?.image_url)).toBe(200);

    // Within the day both stay (a page may still be open on the old one).
    await deleteExpiredRows(db(), new Date(Date.now() + 60 * 60 * 1000));
    expect(await status(first?.image_url)).toBe(200);
    // A day later the replaced one is gone, every width of it; the shown one stays.
    await deleteExpiredRows(db(), new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await status(first?.image_url)).toBe(404);
    const firstId = /uploads\/([0-9a-f-]{36})-/.exec(first?.image_url ?? "")?.[1] ?? "";
    expect(
      await db()
        .selectFrom("image_variants")
        .select("width")
        .where("image_id", "=", firstId)
        .execute(),
    ).toEqual([]);
    expect(await status(second?.image_url)).toBe(200);
    expect(await (await site.app.request(`/services/${second?.id}`)).text()).toContain(
      second?.image_url ?? "-",
    );
  });

  it("shows the course's cover under a course picture, for when it fails to load", async () => {
    const id = await insertService(db(), { name: "Broken picture course" });
    await db()
      .updateTable("services")
      .set({ image_url: "https://example.com/missing.jpg" })
      .where("id", "=", id)
      .execute();
    const page = await (await site.app.request(`/services/${id}`)).text();
    expect(page).toMatch(
      /<img[^>]*src="https:\/\/example\.com\/missing\.jpg"[^>]*class="[^"]*cover-fallback/,
    );
  });

  it("lets the owner edit the About Me text and photo in /admin, and no one else", async () => {
    const student = await signUp(site.app);
    const teacher = await signUp(site.app, { name: "The Teacher" });
    await makeOwner(db(), teacher.email);
    const settingsRows = () => db().selectFrom("site_settings").selectAll().execute();
    const homeBefore = await (await site.app.request("/")).text();
    expect(homeBefore).toContain("I have taught English for more than twelve years");
    const fields = { intent: "about-teacher", bio: "First paragraph of mine.\n\nSecond one." };
    const photo = {
      photo: { bytes: await picture("jpeg", 800, 800), name: "me.jpg", type: "image/jpeg" },
    };

    const before = await settingsRows();
    const variantsBefore = await variantCount();
    for (const cookie of [undefined, student.cookie]) {
      const refused = await postMultipart(site.app, "/admin", fields, photo, cookie);
      expect(refused.status).toBe(404);
    }
    expect(await settingsRows()).toEqual(before);
    expect(await variantCount()).toBe(variantsBefore);

    const saved = await postMultipart(site.app, "/admin", fields, photo, teacher.cookie);
    expect(saved.status).toBe(302);
    const admin = await (
      await site.app.request("/admin", {
        headers: { cookie: `${teacher.cookie}; ${cookieHeader(saved)}` },
      })
    ).text();
    expect(admin).toContain("The About Me block is saved.");
    for (const path of ["/", "/about"]) {
      const html = await (await site.app.request(path)).text();
      expect(html, path).toContain("<p>First paragraph of mine.</p>");
      expect(html, path).toContain("<p>Second one.</p>");
      expect(html, path).not.toContain("I have taught English for more than twelve years");
      expect(html, path).toMatch(
        /<img[^>]*src="\/images\/uploads\/[0-9a-f-]{36}-800\.webp"[^>]*alt="The teacher"/,
      );
    }

    // A refused photo changes nothing.
    const bad = await postMultipart(
      site.app,
      "/admin",
      { intent: "about-teacher", bio: "Other." },
      {
        photo: { bytes: new TextEncoder().encode("text"), name: "me.png", type: "image/png" },
      },
      teacher.cookie,
    );
    // Said beside the photo field, with the text kept as typed (not in a toast after a redirect).
    expect(bad.status).toBe(400);
    const refusedPage = await bad.text();
    const photoInput = /<input[^>]*name="photo"[^>]*>/.exec(refusedPage)?.[0] ?? "";
    expect(photoInput).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(photoInput)?.[1];
    expect(refusedPage).toMatch(new RegExp(`<p id="${describedBy}"[^>]*>[^<]+</p>`));
    expect(refusedPage).toMatch(/<textarea[^>]*name="bio"[^>]*>Other\.<\/textarea>/);
    expect(await (await site.app.request("/")).text()).toContain("First paragraph of mine.");
    // Too long a text: said beside the text, nothing saved.
    const long = await postMultipart(
      site.app,
      "/admin",
      { intent: "about-teacher", bio: "x".repeat(5001) },
      {},
      teacher.cookie,
    );
    expect(long.status).toBe(400);
    const bioField = /<textarea[^>]*name="bio"[^>]*>/.exec(await long.text())?.[0] ?? "";
    expect(bioField).toContain('aria-invalid="true"');
    expect(await (await site.app.request("/")).text()).toContain("First paragraph of mine.");

    // Removing the photo and emptying the text bring back today's look.
    await postMultipart(
      site.app,
      "/admin",
      { intent: "about-teacher", bio: "", removePhoto: "on" },
      {},
      teacher.cookie,
    );
    const home = await (await site.app.request("/")).text();
    expect(home).toContain("I have taught English for more than twelve years");
    expect(home).not.toContain('alt="The teacher"');
  });
});
