import { Form } from "react-router";
import { latestServices } from "../../core/catalogue/services.server.ts";
import {
  getSiteWords,
  renderedFaq,
  renderSiteMarkdown,
} from "../../core/site/site-words.server.ts";
import { EmailField } from "../components/form-field.tsx";
import { ChevronIcon } from "../components/icons.tsx";
import { Link } from "../components/links.tsx";
import { MarkdownHtml } from "../components/markdown-html.tsx";
import { ServiceCard } from "../components/service-card.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { TeacherPhoto } from "../components/teacher-photo.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { faqPageJsonLd } from "../lib/structured-data.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...publicPageMeta(matches, {
    page: "Home",
    description:
      "IELTS preparation courses from an experienced teacher: 10 units, over 400 videos and 15 full practice tests, with honest reviews from students.",
    path: sitePages.home.path,
  }),
  ...(loaderData ? [{ "script:ld+json": faqPageJsonLd(loaderData.faq) }] : []),
];

/** The newest courses, and the teacher's words as set on /admin/site (the site's own until then). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [services, words] = await Promise.all([latestServices(db), getSiteWords(db)]);
  return {
    services,
    hero: words.hero,
    about: { html: renderSiteMarkdown(words.about.text), photoUrl: words.about.photoUrl },
    faq: renderedFaq(words.faq),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section
        data-surface="dark"
        className="bg-gradient-to-br from-brand-800 to-brand-900 text-white"
      >
        <div className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">
              IELTS preparation
            </p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight sm:text-5xl">
              {loaderData.hero.title}
            </h1>
            <p className="mt-5 max-w-prose text-lg text-slate-100">{loaderData.hero.text}</p>
            <Link
              to="/services"
              className="btn mt-8 bg-accent-400 text-slate-900 hover:bg-accent-500"
            >
              Details
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-4 text-center">
            {[
              ["10", "units in the core course"],
              ["400+", "video lessons"],
              ["15", "full practice tests"],
              ["90 / 180", "day memberships"],
            ].map(([figure, label]) => (
              <li key={label} className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 sm:p-5">
                {/* Two columns of a 320 px phone leave about 100 px for a figure such as '90 / 180'. */}
                <p className="text-2xl font-extrabold sm:text-3xl">{figure}</p>
                <p className="mt-1 text-sm text-slate-100">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="latest-heading" className="container-page py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="latest-heading" className="text-3xl font-bold text-slate-900">
              Newest courses
            </h2>
            <p className="mt-1 text-slate-600">The latest additions to the catalogue.</p>
          </div>
          <Link to="/services" className="btn-secondary">
            See All
          </Link>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </div>
      </section>

      <section aria-labelledby="about-heading" className="bg-white py-14">
        <div className="container-page grid gap-8 md:grid-cols-3">
          <div>
            <h2 id="about-heading" className="text-3xl font-bold text-slate-900">
              About Me
            </h2>
            <TeacherPhoto url={loaderData.about.photoUrl} />
          </div>
          <div className="text-slate-700 md:col-span-2">
            <MarkdownHtml html={loaderData.about.html} />
            <p className="mt-4">
              <Link to="/about" className="link">
                More about me and this site
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="container-page py-14">
        <h2 id="faq-heading" className="text-3xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {loaderData.faq.map((item) => (
            <details key={item.id} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                {item.question}
                <ChevronIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <MarkdownHtml html={item.answerHtml} className="mt-3 text-slate-700" />
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="subscribe-heading" className="container-page">
        <div className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8 md:flex md:items-center md:justify-between md:gap-8">
          <div>
            <h2 id="subscribe-heading" className="text-2xl font-bold text-slate-900">
              Subscribe for study tips
            </h2>
            <p className="mt-1 text-slate-700">
              One short e-mail a month with a lesson, a practice question and news of new courses.
            </p>
          </div>
          {/* A plain form: with or without JavaScript the answer comes back as a toast. */}
          <Form method="post" action="/newsletter" className="mt-4 md:mt-0">
            {/* Stacked on phones, where the field and the button do not fit side by side. */}
            <div className="flex flex-col gap-2 sm:flex-row">
              <EmailField
                label="Email address"
                hideLabel
                id="subscribe-email"
                placeholder="you@example.com"
                className="field sm:min-w-56"
              />
              <SubmitButton busyLabel="Subscribing…">Subscribe</SubmitButton>
            </div>
          </Form>
        </div>
      </section>
    </>
  );
}
