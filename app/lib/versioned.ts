import versions from "virtual:public-file-versions";

/**
 * A public file's URL with its content version (`/favicon.svg?v=…`), which the server lets a
 * browser keep for a year: a changed file gets a new URL. Any other URL (an image elsewhere on
 * the web, a file the build did not know) comes back as it was.
 */
export function versioned(url: string): string {
  const version = versions[url];
  return version ? `${url}?v=${version}` : url;
}
