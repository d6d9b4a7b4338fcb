/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, speaking the real
 * protocol: the authorization endpoint (an account chooser page), the token endpoint
 * (authorization code + PKCE S256 + client_secret_post) issuing an RS256-signed ID token, and the
 * JWKS. The end-to-end tests run it and point the site at it with GOOGLE_OAUTH_STAND_IN.
 *   node tests/support/google-stand-in.ts <port> <client id> <client secret>
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

const [portArg, clientId = "stand-in-client", clientSecret = "stand-in-secret"] =
  process.argv.slice(2);
const port = Number(portArg ?? 3311);
const { publicKey, privateKey } = await generateKeyPair("RS256");
const jwk = { ...(await exportJWK(publicKey)), kid: "stand-in-key", alg: "RS256", use: "sig" };

interface Grant {
  redirectUri: string;
  codeChallenge: string;
  email: string;
  name: string;
  nonce?: string;
  used: boolean;
}
const grants = new Map<string, Grant>();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const base64url = (buffer: Buffer) => buffer.toString("base64url");

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(response: ServerResponse, status: number, body: string, type = "application/json") {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

function oauthError(response: ServerResponse, error: string, description: string) {
  send(response, 400, JSON.stringify({ error, error_description: description }));
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", `http://localhost:${port}`);

  if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
    const p = url.searchParams;
    const problems = [
      p.get("response_type") !== "code" && "response_type must be code",
      p.get("client_id") !== clientId && "unknown client_id",
      !p.get("redirect_uri") && "redirect_uri is required",
      !p.get("state") && "state is required",
      p.get("code_challenge_method") !== "S256" && "PKCE with S256 is required",
      !p.get("scope")?.split(" ").includes("openid") && "scope must include openid",
    ].filter(Boolean);
    if (problems.length)
      return send(response, 400, `Bad request: ${problems.join(", ")}`, "text/plain");
    const hidden = ["redirect_uri", "state", "code_challenge", "nonce"]
      .map(
        (name) => `<input type="hidden" name="${name}" value="${escapeHtml(p.get(name) ?? "")}">`,
      )
      .join("");
    return send(
      response,
      200,
      `<!doctype html><html lang="en"><head><title>Choose an account - Google stand-in</title></head><body><main><h1>Choose an account</h1><form method="post" action="/o/oauth2/v2/auth/approve">${hidden}<label>Email <input name="email" type="email" required></label><label>Name <input name="name" required></label><button type="submit">Continue</button></form></main></body></html>`,
      "text/html; charset=utf-8",
    );
  }

  if (request.method === "POST" && url.pathname === "/o/oauth2/v2/auth/approve") {
    const form = await readForm(request);
    const code = base64url(randomBytes(24));
    grants.set(code, {
      redirectUri: form.get("redirect_uri") ?? "",
      codeChallenge: form.get("code_challenge") ?? "",
      email: form.get("email") ?? "",
      name: form.get("name") ?? "",
      nonce: form.get("nonce") || undefined,
      used: false,
    });
    const target = new URL(form.get("redirect_uri") ?? "");
    target.searchParams.set("code", code);
    target.searchParams.set("state", form.get("state") ?? "");
    response.writeHead(302, { location: target.toString() });
    return response.end();
  }

  if (request.method === "POST" && url.pathname === "/token") {
    const form = await readForm(request);
    const grant = grants.get(form.get("code") ?? "");
    if (form.get("grant_type") !== "authorization_code")
      return oauthError(response, "unsupported_grant_type", "");
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return oauthError(response, "invalid_client", "client authentication failed");
    }
    if (!grant || grant.used) return oauthError(response, "invalid_grant", "unknown or used code");
    grant.used = true;
    if (form.get("redirect_uri") !== grant.redirectUri)
      return oauthError(response, "invalid_grant", "redirect_uri mismatch");
    const challenge = base64url(
      createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest(),
    );
    if (challenge !== grant.codeChallenge)
      return oauthError(response, "invalid_grant", "PKCE verification failed");
    const sub = createHash("sha256").update(grant.email).digest("hex").slice(0, 21);
    const idToken = await new SignJWT({
      email: grant.email,
      email_verified: true,
      name: grant.name,
      // Google's photos are https; a data: URL stands in without another host in the page's CSP.
      picture: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#34a853"/></svg>').toString("base64")}`,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
      .setIssuer("https://accounts.google.com")
      .setAudience(clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    return send(
      response,
      200,
      JSON.stringify({
        access_token: base64url(randomBytes(24)),
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid email profile",
        id_token: idToken,
      }),
    );
  }

  if (request.method === "GET" && url.pathname === "/oauth2/v3/certs") {
    return send(response, 200, JSON.stringify({ keys: [jwk] }));
  }

  send(response, 404, JSON.stringify({ error: "not_found" }));
}).listen(port, () => console.log(`Google stand-in on http://localhost:${port}`));
