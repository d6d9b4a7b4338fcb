import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { deleteExpiredRows } from "../../core/site/housekeeping.server.ts";
import { cookieHeader, ORIGIN, postForm, signUp, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { photo, picture, postMultipart, sendMultipart } from "../support/uploads.ts";

const course = (name: string) => ({
  serviceName: name,
  price: "30",
  description: "A course with an uploaded picture.",
  imageUrl: "",
});

/** Each accepted format, its type and a file name, as a browser sends a picture. */
const PICTURE_FORMATS = [
  ["jpeg", "image/jpeg", "photo.jpg"],
  ["png", "image/png", "photo.png"],
  ["webp", "image/webp", "photo.webp"],
] as const;

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

  it.each(PICTURE_FORMATS)(
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
    // The page says what to do about the picture (the form itself could not be read).
    expect(await far.text()).toContain("Please choose an image of at most 5 MB. Go back");
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

  it("takes a phone photo on each upload page's data address, as the page sends it with JavaScript", async () => {
    // With JavaScript, React Router posts a form to the route's `.data` address, not the page's.
    const phonePhoto = {
      bytes: await photo("jpeg", 3000, 2100),
      name: "IMG_20261125_101500.jpg",
      type: "image/jpeg",
    };
    expect(phonePhoto.bytes.byteLength).toBeGreaterThan(2.5 * 1024 * 1024);
    const student = await signUp(site.app);
    const teacher = await signUp(site.app, { name: "Uploading Teacher" });
    await makeOwner(db(), teacher.email);

    const added = await postMultipart(
      site.app,
      "/add-service.data",
      course("Data address course"),
      { imageFile: phonePhoto },
      student.cookie,
    );
    expect(added.status).not.toBe(413);
    const created = await imageOf("Data address course");
    expect(created?.image_url).toMatch(/^\/images\/uploads\//);

    const edited = await postMultipart(
      site.app,
      `/services/${created?.id}/edit.data`,
      course("Data address course"),
      { imageFile: { ...phonePhoto, name: "IMG_20261125_101600.jpg" } },
      student.cookie,
    );
    expect(edited.status).not.toBe(413);
    const afterEdit = await imageOf("Data address course");
    expect(afterEdit?.image_url).toMatch(/^\/images\/uploads\//);
    expect(afterEdit?.image_url).not.toBe(created?.image_url);

    const account = await postMultipart(
      site.app,
      "/account.data",
      { intent: "photo", photoUrl: "" },
      { photo: phonePhoto },
      student.cookie,
    );
    expect(account.status).not.toBe(413);
    const person = await db()
      .selectFrom("users")
      .select("image")
      .where("email", "=", student.email)
      .executeTakeFirstOrThrow();
    expect(person.image).toMatch(/^\/images\/uploads\//);

    const about = await postMultipart(
      site.app,
      "/admin/site.data",
      { intent: "about-teacher", bio: "Sent with JavaScript." },
      { photo: phonePhoto },
      teacher.cookie,
    );
    expect(about.status).not.toBe(413);
    expect(await (await site.app.request("/about")).text()).toContain("Sent with JavaScript.");
    // Today's About Me again, as the other tests expect it.
    await postMultipart(
      site.app,
      "/admin/site",
      { intent: "about-teacher", bio: "", removePhoto: "on" },
      {},
      teacher.cookie,
    );

    const post = {
      intent: "save",
      title: "A post sent with JavaScript",
      body: "Its feature picture is a phone photo.",
      featureImageAlt: "A phone photo of a notebook",
      status: "draft",
    };
    const newPost = await postMultipart(
      site.app,
      "/admin/posts/new.data",
      post,
      { featureImage: phonePhoto },
      teacher.cookie,
    );
    expect(newPost.status).not.toBe(413);
    const written = await db()
      .selectFrom("posts")
      .select(["id", "feature_image_url"])
      .where("title", "=", post.title)
      .executeTakeFirstOrThrow();
    expect(written.feature_image_url).toMatch(/^\/images\/uploads\//);
    const editedPost = await postMultipart(
      site.app,
      `/admin/posts/${written.id}/edit.data`,
      post,
      { featureImage: { ...phonePhoto, name: "IMG_20261125_101700.jpg" } },
      teacher.cookie,
    );
    expect(editedPost.status).not.toBe(413);
    const rewritten = await db()
      .selectFrom("posts")
      .select("feature_image_url")
      .where("id", "=", written.id)
      .executeTakeFirstOrThrow();
    expect(rewritten.feature_image_url).toMatch(/^\/images\/uploads\//);
    expect(rewritten.feature_image_url).not.toBe(written.feature_image_url);

    // No other route gains the larger limit: its data address keeps the form limit, the post
    // list and a post's delete page included. /admin no longer takes a picture (the About
    // section moved to /admin/site).
    for (const path of [
      "/contact.data",
      "/register.data",
      "/account/password.data",
      "/admin/posts.data",
      `/admin/posts/${written.id}/delete.data`,
      "/admin/newsletter/new.data",
      "/admin",
      "/admin.data",
    ]) {
      const refused = await postMultipart(
        site.app,
        path,
        { name: "A", email: "a@example.com", message: "hello" },
        { attachment: phonePhoto },
        student.cookie,
      );
      expect(refused.status, path).toBe(413);
    }
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

  it("lets the owner edit the About Me text and photo on /admin/site, and no one else", async () => {
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
      const refused = await postMultipart(site.app, "/admin/site", fields, photo, cookie);
      expect(refused.status).toBe(404);
    }
    expect(await settingsRows()).toEqual(before);
    expect(await variantCount()).toBe(variantsBefore);

    const saved = await postMultipart(site.app, "/admin/site", fields, photo, teacher.cookie);
    expect(saved.status).toBe(302);
    const admin = await (
      await site.app.request("/admin/site", {
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
      "/admin/site",
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
      "/admin/site",
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
      "/admin/site",
      { intent: "about-teacher", bio: "", removePhoto: "on" },
      {},
      teacher.cookie,
    );
    const home = await (await site.app.request("/")).text();
    expect(home).toContain("I have taught English for more than twelve years");
    expect(home).not.toContain('alt="The teacher"');
  });
});

describe.each(engines)("uploaded images through the JSON API on %s", (engine) => {
  // Each request from an address of its own: the write limits are proved elsewhere.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  let address = 0;
  const headersFor = (token?: string) => ({
    "x-forwarded-for": `10.11.${Math.floor(++address / 250)}.${address % 250}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const upload = (
    method: "POST" | "PATCH",
    path: string,
    fields: Record<string, string>,
    image: { bytes: Uint8Array; name: string; type: string } | undefined,
    token?: string,
  ) => sendMultipart(site.app, method, path, fields, image ? { image } : {}, headersFor(token));
  const json = (method: string, path: string, token?: string, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: { "content-type": "application/json", ...headersFor(token) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const apiCourse = (name: string) => ({
    serviceName: name,
    price: "30",
    description: "A course whose picture came through the API.",
  });
  const serviceNamed = (name: string) =>
    db().selectFrom("services").selectAll().where("name", "=", name).executeTakeFirst();
  const variantCount = async () =>
    (await db().selectFrom("image_variants").select("image_id").execute()).length;
  /** The course's `img` as GET /api/services/{id} answers it, checked to serve a WebP. */
  const servedImg = async (id: string) => {
    const answer = await json("GET", `/api/services/${id}`);
    expect(answer.status).toBe(200);
    const { img } = (await answer.json()) as { img: string };
    expect(img.startsWith(`${ORIGIN}/images/uploads/`)).toBe(true);
    expect(img).toMatch(/\/images\/uploads\/[0-9a-f-]{36}-1200\.webp$/);
    const file = await site.app.request(img);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1200 });
    return img;
  };

  it.each(PICTURE_FORMATS)(
    "takes a %s photo on POST /api/services and answers an img that serves WebP",
    async (format, type, name) => {
      const { token } = await signUpWithToken(site.app, db());
      const courseName = `API ${format} course`;
      const bytes = await photo(format);
      // Larger than any JSON body the API takes: a real photo.
      expect(bytes.byteLength).toBeGreaterThan(32 * 1024);
      const response = await upload(
        "POST",
        "/api/services",
        {
          ...apiCourse(courseName),
          module: "academic",
          level: '{"from": 5.5, "to": 6.5}',
          learningPoints: '["Timed essays", "Band descriptors"]',
        },
        { bytes, name, type },
        token,
      );
      expect(response.status, await response.clone().text()).toBe(201);
      const { insertedId } = (await response.json()) as { insertedId: string };
      expect((await serviceNamed(courseName))?.id).toBe(insertedId);
      await servedImg(insertedId);
      // The same text fields as the JSON body, the details included.
      const answer = (await (await json("GET", `/api/services/${insertedId}`)).json()) as Record<
        string,
        unknown
      >;
      expect(answer).toMatchObject({
        serviceName: courseName,
        price: 30,
        module: "academic",
        level: { from: 5.5, to: 6.5 },
        learningPoints: ["Timed essays", "Band descriptors"],
      });
    },
  );

  it("refuses a renamed text file and a 6 MB file with 400, a body over 8 MB with 413, creating nothing", async () => {
    const { token } = await signUpWithToken(site.app, db());
    const before = await variantCount();
    const renamed = await upload(
      "POST",
      "/api/services",
      apiCourse("Renamed text API course"),
      {
        bytes: new TextEncoder().encode("just some text, not a picture at all"),
        name: "photo.jpg",
        type: "image/jpeg",
      },
      token,
    );
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toEqual({ message: "Please choose a JPEG, PNG or WebP image." });
    expect(await serviceNamed("Renamed text API course")).toBeUndefined();

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await photo("png", 200, 200));
    const tooLarge = await upload(
      "POST",
      "/api/services",
      apiCourse("Too large API course"),
      { bytes: big, name: "big.png", type: "image/png" },
      token,
    );
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ message: "Please choose an image of at most 5 MB." });
    expect(await serviceNamed("Too large API course")).toBeUndefined();

    const far = await upload(
      "POST",
      "/api/services",
      apiCourse("Far too large API course"),
      { bytes: new Uint8Array(9 * 1024 * 1024), name: "huge.png", type: "image/png" },
      token,
    );
    expect(far.status).toBe(413);
    expect(await far.json()).toHaveProperty("message");
    expect(await serviceNamed("Far too large API course")).toBeUndefined();
    expect(await variantCount()).toBe(before);

    // Text where the file belongs, or a file where text belongs: a clear 400 too.
    const misplaced = await sendMultipart(
      site.app,
      "POST",
      "/api/services",
      { ...apiCourse("Misplaced API course"), image: "photo.jpg" },
      {},
      headersFor(token),
    );
    expect(misplaced.status).toBe(400);
    expect(await misplaced.json()).toEqual({ message: "Send image as a file." });
    expect(await serviceNamed("Misplaced API course")).toBeUndefined();
    const fileAsName = await sendMultipart(
      site.app,
      "POST",
      "/api/services",
      { price: "30", description: "A file where the name belongs." },
      { serviceName: { bytes: await picture("png", 10, 10), name: "a.png", type: "image/png" } },
      headersFor(token),
    );
    expect(fileAsName.status).toBe(400);
    expect(await fileAsName.json()).toEqual({
      message: "Send serviceName as text; only image takes a file.",
    });
    for (const [type, body] of [
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name="],
      ["multipart/form-data", "a=b"],
    ]) {
      const broken = await site.app.request(`${ORIGIN}/api/services`, {
        method: "POST",
        headers: { "content-type": type as string, ...headersFor(token) },
        body,
      });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({
        message: "The multipart/form-data body could not be read.",
      });
    }

    // Only the two calls that take a picture take the larger body.
    const review = await sendMultipart(
      site.app,
      "POST",
      "/api/reviews",
      { serviceId: "x", userMessage: "hello" },
      { image: { bytes: new Uint8Array(100 * 1024), name: "a.png", type: "image/png" } },
      headersFor(token),
    );
    expect(review.status).toBe(413);
  });

  it("replaces the picture on PATCH /api/services/{id}, keeps it when the img is sent back, and changes nothing on a refused file", async () => {
    const { token } = await signUpWithToken(site.app, db());
    const created = await upload(
      "POST",
      "/api/services",
      apiCourse("Patched API course"),
      { bytes: await photo("jpeg"), name: "a.jpg", type: "image/jpeg" },
      token,
    );
    const { insertedId } = (await created.json()) as { insertedId: string };
    const first = await servedImg(insertedId);

    const refused = await upload(
      "PATCH",
      `/api/services/${insertedId}`,
      apiCourse("Renamed on a refused PATCH"),
      { bytes: new TextEncoder().encode("nope"), name: "x.webp", type: "image/webp" },
      token,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Please choose a JPEG, PNG or WebP image." });
    expect(await serviceNamed("Patched API course")).toMatchObject({
      id: insertedId,
      image_url: first.slice(ORIGIN.length),
    });

    const patched = await upload(
      "PATCH",
      `/api/services/${insertedId}`,
      { ...apiCourse("Patched API course"), format: "live" },
      { bytes: await photo("webp"), name: "b.webp", type: "image/webp" },
      token,
    );
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toEqual({ modifiedCount: 1 });
    const second = await servedImg(insertedId);
    expect(second).not.toBe(first);
    expect((await serviceNamed("Patched API course"))?.format).toBe("live");

    // A JSON client that sends back the img it read keeps the uploaded picture as the site
    // stores it (with its srcset, and known to be in use).
    const echoed = await json("PATCH", `/api/services/${insertedId}`, token, {
      ...apiCourse("Patched API course"),
      price: 31,
      img: second,
    });
    expect(echoed.status).toBe(200);
    expect((await serviceNamed("Patched API course"))?.image_url).toBe(second.slice(ORIGIN.length));
    const page = await (await site.app.request(`/services/${insertedId}`)).text();
    expect(page).toContain(`${second.slice(ORIGIN.length, -"-1200.webp".length)}-400.webp 400w`);
  });

  it("answers 401 to an anonymous upload, storing nothing", async () => {
    const before = await variantCount();
    const anonymous = await upload(
      "POST",
      "/api/services",
      apiCourse("Anonymous API course"),
      { bytes: await photo("jpeg"), name: "a.jpg", type: "image/jpeg" },
      undefined,
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect(await anonymous.json()).toHaveProperty("message");
    expect(await serviceNamed("Anonymous API course")).toBeUndefined();
    expect(await variantCount()).toBe(before);
  });
});
