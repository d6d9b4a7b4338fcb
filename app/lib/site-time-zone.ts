import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE } from "../../core/site/time-zones.ts";

/**
 * The site's time zone (an IANA name, set on /admin), which every date a visitor reads is shown
 * in (decision 0055). The root loader reads it with the footer's words, in the one query every
 * page makes, so the server and the browser format the same instant to the same day.
 */
export function useSiteTimeZone(): string {
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  return root?.timeZone ?? DEFAULT_TIME_ZONE;
}
