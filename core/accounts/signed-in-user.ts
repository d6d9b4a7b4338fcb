/** Who is signed in, however they proved it (a session cookie or an API token). */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** The profile photo's address, or null for none. */
  image: string | null;
  /** Whether they may run the site (core/accounts/owners.server.ts): the role, with two-factor sign-in on. */
  isOwner: boolean;
  /** Signing in asks for a code after the password (decision 0032). */
  twoFactorEnabled: boolean;
  /** Holds the owner role but has not turned two-factor sign-in on yet, so /admin leads there. */
  ownerNeedsSecondFactor: boolean;
}
