import { formatDetailsInShort } from "../../core/catalogue/course-details.ts";
import type { Service } from "../../core/catalogue/services.server.ts";
import { formatPrice, previewDescription } from "../../core/format.ts";
import { useCourseImage } from "./course-image.ts";
import { Link } from "./links.tsx";
import { RatingBadge } from "./rating.tsx";

/** The card's width: a third of the page on wide screens, half on tablets, all on phones. */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

export type ServiceSummary = Pick<
  Service,
  "id" | "name" | "price" | "description" | "imageUrl" | "rating" | "details"
>;

/**
 * A catalogue card. The image is a link to the full-size picture, so it works without
 * JavaScript; with it, `onOpenImage` shows the picture in the lightbox instead.
 */
export function ServiceCard({
  service,
  onOpenImage,
  headingLevel: Heading = "h3",
  priorityImage = false,
}: {
  service: ServiceSummary;
  onOpenImage?: () => void;
  headingLevel?: "h2" | "h3";
  /** For the first row of a catalogue, whose images are the page's largest paint: fetched at once, first. */
  priorityImage?: boolean;
}) {
  const image = useCourseImage(service.imageUrl, CARD_IMAGE_SIZES);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <a
        href={service.imageUrl}
        onClick={(event) => {
          if (!onOpenImage) return;
          event.preventDefault();
          onOpenImage();
        }}
        // Inside the card's rounded, clipped corners an outer ring would be cut off: drawn inside.
        className="group block aspect-[3/2] cover-fallback overflow-hidden bg-slate-200 focus-visible:outline-offset-[-4px]"
        aria-label={`View the picture of ${service.name} full size`}
      >
        <img
          {...image}
          alt=""
          width={1200}
          height={800}
          loading={priorityImage ? "eager" : "lazy"}
          fetchPriority={priorityImage ? "high" : undefined}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </a>
      <div className="flex flex-1 flex-col p-5">
        <Heading dir="auto" className="text-lg font-bold leading-snug wrap-anywhere text-slate-900">
          {service.name}
        </Heading>
        {formatDetailsInShort(service.details) && (
          <p className="mt-1 text-sm text-slate-600">{formatDetailsInShort(service.details)}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-brand-800">Price: $ {formatPrice(service.price)}</p>
          <RatingBadge rating={service.rating} />
        </div>
        <p dir="auto" className="mt-3 flex-1 text-sm leading-relaxed wrap-anywhere text-slate-700">
          {previewDescription(service.description)}
        </p>
        <Link
          to={`/services/${service.id}`}
          className="btn-primary mt-5 self-start"
          aria-label={`Details of ${service.name}`}
        >
          Details
        </Link>
      </div>
    </article>
  );
}
