/** Who is signed in, however they proved it (a session cookie or an API token). */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** The profile photo's address, or null for none. */
  image: string | null;
  /** Whether they may run the site (core/owners.server.ts). */
  isOwner: boolean;
}
