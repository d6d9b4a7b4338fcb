import sharp from "sharp";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

/** A small real PNG, as a file chooser hands it over. */
async function png(colour: string) {
  const buffer = await sharp({
    create: { width: 900, height: 600, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { name: "cover.png", mimeType: "image/png", buffer };
}

// Changes the catalogue, so it runs after the tests that count its pages (playwright.config.ts).
test("a course's picture is uploaded on Add Service, with and without JavaScript", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  await signUpDirectly(page, { name: "Uploading Una" });

  const addWithPicture = async (target: typeof page, name: string, colour: string) => {
    await target.goto("/add-service");
    await target.getByLabel("Service Name").fill(name);
    await target.getByLabel("Price").fill("25");
    await target.getByLabel("Description").fill("A course whose picture was uploaded.");
    await target.getByLabel("Image file").setInputFiles(await png(colour));
    await target.getByRole("button", { name: "Submit" }).click();
    await expect(target).toHaveURL(/\/services$/);
    const details = target.getByRole("link", { name: `Details of ${name}` }).first();
    await target.goto((await details.getAttribute("href")) ?? "");
    const picture = target.getByRole("img", { name });
    await expect(picture).toHaveAttribute("src", /^\/images\/uploads\/[0-9a-f-]{36}-900\.webp$/);
    await expect(picture).toHaveAttribute("srcset", /-400\.webp 400w, .*-900\.webp 900w$/);
    // The browser picked one of the widths and decoded it.
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  };

  await page.goto("/add-service");
  await expectAccessible(page);
  await addWithPicture(page, "Uploaded Picture Course", "#2255aa");
  await expectAccessible(page);

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "x-forwarded-for": "10.245.0.1" },
  });
  const noScript = await plain.newPage();
  await addWithPicture(noScript, "Uploaded Without Script", "#aa5522");
  await plain.close();
});

test("a course picture that fails to load gives way to the cover", async ({ page, browser }) => {
  test.slow();
  await page.goto("/");
  await signUpDirectly(page, { name: "Broken Link Bo" });
  await page.goto("/add-service");
  await page.getByLabel("Service Name").fill("Broken Picture Course");
  await page.getByLabel("Price").fill("15");
  await page.getByLabel("Image Url").fill(new URL("/images/no-such-picture.jpg", page.url()).href);
  await page.getByLabel("Description").fill("A course whose picture is gone.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Successfully added a service")).toBeVisible();
  const courseUrl = await page
    .getByRole("link", { name: "Details of Broken Picture Course" })
    .getAttribute("href");

  // With JavaScript: the image shows the course's cover instead (it failed before hydration).
  await page.goto(courseUrl ?? "");
  const picture = page.getByRole("img", { name: "Broken Picture Course" });
  await expect(picture).toHaveAttribute("src", /^\/images\/services\/course\.svg(\?v=[\w-]+)?$/);
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page);

  // Without JavaScript: the cover is the background under the failed image.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(courseUrl ?? "");
  const failed = noScript.getByRole("img", { name: "Broken Picture Course" });
  await expect
    .poll(() =>
      failed.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 0),
    )
    .toBe(true);
  expect(await failed.evaluate((image) => getComputedStyle(image).backgroundImage)).toContain(
    "/images/services/course.svg",
  );
  await plain.close();
});
