/** A message for a toast (SPEC's texts); shared by the server that sets it and the page. */
export interface Toast {
  type: "success" | "error" | "message";
  message: string;
}
