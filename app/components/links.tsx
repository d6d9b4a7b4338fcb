import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;
type NavLinkProps = ComponentProps<typeof RouterNavLink>;

/**
 * A path React Router would write into `href` unchanged: absolute, one slash between segments,
 * no `.` or `..` segment, no trailing slash (but `/`), no empty `?` or `#`.
 */
const PLAIN_PATH = /^\/(?:[^/?#\\.][^/?#\\]*(?:\/[^/?#\\.][^/?#\\]*)*)?(?:\?[^#]+)?(?:#.+)?$/;

export function isPlainPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && PLAIN_PATH.test(to);
}

/**
 * The `href` React Router writes for `to` on the page at `pathname`, when it is a plain path or
 * another query or fragment of this page (`?page=2#reviews`: the current path, an empty `?` or
 * `#` dropped); undefined for anything else.
 */
function plainHref(to: LinkProps["to"], pathname: string): string | undefined {
  if (typeof to !== "string") return undefined;
  if (PLAIN_PATH.test(to)) return to;
  if (!/^[?#]/.test(to)) return undefined;
  const hashAt = to.indexOf("#");
  const search = hashAt === -1 ? to : to.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : to.slice(hashAt);
  return pathname + (search === "?" ? "" : search) + (hash === "#" ? "" : hash);
}

/**
 * `<Link>` as React Router renders it on the server, for a plain path or another query or fragment
 * of the same page: the anchor alone. React Router's own resolves the path against the route
 * matches (a JSON round trip), and sets up prefetching and click handling, none of which shows in
 * the markup: about 6 µs a link, and a signed-in page has 20 to 35 of them. In the browser React
 * Router's `<Link>` hydrates the same markup (app/components/links.test.tsx compares the two).
 * Anything else goes to React Router's.
 */
export function ServerLink(props: LinkProps) {
  const { pathname } = useLocation();
  const {
    to,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    onClick,
    ...rest
  } = props;
  const href = plainHref(to, pathname);
  if (href === undefined || reloadDocument || prefetch !== "none" || mask) {
    return <RouterLink {...props} />;
  }
  return (
    <a
      {...rest}
      href={href}
      target={target}
      data-discover={discover === "render" ? "true" : undefined}
    />
  );
}

/**
 * `<NavLink>` as React Router renders it on the server, for a plain path: active (with
 * `aria-current` and the `active` class or the class function's answer) by React Router's rule,
 * never pending or transitioning, as nothing navigates on the server.
 */
export function ServerNavLink(props: NavLinkProps) {
  const location = useLocation();
  const {
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className = "",
    end = false,
    style,
    to,
    viewTransition,
    children,
    ...rest
  } = props;
  if (!isPlainPath(to) || rest.relative) return <RouterNavLink {...props} />;
  let toPathname = to.replace(/[?#].*$/, "");
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    locationPathname = locationPathname.toLowerCase();
  }
  const isActive =
    locationPathname === toPathname ||
    (!end &&
      locationPathname.startsWith(toPathname) &&
      locationPathname.charAt(toPathname.length) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(renderProps)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(renderProps) : style}
      to={to}
    >
      {typeof children === "function" ? children(renderProps) : children}
    </ServerLink>
  );
}

/** React Router's `<Link>`: rendered as its plain anchor on the server (see ServerLink). */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
/** React Router's `<NavLink>`: rendered as its plain anchor on the server (see ServerNavLink). */
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
