import { Form, NavLink } from "react-router";
import { Avatar } from "./avatar.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-800"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

interface HeaderUser {
  name: string;
  image: string | null;
  isOwner: boolean;
}

/**
 * The navigation: Home, Blog and Contact always; then 'My Review', 'My Courses', 'Add Service', 'Admin' (for
 * an owner) and 'Log Out' for a signed-in user, or 'Login'; the avatar with the user's photo or
 * the default icon.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
        <NavLink
          to="/"
          className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-900"
        >
          <img src="/favicon.svg" alt="" className="size-8" width="32" height="32" />
          IELTS Hub
        </NavLink>
        {/* On phones the avatar stays on the brand's row and the links take the next one. */}
        <nav
          aria-label="Main"
          className="order-last -mx-3 flex w-full flex-wrap items-center gap-1 sm:order-none sm:mx-0 sm:ml-auto sm:w-auto"
        >
          <NavLink to="/" end className={linkClass}>
            Home
          </NavLink>
          <NavLink to="/blog" className={linkClass}>
            Blog
          </NavLink>
          <NavLink to="/contact" className={linkClass}>
            Contact
          </NavLink>
          {user ? (
            <>
              <NavLink to="/my-reviews" className={linkClass}>
                My Review
              </NavLink>
              <NavLink to="/my-courses" className={linkClass}>
                My Courses
              </NavLink>
              <NavLink to="/add-service" className={linkClass}>
                Add Service
              </NavLink>
              {user.isOwner && (
                <NavLink to="/admin" className={linkClass}>
                  Admin
                </NavLink>
              )}
              <Form method="post" action="/logout">
                <button type="submit" className={linkClass({ isActive: false })}>
                  Log Out
                </button>
              </Form>
            </>
          ) : (
            <NavLink to="/login" className={linkClass}>
              Login
            </NavLink>
          )}
        </nav>
        <span className="ml-auto sm:ml-2">
          <Avatar photoUrl={user?.image} name={user?.name} />
        </span>
      </div>
    </header>
  );
}
