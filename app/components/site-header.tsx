import { Form } from "react-router";
import { Avatar } from "./avatar.tsx";
import { DisclosureMenu } from "./disclosure-menu.tsx";
import { ChevronIcon, LogoIcon, MenuIcon } from "./icons.tsx";
import { NavLink } from "./links.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2.5 text-sm font-semibold transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-800"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

interface HeaderUser {
  name: string;
  email: string;
  image: string | null;
  isOwner: boolean;
  ownerNeedsSecondFactor: boolean;
}

/** The site's sections, and 'Login' for a visitor: in the bar on wide screens, behind 'Menu' on phones. */
function SiteLinks({ signedIn, className }: { signedIn: boolean; className: string }) {
  return (
    <ul className={className}>
      <li>
        <NavLink to="/" end className={linkClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/services" className={linkClass}>
          Courses
        </NavLink>
      </li>
      <li>
        <NavLink to="/writing" className={linkClass}>
          Writing
        </NavLink>
      </li>
      <li>
        <NavLink to="/blog" className={linkClass}>
          Blog
        </NavLink>
      </li>
      <li>
        <NavLink to="/contact" className={linkClass}>
          Contact
        </NavLink>
      </li>
      {!signedIn && (
        <li>
          <NavLink to="/login" className={linkClass}>
            Login
          </NavLink>
        </li>
      )}
    </ul>
  );
}

/**
 * The signed-in person's menu, opened from their avatar: who is signed in, then 'Account' (name,
 * e-mail, password, devices), 'My Review', 'My Courses', 'Add Service', 'Admin' (for an owner)
 * and 'Log Out', which stays a POST form.
 */
function AccountMenu({ user }: { user: HeaderUser }) {
  return (
    <DisclosureMenu
      label={`Account menu of ${user.name}`}
      className="relative"
      summaryClassName="gap-1 rounded-full p-0.5 text-slate-600 hover:text-slate-900"
      summary={
        <>
          <Avatar photoUrl={user.image} name={user.name} />
          <ChevronIcon className="size-4" />
        </>
      }
      panelClassName="absolute right-0 top-full z-30 mt-2 w-60 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
    >
      <p className="border-b border-slate-200 px-3 pt-1 pb-3">
        <span dir="auto" className="block font-semibold wrap-anywhere text-slate-900">
          {user.name}
        </span>
        <span className="block text-sm wrap-anywhere text-slate-600">{user.email}</span>
      </p>
      <ul className="mt-2 space-y-0.5">
        <li>
          <NavLink to="/account" end className={linkClass}>
            Account
          </NavLink>
        </li>
        <li>
          <NavLink to="/my-reviews" className={linkClass}>
            My Review
          </NavLink>
        </li>
        <li>
          <NavLink to="/my-courses" className={linkClass}>
            My Courses
          </NavLink>
        </li>
        <li>
          <NavLink to="/add-service" className={linkClass}>
            Add Service
          </NavLink>
        </li>
        {/* An owner without two-factor sign-in sees Admin too: it leads to turning it on. */}
        {(user.isOwner || user.ownerNeedsSecondFactor) && (
          <li>
            <NavLink to="/admin" className={linkClass}>
              Admin
            </NavLink>
          </li>
        )}
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={`w-full text-left ${linkClass({ isActive: false })}`}>
              Log Out
            </button>
          </Form>
        </li>
      </ul>
    </DisclosureMenu>
  );
}

/**
 * The navigation bar, one row at every width: the brand, the site's sections (a 'Menu' button on
 * phones) and the avatar, which opens the account menu for a signed-in person. A visitor's avatar
 * is the default icon and opens nothing: 'Login' sits beside it.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="container-page flex items-center gap-2 py-2.5">
        <NavLink
          to="/"
          className="mr-auto flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-900"
        >
          <LogoIcon />
          IELTS Hub
        </NavLink>
        <nav aria-label="Main" className="flex items-center gap-2">
          {/* Six links and the avatar fit one row from 768 pixels; narrower, 'Menu' holds them. */}
          <SiteLinks signedIn={user !== null} className="hidden items-center gap-1 md:flex" />
          {/* The panel spans the header (its nearest positioned ancestor) below the bar. */}
          <DisclosureMenu
            label="Menu"
            className="md:hidden"
            summaryClassName="gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
            summary={
              <>
                <MenuIcon />
                Menu
              </>
            }
            panelClassName="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white shadow-lg"
          >
            <SiteLinks signedIn={user !== null} className="container-page space-y-0.5 py-2" />
          </DisclosureMenu>
          {user ? <AccountMenu user={user} /> : <Avatar photoUrl={null} name={undefined} />}
        </nav>
      </div>
    </header>
  );
}
