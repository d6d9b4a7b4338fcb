import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { IMAGE_SIZE_REFUSAL } from "../../core/images/uploaded-images.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

// Every form that takes a picture, with the files people really choose: a phone's JPEG of a few
// megabytes (turned on its side by EXIF, as phones store them), a screenshot-sized PNG, and a
// photo over the 5 MB limit. With JavaScript the form goes to the route's `.data` address, so
// both ways are tried. These add courses and change the About photo: they run with the tests
// that change the catalogue.

type ChosenFile = { name: string; mimeType: string; buffer: Buffer };

/** Camera-like noise, so the file is as large as a real photo of that size. */
const noise = (width: number, height: number, sigma: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma },
    },
  });

let files: Promise<{ phoneJpeg: ChosenFile; png: ChosenFile; tooLarge: ChosenFile }> | undefined;
/** Made once per worker: each takes a second or two of sharp's time. */
function realisticFiles() {
  files ??= (async () => {
    // Stored 3024 × 2016, shown upright as 2016 × 3024 (orientation 6: turn 90° clockwise).
    const phoneJpeg = await noise(3024, 2016, 40)
      .jpeg({ quality: 82 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const png = await noise(560, 400, 6).png().toBuffer();
    const tooLarge = await noise(4300, 3000, 40).jpeg({ quality: 82 }).toBuffer();
    expect(phoneJpeg.byteLength).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(png.byteLength).toBeGreaterThan(350 * 1024);
    expect(tooLarge.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    return {
      phoneJpeg: { name: "IMG_20261125_093012.jpg", mimeType: "image/jpeg", buffer: phoneJpeg },
      png: { name: "Screenshot 2026-11-25.png", mimeType: "image/png", buffer: png },
      tooLarge: { name: "IMG_20261125_093544.jpg", mimeType: "image/jpeg", buffer: tooLarge },
    };
  })();
  return files;
}

/**
 * The uploaded picture the page shows (not `before`, the one shown until then), once the browser
 * has decoded it: its address and natural size.
 */
async function shownPicture(picture: Locator, before?: string) {
  await expect(picture).toHaveAttribute("src", /^\/images\/uploads\/[0-9a-f-]{36}-\d+\.webp$/);
  if (before) await expect(picture).not.toHaveAttribute("src", before);
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  return picture.evaluate((image: HTMLImageElement) => ({
    src: image.getAttribute("src") ?? "",
    width: image.naturalWidth,
    height: image.naturalHeight,
  }));
}

type UploadForm = {
  /** Opens the form and fills what else it needs, ready for a file. */
  open: (page: Page) => Promise<void>;
  fileLabel: string;
  submit: string;
  /** After a successful upload: the uploaded picture where the site shows it. */
  shown: (page: Page) => Promise<Locator>;
};

/** A page with JavaScript off, signed in as the same person, from its own address. */
async function withoutJavaScript(browser: Browser, page: Page, address: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

async function choose(page: Page, form: UploadForm, file: ChosenFile) {
  await form.open(page);
  await page.getByLabel(form.fileLabel, { exact: true }).setInputFiles(file);
  // Sent and answered (the page's address or, with JavaScript, its `.data` address).
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: form.submit, exact: true }).click();
  expect((await answered).status(), "the upload is taken").toBeLessThan(400);
}

/**
 * The three files through one form, in the page given (with or without JavaScript): the two
 * pictures are stored and shown (the phone photo upright), the large one is refused beside the
 * field, never with an error page, and with JavaScript before anything is sent.
 */
async function uploadThree(page: Page, form: UploadForm, scripted: boolean) {
  const { phoneJpeg, png, tooLarge } = await realisticFiles();

  await choose(page, form, phoneJpeg);
  const upright = await shownPicture(await form.shown(page));
  expect(upright.height, "the phone photo is shown upright").toBeGreaterThan(upright.width);

  await choose(page, form, png);
  const screenshot = await shownPicture(await form.shown(page), upright.src);
  expect(screenshot.width).toBeGreaterThan(screenshot.height);

  await form.open(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const field = page.getByLabel(form.fileLabel, { exact: true });
  await field.setInputFiles(tooLarge);
  if (scripted) {
    // Said at once, on choosing the file.
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(IMAGE_SIZE_REFUSAL));
  }
  await page.getByRole("button", { name: form.submit, exact: true }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(IMAGE_SIZE_REFUSAL));
  await expect(page.getByText(IMAGE_SIZE_REFUSAL)).toBeVisible();
  if (scripted) expect(posts, "a refused file is never sent").toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Sorry|Too much data/);
}

/** Runs the three files through a form with JavaScript, then without. */
async function bothWays(page: Page, browser: Browser, form: UploadForm, address: string) {
  await uploadThree(page, form, true);
  const plain = await withoutJavaScript(browser, page, address);
  try {
    await uploadThree(plain.page, form, false);
  } finally {
    await plain.close();
  }
}

/** The course's own picture on its page. */
const coursePicture = (page: Page, name: string) =>
  page.locator("main").getByRole("img", { name, exact: true }).first();

test("a phone photo, a PNG and a too-large photo as the photo on /account", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  const { name } = await signUpDirectly(page, { name: "Photo Phoebe" });
  await bothWays(
    page,
    browser,
    {
      open: async (target) => {
        await target.goto("/account");
      },
      fileLabel: "Upload a picture",
      submit: "Save photo",
      shown: async (target) =>
        target.locator("main").getByRole("img", { name: `Photo of ${name}` }),
    },
    "10.247.0.1",
  );
});

test("a phone photo, a PNG and a too-large photo as a course's picture on Add Service", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  await signUpDirectly(page, { name: "Cover Corin" });
  let added = 0;
  let courseName = "";
  await bothWays(
    page,
    browser,
    {
      open: async (target) => {
        added++;
        courseName = `Phone Photo Course ${added}`;
        await target.goto("/add-service");
        await target.getByLabel("Service Name").fill(courseName);
        await target.getByLabel("Price").fill("25");
        await target.getByLabel("Description").fill("A course whose cover came from a phone.");
      },
      fileLabel: "Image file",
      submit: "Submit",
      // Add Service lands on the catalogue: the picture is looked at on the course's own page.
      shown: async (target) => {
        await expect(target).toHaveURL(/\/services$/);
        const details = target.getByRole("link", { name: `Details of ${courseName}` }).first();
        await target.goto((await details.getAttribute("href")) ?? "");
        return coursePicture(target, courseName);
      },
    },
    "10.247.0.2",
  );
});

test("a phone photo, a PNG and a too-large photo as a course's picture on Edit Service", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  await signUpDirectly(page, { name: "Editing Eli" });
  const courseName = "Course Edited From A Phone";
  await page.goto("/add-service");
  await page.getByLabel("Service Name").fill(courseName);
  await page.getByLabel("Price").fill("30");
  await page.getByLabel("Description").fill("A course whose cover is changed from a phone.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/services$/);
  const coursePage =
    (await page
      .getByRole("link", { name: `Details of ${courseName}` })
      .first()
      .getAttribute("href")) ?? "";
  await bothWays(
    page,
    browser,
    {
      open: async (target) => {
        await target.goto(`${coursePage}/edit`);
      },
      fileLabel: "Image file",
      submit: "Save",
      shown: async (target) => {
        await expect(target).toHaveURL(new RegExp(`${coursePage}$`));
        return coursePicture(target, courseName);
      },
    },
    "10.247.0.3",
  );
});

test("a phone photo, a PNG and a too-large photo as the teacher's photo on /admin/site", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Tess" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  const aboutForm = (target: Page) =>
    target.locator("form").filter({ has: target.getByRole("button", { name: "Save About Me" }) });
  try {
    await bothWays(
      page,
      browser,
      {
        open: async (target) => {
          await target.goto("/admin/site");
        },
        fileLabel: "Photo",
        submit: "Save About Me",
        shown: async (target) => {
          await target.goto("/about");
          return target.getByRole("img", { name: "The teacher" });
        },
      },
      "10.247.0.4",
    );
  } finally {
    // The About page goes back to how the other tests expect it: no photo.
    await page.goto("/admin/site");
    await aboutForm(page).getByLabel("Remove the photo").check();
    await aboutForm(page).getByRole("button", { name: "Save About Me" }).click();
    await expect(page.getByText("The About Me block is saved.")).toBeVisible();
  }
});
