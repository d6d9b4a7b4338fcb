import type { ContactDetails, SocialLink } from "../../core/site/site-words.ts";
import { ContactDetailsList, hasContactDetails, SocialLinksList } from "./contact-details.tsx";
import { Link } from "./links.tsx";

/** Every entry leads to a real page; the copyright stays 2022, as the original site had it. */
const columns = [
  {
    heading: "Courses",
    links: [
      // The catalogue narrowed to one IELTS module (all courses until /services filters by it).
      { label: "Academic module", to: "/services?module=academic" },
      { label: "General Training", to: "/services?module=general" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About me", to: "/about" },
      { label: "Contact", to: "/contact" },
      // The JSON API's reference, for developers.
      { label: "API", to: "/api/docs" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Terms of use", to: "/terms" },
      { label: "Privacy policy", to: "/privacy" },
      { label: "Cookie policy", to: "/privacy#cookies" },
    ],
  },
];

const FOOTER_LINK = "text-slate-200 underline underline-offset-2 hover:text-white";

/** `words`: the contact details and social links from the root loader (none on an error page). */
export function SiteFooter({
  words,
}: {
  words?: { contact: ContactDetails; socialLinks: SocialLink[] } | undefined;
}) {
  return (
    <footer data-surface="dark" className="mt-16 bg-brand-900 text-slate-200">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">IELTS Hub</p>
          <p className="mt-2 text-sm text-slate-300">
            Preparation courses for the IELTS test, taught by an experienced teacher.
          </p>
          {words && hasContactDetails(words.contact) && (
            <ContactDetailsList
              contact={words.contact}
              className="mt-4 space-y-2 text-sm text-slate-200"
              termClassName="font-semibold text-slate-300"
              linkClassName={FOOTER_LINK}
            />
          )}
          {words && words.socialLinks.length > 0 && (
            <SocialLinksList links={words.socialLinks} linkClassName={FOOTER_LINK} />
          )}
        </div>
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-300">
              {column.heading}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-slate-200 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-slate-300">
        © 2022 IELTS Hub. All rights reserved.
      </p>
    </footer>
  );
}
