/**
 * The last-resort page for an error outside React's rendering (React Router renders its own
 * error boundary for errors inside routes). Plain HTML with no details of the failure.
 */
export const errorPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Something went wrong - IELTS Hub</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937">
<main><h1>Something went wrong on our side.</h1>
<p>Please try again in a moment. If it keeps happening, let us know through the contact page.</p>
<p><a href="/">Back to homepage</a></p></main>
</body></html>`;
