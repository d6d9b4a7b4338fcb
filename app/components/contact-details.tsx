import {
  type ContactDetails,
  SOCIAL_NETWORKS,
  type SocialLink,
  telLink,
} from "../../core/site/site-words.ts";

/** Whether the owner set any way to reach them besides the form. */
export function hasContactDetails(contact: ContactDetails): boolean {
  return Object.values(contact).some((value) => value !== "");
}

/**
 * The contact details the owner set on /admin/site, each under its name, the ones left empty
 * left out: on /contact and in the footer.
 */
export function ContactDetailsList({
  contact,
  className,
  linkClassName,
  termClassName,
}: {
  contact: ContactDetails;
  className?: string;
  linkClassName: string;
  termClassName: string;
}) {
  const entries = [
    {
      term: "E-mail",
      value: contact.email && (
        <a href={`mailto:${contact.email}`} className={linkClassName}>
          {contact.email}
        </a>
      ),
    },
    {
      term: "Phone",
      value: contact.phone && (
        <a href={telLink(contact.phone)} className={linkClassName}>
          {contact.phone}
        </a>
      ),
    },
    { term: "Address", value: contact.address },
    { term: "Opening hours", value: contact.openingHours },
  ].filter((entry) => entry.value);
  return (
    <dl className={className}>
      {entries.map((entry) => (
        <div key={entry.term}>
          <dt className={termClassName}>{entry.term}</dt>
          {/* Addresses and hours keep the lines they were typed in. */}
          <dd className="whitespace-pre-line">{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The teacher's profiles elsewhere, each named by its network. */
export function SocialLinksList({
  links,
  linkClassName,
}: {
  links: SocialLink[];
  linkClassName: string;
}) {
  return (
    <ul aria-label="The teacher elsewhere" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {links.map((link) => (
        <li key={`${link.network} ${link.url}`}>
          {/* `me`: the profile is the teacher's own; the other site learns nothing of this page. */}
          <a href={link.url} rel="me noopener noreferrer" className={linkClassName}>
            {SOCIAL_NETWORKS[link.network]}
          </a>
        </li>
      ))}
    </ul>
  );
}
