import { useState } from "react";
import { data, useNavigation } from "react-router";
import { catalogueFilterSchema, listServices } from "../../core/catalogue/catalogue.server.ts";
import { SERVICES_PAGE_SIZE } from "../../core/catalogue/services.server.ts";
import {
  type CatalogueChoices,
  CatalogueSearchForm,
  catalogueHref,
} from "../components/catalogue-search-form.tsx";
import { Lightbox } from "../components/lightbox.tsx";
import { Link } from "../components/links.tsx";
import { PageLinks } from "../components/page-links.tsx";
import { ServiceCard } from "../components/service-card.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { pageMeta, publicPageMeta, siteUrlOf } from "../lib/meta.ts";
import { catalogueJsonLd } from "../lib/structured-data.ts";
import { versioned } from "../lib/versioned.ts";
import type { Route } from "./+types/services";

/**
 * The page in the URL counts from 1 (`/services?page=2`), as people read it; the catalogue's
 * page index underneath counts from 0, as the original API has it.
 */
function requestedPage(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const page = requestedPage(url);
  // An empty field of the search form means "not given".
  const given = Object.fromEntries(
    [...url.searchParams].filter(([name, value]) => name !== "page" && value !== ""),
  );
  const parsed = catalogueFilterSchema.safeParse(given);
  // A choice that makes no sense is shown beside its field, and the catalogue without it.
  const filter = parsed.success ? parsed.data : catalogueFilterSchema.parse({});
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    fieldErrors[String(issue.path[0] ?? "q")] ??= issue.message;
  }
  const { services, count } = await listServices(db, {
    page: page === null ? 0 : page - 1,
    size: SERVICES_PAGE_SIZE,
    ...filter,
  });
  const pageCount = Math.max(1, Math.ceil(count / SERVICES_PAGE_SIZE));
  const outOfRange = page === null || page > pageCount;
  return data(
    {
      page,
      pageCount,
      count,
      services: outOfRange ? [] : services,
      outOfRange,
      // What the form shows: the address's own values, even a wrong one beside its error.
      chosen: given as CatalogueChoices,
      fieldErrors,
      filtered: parsed.success && Object.keys(given).some((name) => name !== "sort"),
      // Worked out here so the browser's code needs nothing from core (which would bring zod).
      offset: ((page ?? 1) - 1) * SERVICES_PAGE_SIZE,
    },
    { status: outOfRange ? 404 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page && loaderData.page > 1 ? loaderData.page : null;
  const title = `Services${page ? ` (page ${page})` : ""}`;
  const description =
    "Every IELTS preparation course: memberships, skills courses, practice tests and one-to-one feedback, with prices and student ratings.";
  // A page past the end answers 404: nothing there to index or share.
  if (!loaderData || loaderData.outOfRange) return pageMeta(title, description);
  // Each page of the catalogue lists other courses, so each is a page of its own to search engines.
  const path = page ? `${sitePages.services.path}?page=${page}` : sitePages.services.path;
  const meta = publicPageMeta(matches, { page: title, description, path });
  const siteUrl = siteUrlOf(matches);
  if (loaderData.services.length === 0 || siteUrl === null) return meta;
  return [
    ...meta,
    { "script:ld+json": catalogueJsonLd(loaderData.services, siteUrl, loaderData.offset) },
  ];
};

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services, page, pageCount, count, outOfRange, chosen, fieldErrors, filtered } =
    loaderData;
  const navigation = useNavigation();
  const [openImage, setOpenImage] = useState<number | null>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/services";

  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Services</h1>
      <p className="mt-1 text-slate-600" aria-live="polite">
        {filtered
          ? `${count} ${count === 1 ? "course matches" : "courses match"} your search.`
          : `${count} courses to prepare you for every part of the IELTS test.`}
      </p>
      <CatalogueSearchForm chosen={chosen} errors={fieldErrors} filtered={filtered} />

      {count === 0 && filtered ? (
        <div className="mt-10 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-bold text-slate-900">No course matches your search.</h2>
          <p className="mt-2 text-slate-600">
            {chosen.q
              ? `No course's name or description has every word of "${chosen.q}" with the filters you chose. Try fewer words or other filters.`
              : "No course has everything you chose. Try other filters."}
          </p>
          <Link to="/services" className="btn-primary mt-6">
            Show all courses
          </Link>
        </div>
      ) : outOfRange ? (
        <div className="mt-10 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-bold text-slate-900">There is no such page of services.</h2>
          <p className="mt-2 text-slate-600">
            The catalogue has {pageCount} {pageCount === 1 ? "page" : "pages"}.
          </p>
          <Link to={catalogueHref(chosen, 1)} className="btn-primary mt-6">
            Go to the first page
          </Link>
        </div>
      ) : (
        <div
          className={`mt-8 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-50" : ""}`}
          aria-busy={loading}
        >
          {services.map((service, index) => (
            <ServiceCard
              key={service.id}
              service={service}
              headingLevel="h2"
              // The widest grid shows three a row: the first row is what a visitor sees first.
              priorityImage={index < 3}
              onOpenImage={() => setOpenImage(index)}
            />
          ))}
        </div>
      )}

      <PageLinks
        label="Pages of services"
        page={page ?? 1}
        pageCount={pageCount}
        hrefOf={(item) => catalogueHref(chosen, item)}
      />

      {openImage !== null && (
        <Lightbox
          slides={services.map((service) => ({
            src: versioned(service.imageUrl),
            alt: service.name,
          }))}
          index={openImage}
          onIndexChange={setOpenImage}
          onClose={() => setOpenImage(null)}
        />
      )}
    </section>
  );
}
