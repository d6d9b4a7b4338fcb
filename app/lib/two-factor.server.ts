import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import { TOTP_CODE } from "../../core/accounts/two-factor.server.ts";
import { SITE_NAME } from "../../core/site/site.ts";
import type { AppContext } from "../context.server.ts";
import { authResponse } from "./auth-call.server.ts";

/** What the setup step shows: the secret as a QR code, as a key to type, and the backup codes. */
export interface TwoFactorSetup {
  /** An SVG QR code of the otpauth:// address, as a data: URL for an <img>. */
  qrCode: string;
  /** The same secret in Base32, in groups of four, for apps that cannot scan. */
  key: string;
  backupCodes: string[];
}

/**
 * The pending secret (made by Better Auth's enable, encrypted with AUTH_SECRET) shown so an app
 * can take it: read on each visit of the setup page rather than carried in a form, so that a
 * wrong confirming code can simply show the page again.
 */
export async function twoFactorSetup(
  { auth }: Pick<AppContext, "auth">,
  { userId, email, encryptedSecret }: { userId: string; email: string; encryptedSecret: string },
): Promise<TwoFactorSetup> {
  const { secretConfig } = await auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: encryptedSecret });
  const address = createOTP(secret).url(SITE_NAME, email);
  const svg = await QRCode.toString(address, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return {
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    key: (base32.encode(secret, { padding: false }).match(/.{1,4}/g) ?? []).join(" "),
    backupCodes,
  };
}

/** How many unused backup codes the account has left. */
export async function backupCodesLeft({ auth }: Pick<AppContext, "auth">, userId: string) {
  try {
    return (await auth.api.viewBackupCodes({ body: { userId } })).backupCodes.length;
  } catch {
    return 0;
  }
}

/**
 * Checks a code with Better Auth: six digits against the app's secret, anything else as a
 * backup code (used up by the check). With the two-factor cookie of a pending sign-in it
 * completes the sign-in (the answer sets the session cookie); with a session it only checks.
 */
export function verifyCode(
  { auth, authHeaders }: Pick<AppContext, "auth" | "authHeaders">,
  request: Request,
  code: string,
): Promise<Response> {
  const headers = authHeaders(request);
  return authResponse(
    TOTP_CODE.test(code)
      ? auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
      : auth.api.verifyBackupCode({ body: { code }, headers, asResponse: true }),
  );
}
