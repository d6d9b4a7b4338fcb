import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { getEveryPageSettings } from "../core/site/site-words.server.ts";
import type { Route } from "./+types/root";
import { EmailVerificationBanner } from "./components/email-verification-banner.tsx";
import { FlashToast } from "./components/flash-toast.tsx";
import { Gone } from "./components/gone.tsx";
import { Spinner } from "./components/icons.tsx";
import { NotFound } from "./components/not-found.tsx";
import { ReferenceToQuote } from "./components/request-reference.tsx";
import { RouteFocus } from "./components/route-focus.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { SiteToaster } from "./components/site-toaster.tsx";
import { appContext } from "./context.server.ts";
import { getSessionUser } from "./lib/session.server.ts";
import { takeToast } from "./lib/toast.server.ts";
import { versioned } from "./lib/versioned.ts";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: versioned("/favicon.svg"), type: "image/svg+xml" },
  // Every page names the blog's feed, so a reader finds it from any address of the site.
  {
    rel: "alternate",
    type: "application/atom+xml",
    title: "IELTS Hub blog",
    href: "/blog/feed.xml",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, emailVerified, headers } = getSessionUser(context);
  const { googleSignIn, baseUrl, db } = context.get(appContext);
  // The footer's contact details and links, as the owner set them on /admin/site, and the site's
  // time zone, which every date on the pages is shown in (app/lib/site-time-zone.ts).
  const [{ toast, clear }, { footer, timeZone }] = await Promise.all([
    takeToast(request),
    getEveryPageSettings(db),
  ]);
  const responseHeaders = new Headers();
  for (const cookie of headers.getSetCookie()) responseHeaders.append("Set-Cookie", cookie);
  if (clear) responseHeaders.append("Set-Cookie", clear);
  // The public origin, for every page's canonical link and sharing tags (app/lib/meta.ts).
  const askToConfirmEmail = user !== null && !emailVerified;
  return data(
    { user, askToConfirmEmail, toast, googleSignIn, siteUrl: baseUrl, footer, timeZone },
    { headers: responseHeaders },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Says the page is hydrated, error pages too (hydration waits for the first paint, app/lib/deferred-hydration.server.ts):
  // the end-to-end tests wait for it before they use what only JavaScript adds.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the stylesheet first in <head>, before the script
            preloads, so the browser asks for it first: the page cannot paint before it arrives.
            (A <link> from `links` comes after them, queued behind a dozen scripts.) */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* The link moves the focus onto the main content (a browser without scripts moves only
            where the next Tab starts, which lands inside it too). Main takes the focus only for
            that moment: a focusable <main> made axe's checks of a long page several times slower. */}
        {/* biome-ignore lint/a11y/useValidAnchor: a link to the page's own #main, which works without scripts; the click only adds moving the focus. */}
        <a
          href="#main"
          onClick={() => {
            const main = document.getElementById("main");
            if (!main) return;
            main.setAttribute("tabindex", "-1");
            main.addEventListener("blur", () => main.removeAttribute("tabindex"), { once: true });
            main.focus();
          }}
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader user={rootData?.user ?? null} />
        {rootData?.askToConfirmEmail && <EmailVerificationBanner />}
        <FlashToast flash={rootData?.toast} />
        <main id="main" className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter words={rootData?.footer} />
        <SiteToaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** While the next page's data loads in the browser, say so (a spinner while loading). */
function PendingIndicator() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="fixed inset-x-0 top-0 z-40 flex justify-center">
      <div className="mt-2 rounded-full bg-white px-4 py-2 shadow-lg ring-1 ring-slate-200">
        <Spinner />
      </div>
    </div>
  );
}

export default function App() {
  return (
    <>
      <PendingIndicator />
      <RouteFocus />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A deleted post's address: the page says it was removed, not that it never was.
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <>
        <title>Post removed - IELTS Hub</title>
        <meta name="description" content="This post was removed from the IELTS Hub blog." />
        <Gone />
      </>
    );
  }
  // A bad path, id or request (any 4xx) shows the 404 page; its status stays the real one.
  if (isRouteErrorResponse(error) && error.status < 500) {
    return (
      <>
        <title>Page not found - IELTS Hub</title>
        <meta name="description" content="This page does not exist on IELTS Hub." />
        <NotFound />
      </>
    );
  }
  // Anything else is our fault: say so plainly and leak no detail of what failed (the server
  // logged it with the request's id: app/entry.server.tsx).
  return (
    <>
      <title>Something went wrong - IELTS Hub</title>
      <section className="container-page py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong on our side.</h1>
        <p className="mt-2 text-slate-600">Please try again in a moment.</p>
        <ReferenceToQuote />
        <a href="/" className="btn-primary mt-8">
          Back to homepage
        </a>
      </section>
    </>
  );
}
