/**
 * Plain pages for answers given before React renders anything: a refused request (too large,
 * not a form, from another site, the server too busy) or an error outside React's rendering.
 * No details of a failure ever reach the page.
 */
export function statusPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} - IELTS Hub</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937">
<main><h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Back to homepage</a></p></main>
</body></html>`;
}

/** What a person quotes when reporting a failure: the id of its request in the server's log. */
export function referenceSentence(reference: string | undefined): string {
  return reference ? ` Quote this reference: ${reference}` : "";
}

/** The 500 page outside React, with the request's id (well formed: no markup can come of it). */
export function errorPage(reference: string | undefined): string {
  return statusPage(
    "Something went wrong on our side.",
    `Please try again in a moment. If it keeps happening, let us know through the contact page.${referenceSentence(reference)}`,
  );
}
