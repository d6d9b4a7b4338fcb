import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { lastSiteWordChanges } from "../../core/site/site-word-changes.server.ts";
import { getSiteWords } from "../../core/site/site-words.server.ts";
import type { SiteWordSection } from "../../core/site/site-words.ts";
import { AboutSection } from "../components/admin/about-section.tsx";
import { AdminPageHeading } from "../components/admin/admin-page-heading.tsx";
import { ContactSection } from "../components/admin/contact-section.tsx";
import { FaqSection } from "../components/admin/faq-section.tsx";
import { HeroSection } from "../components/admin/hero-section.tsx";
import type { LastChange } from "../components/admin/last-change.tsx";
import { SocialLinksSection } from "../components/admin/social-links-section.tsx";
import { appContext } from "../context.server.ts";
import { aboutActions } from "../lib/admin/about.server.ts";
import { type AdminActions, field } from "../lib/admin/action.server.ts";
import { faqActions } from "../lib/admin/faq.server.ts";
import { SITE_WORDS_PAGE, siteWordActions } from "../lib/admin/site-words.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-site";

export const meta: Route.MetaFunction = () =>
  pageMeta("Site words", "The home page's hero, About Me, the FAQ, contact details and links.");

/** The owner's page for the site's words; anyone else gets the 404 page, as on /admin. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db } = context.get(appContext);
  const [words, changes, settings] = await Promise.all([
    getSiteWords(db),
    lastSiteWordChanges(db),
    getSiteSettings(db),
  ]);
  // Put into words here, in the teacher's zone: the browser's own would differ from the server's.
  const when = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: settings.timeZone,
  });
  const lastChanges = Object.fromEntries(
    Object.entries(changes).map(([section, change]) => [
      section,
      change && {
        by: change.changedBy ?? "a former owner",
        at: `${when.format(change.changedAt)} (${settings.timeZone})`,
      },
    ]),
  ) as Record<SiteWordSection, LastChange | null>;
  return { words, lastChanges };
}

/** Every form on the page, by its `intent`. */
const siteActions: AdminActions = { ...siteWordActions, ...aboutActions, ...faqActions };

export async function action({ request, context }: Route.ActionArgs) {
  // The caller first: nobody else's body is read, a picture least of all.
  const owner = requireOwner(context);
  const form = await request.formData();
  const intent = field(form, "intent");
  const handle = Object.hasOwn(siteActions, intent) ? siteActions[intent] : undefined;
  if (!handle) {
    return redirectWithToast(SITE_WORDS_PAGE, { type: "error", message: "Nothing to do." });
  }
  return handle({ request, context, owner, form });
}

export default function AdminSite({ loaderData: data, actionData }: Route.ComponentProps) {
  const refused = (...intents: string[]) =>
    actionData && intents.includes(actionData.intent) ? actionData : undefined;
  return (
    <div className="container-page py-12">
      <AdminPageHeading title="Site words">
        What visitors read on the home page, About, Contact and in the footer. Each change shows on
        the very next visit.
      </AdminPageHeading>

      <HeroSection
        hero={data.words.hero}
        lastChange={data.lastChanges.hero}
        refused={refused("hero")}
      />
      <AboutSection
        about={data.words.about}
        lastChange={data.lastChanges.about}
        refused={refused("about-teacher")}
      />
      <FaqSection
        items={data.words.faq}
        lastChange={data.lastChanges.faq}
        refused={refused("faq-add", "faq-edit", "faq-remove", "faq-move-up", "faq-move-down")}
      />
      <ContactSection
        contact={data.words.contact}
        lastChange={data.lastChanges.contact}
        refused={refused("contact")}
      />
      <SocialLinksSection
        links={data.words.socialLinks}
        lastChange={data.lastChanges.social}
        refused={refused("social-links")}
      />
    </div>
  );
}
