/**
 * Where a redirect may lead: a path on this site, read the way a browser would read it. Every
 * redirect target the site accepts from a request (`redirectTo` on the login pages, Better Auth's
 * `callbackURL` and friends) goes through here, so one rule decides them all.
 *
 * The target is normalised first, then judged: a check on the raw text misses forms a browser
 * (or a router that decodes the path) turns into another host, e.g. `/..//evil.example` →
 * `//evil.example`, `/%2e%2e/%2fevil.example`, `/\evil.example`, `/\t/evil.example`.
 */

/** Browsers drop these anywhere in a URL before parsing it (WHATWG URL, "ASCII tab or newline"). */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** …and strip these from both ends ("C0 control or space"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const LEADING_OR_TRAILING_CONTROL = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** Any control character left inside is no part of a link anyone meant to send. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** Percent-encoded dots, slashes and backslashes: decoded, since some reader on the way will. */
const ENCODED_DOT_OR_SEPARATOR = /%(2e|2f|5c)/gi;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const PARSE_BASE = "http://same-site.invalid";

function decodeSeparators(path: string): string {
  return path.replace(ENCODED_DOT_OR_SEPARATOR, (encoded) =>
    String.fromCharCode(Number.parseInt(encoded.slice(1), 16)),
  );
}

/** RFC 3986 §5.2.4: `.` and `..` segments resolved, as a browser does before requesting. */
export function removeDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split("/").slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "..") {
      if (output.length > 0) output.pop();
      if (last) output.push("");
    } else if (segment === ".") {
      if (last) output.push("");
    } else {
      output.push(segment);
    }
  });
  return `/${output.join("/")}`;
}

/**
 * The normalised same-site path (with its query and fragment) that `target` leads to, or
 * undefined when it could lead anywhere else. With `origin` (the site's public origin, e.g.
 * BASE_URL), an absolute URL on that origin is accepted too and given back as its path.
 */
export function sameSitePath(target: unknown, { origin }: { origin?: string } = {}) {
  if (typeof target !== "string") return undefined;
  let value = target.replace(TAB_OR_NEWLINE, "").replace(LEADING_OR_TRAILING_CONTROL, "");
  if (CONTROL_CHARACTER.test(value)) return undefined;

  if (SCHEME.test(value)) {
    if (!origin) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    // Only http(s) URLs written out in full (`https://host/…`) on our own origin count.
    if (url.origin !== new URL(origin).origin || !/^https?:\/\//i.test(value)) return undefined;
    value = `${url.pathname}${url.search}${url.hash}`;
  }

  const pathEnd = value.search(/[?#]/);
  const rawPath = pathEnd === -1 ? value : value.slice(0, pathEnd);
  const rest = pathEnd === -1 ? "" : value.slice(pathEnd);
  // Browsers read a backslash in an http(s) path as a slash.
  const path = removeDotSegments(decodeSeparators(rawPath).replaceAll("\\", "/"));
  if (!rawPath.startsWith("/") && !rawPath.startsWith("\\")) return undefined;
  // Two slashes in front name a host (`//evil.example`), whatever came before normalising.
  if (path.startsWith("//")) return undefined;

  let url: URL;
  try {
    url = new URL(`${path}${rest}`, PARSE_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== PARSE_BASE || url.pathname.startsWith("//")) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
