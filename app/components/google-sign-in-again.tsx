import { GoogleButton } from "./google-button.tsx";

/**
 * For an account without a password whose sign-in is not recent enough for what it asked
 * (setting a password, deleting the account): why, and Google's sign-in that comes back here.
 */
export function GoogleSignInAgain({
  why,
  googleSignIn,
  returnTo,
  className = "space-y-4 text-slate-700",
}: {
  why: string;
  googleSignIn: boolean;
  returnTo: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p>Your account signs in with Google and has no password here. {why}</p>
      {googleSignIn && <GoogleButton label="Sign in with Google again" redirectTo={returnTo} />}
    </div>
  );
}
