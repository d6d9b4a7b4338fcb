/** A message for a toast (the site's exact texts); shared by the server that sets it and the page. */
export interface Toast {
  type: "success" | "error" | "message";
  message: string;
  /** A short code shown after the message in small print (SPEC §8's login error code). */
  detail?: string;
}
