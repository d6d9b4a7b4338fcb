import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { NavLink, Route, Link as RouterLink, Routes, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, ServerLink, ServerNavLink } from "./links.tsx";

/** The page at `location` with `element` rendered inside a matched route, as on the server. */
function render(location: string, element: ReactNode): string {
  return renderToString(
    <StaticRouter location={location}>
      <Routes>
        <Route path="/services/:id" element={element} />
        <Route path="*" element={element} />
      </Routes>
    </StaticRouter>,
  );
}

const linkCases: [string, Parameters<typeof ServerLink>[0]][] = [
  ["the home page", { to: "/" }],
  ["a section", { to: "/services", className: "link" }],
  ["a query", { to: "/services/abc?page=2&sort=newest" }],
  ["a query and a fragment", { to: "/my-reviews?confirm=x#top", "aria-label": "Delete" }],
  ["a new window", { to: "/terms", target: "_blank", rel: "noreferrer" }],
  ["no discovery", { to: "/privacy", discover: "none" }],
  ["scroll kept", { to: "/services?page=3", preventScrollReset: true, replace: true }],
  ["another query of the page", { to: "?page=2&sort=highest" }],
  ["another query and a fragment", { to: "?sort=lowest#reviews-heading" }],
  ["no query, a fragment", { to: "?#reviews-heading", preventScrollReset: true }],
  ["a fragment alone", { to: "#top" }],
  ["an empty query", { to: "?" }],
  ["an empty fragment", { to: "#" }],
  // React Router's own, below: the path is not written as it stands, or more than an anchor.
  ["prefetching", { to: "/services", prefetch: "intent" }],
  ["a relative path", { to: "reviews" }],
  ["a parent path", { to: "../x" }],
  ["a dot segment", { to: "/a/./b" }],
  ["a double slash", { to: "/a//b" }],
  ["a trailing slash", { to: "/services/" }],
  ["a path with an empty query", { to: "/services?" }],
  ["another site", { to: "https://example.com/x" }],
  ["a protocol-relative address", { to: "//example.com/x" }],
  ["a path object", { to: { pathname: "/services", search: "?page=2" } }],
  ["a full reload", { to: "/services", reloadDocument: true }],
];

const navLinkCases: [string, Parameters<typeof ServerNavLink>[0]][] = [
  ["home, not ended", { to: "/" }],
  ["home, ended", { to: "/", end: true }],
  ["the section of the page", { to: "/services", className: "nav" }],
  ["the page itself, ended", { to: "/services/abc", end: true }],
  ["the page in capitals", { to: "/SERVICES/abc" }],
  ["the page in capitals, case-sensitive", { to: "/SERVICES/abc", caseSensitive: true }],
  ["a path that only starts the same", { to: "/serv" }],
  ["another section", { to: "/blog" }],
  ["with a query", { to: "/services?page=2" }],
  [
    "class, style and children from the state",
    {
      to: "/services",
      className: ({ isActive }) => (isActive ? "on" : "off"),
      style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
      children: ({ isActive }) => (isActive ? "Here" : "There"),
    },
  ],
  ["another aria-current", { to: "/services", "aria-current": "step" }],
  ["a relative path", { to: "abc" }],
];

describe("links rendered on the server", () => {
  it.each(linkCases)("<Link> to %s is React Router's markup", (_, props) => {
    const children = "Go";
    for (const location of ["/services/abc", "/services/a%20b/", "/"]) {
      expect(render(location, <ServerLink {...props}>{children}</ServerLink>)).toBe(
        render(location, <RouterLink {...props}>{children}</RouterLink>),
      );
    }
  });

  it.each(navLinkCases)("<NavLink> to %s is React Router's markup", (_, props) => {
    for (const location of ["/services/abc", "/", "/blog/first"]) {
      const children = props.children ?? "Go";
      expect(render(location, <ServerNavLink {...props}>{children}</ServerNavLink>)).toBe(
        render(location, <NavLink {...props}>{children}</NavLink>),
      );
    }
  });

  it("takes the plain anchor for the site's own paths", () => {
    for (const to of ["/", "/services", "/services/abc?page=2", "/my-reviews?confirm=x#top"])
      expect(isPlainPath(to)).toBe(true);
    for (const to of ["reviews", "/a//b", "/a/../b", "/services/", "//x.example", "/x?", "/x#"])
      expect(isPlainPath(to)).toBe(false);
  });
});
