/**
 * What a log line may say of a request: never a token, password, code or whole e-mail address,
 * wherever in the address it came (a reset link's token, a newsletter link's, an OAuth code, an
 * address typed into a search). Logs are read by more people, and kept longer, than the database.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose values are secrets or personal: matched whole or as part of the name. */
const SECRET_PARAMETER =
  /token|password|passwd|secret|code|email|mail|otp|key|signature|state|session/i;

/** Paths whose last segment is itself a secret: Better Auth's reset link carries its token so. */
const SECRET_SEGMENT_AFTER = ["/api/auth/reset-password/"];

/** An e-mail address written plainly or %-encoded, inside a path or any other text. */
const EMAIL_ADDRESS = /([^\s/?&=#"'<>,;:@]+)(?:@|%40)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/gi;

/** Most paths hold no address: those skip the search for one. */
const MAY_HOLD_ADDRESS = /@|%40/i;

/** `john@example.com` → `j***@example.com`: whether one address is tried again still shows. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return REDACTED;
  return `${address[0]}***${address.slice(at)}`;
}

/** Any e-mail address in free text (an error's message, a path) masked as maskEmail does. */
export function maskEmailsIn(text: string): string {
  return text.replace(
    EMAIL_ADDRESS,
    (_, local: string, domain: string) => `${local[0]}***@${domain}`,
  );
}

/** A request's target (path and query) as a log line may show it. */
export function redactTarget(target: string): string {
  const queryAt = target.indexOf("?");
  let path = queryAt === -1 ? target : target.slice(0, queryAt);
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (path.startsWith(prefix) && path.length > prefix.length) path = prefix + REDACTED;
  }
  if (queryAt === -1) return MAY_HOLD_ADDRESS.test(path) ? maskEmailsIn(path) : path;
  const query = target
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      return SECRET_PARAMETER.test(nameOf(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join("&");
  return maskEmailsIn(`${path}?${query}`);
}

function nameOf(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}
