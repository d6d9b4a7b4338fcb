import { createContext, useContext } from "react";

/**
 * The id of the request a page was rendered for (its X-Request-Id), given by the server's entry
 * (app/entry.server.tsx) so that an error page can ask for it to be quoted.
 */
export const RequestReference = createContext<string | undefined>(undefined);

/**
 * "Quote this reference: …", which finds the failure's lines in the server's log. Only the server
 * knows the id: the browser, hydrating, keeps the server's words instead of emptying them.
 */
export function ReferenceToQuote() {
  const reference = useContext(RequestReference);
  return (
    <p className="mt-2 text-slate-600" suppressHydrationWarning>
      {reference ? `Quote this reference: ${reference}` : ""}
    </p>
  );
}
