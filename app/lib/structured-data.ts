import type { Rating, Service } from "../../core/catalogue/services.server.ts";
import type { PublicReview } from "../../core/reviews/reviews.server.ts";
import { absoluteUrl } from "../../core/site/site.ts";

const PROVIDER = { "@type": "Organization", name: "IELTS Hub" };

/**
 * schema.org `Course` for a details page (Google's course and review-snippet rules): the
 * provider always; `aggregateRating` (the page's own summary, `rating`) and `review` only when
 * there are ratings. Its image is an absolute address on the public origin (`siteUrl`), as `url`
 * is. React Router escapes the JSON, so review text cannot close the script element.
 */
export function serviceJsonLd(
  service: Service,
  rating: Rating | null,
  reviews: PublicReview[],
  siteUrl: string,
  url: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: service.name,
    description: service.description,
    url,
    image: absoluteUrl(service.imageUrl, siteUrl),
    provider: PROVIDER,
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: service.price.toFixed(2),
      priceCurrency: "USD",
    },
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            ratingCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          // A review without stars has no reviewRating, which a schema.org Review needs here.
          review: ratedReviews(reviews).map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.userName },
            // The exact instant, as the page's <time dateTime>: a UTC day would name the day
            // before or after the one the page shows in the site's time zone (decision 0055).
            datePublished: review.createdAt.toISOString(),
            reviewBody: review.message,
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}

function ratedReviews(reviews: PublicReview[]) {
  return reviews
    .filter((review): review is PublicReview & { rating: number } => review.rating !== null)
    .slice(0, 10);
}

/** schema.org `ItemList` of the courses on a catalogue page. */
export function catalogueJsonLd(
  services: Pick<Service, "id" | "name">[],
  origin: string,
  offset: number,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: services.map((service, index) => ({
      "@type": "ListItem",
      position: offset + index + 1,
      url: `${origin}/services/${service.id}`,
      name: service.name,
    })),
  };
}

/**
 * schema.org `BlogPosting` for a post's page (Google's article rules): the headline, its dates,
 * its picture and every address absolute on the public origin (`siteUrl`); the site is the
 * author and publisher, as the blog is the teacher's site speaking.
 */
export function blogPostingJsonLd(
  post: {
    title: string;
    metaDescription: string;
    publishedAt: Date | null;
    updatedAt: Date;
    featureImage: { url: string } | null;
    tags: { name: string }[];
  },
  siteUrl: string,
  url: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.metaDescription,
    url,
    mainEntityOfPage: url,
    ...(post.publishedAt ? { datePublished: post.publishedAt.toISOString() } : {}),
    dateModified: post.updatedAt.toISOString(),
    ...(post.featureImage ? { image: absoluteUrl(post.featureImage.url, siteUrl) } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.map((tag) => tag.name).join(", ") } : {}),
    inLanguage: "en",
    author: { ...PROVIDER, url: siteUrl },
    publisher: { ...PROVIDER, url: siteUrl },
  };
}

/**
 * schema.org `FAQPage` for the home page's FAQ, as the page shows it: each answer as its rendered
 * HTML (Google reads links, lists and paragraphs in an answer's text), which the Markdown setup
 * made inert.
 */
export function faqPageJsonLd(items: { question: string; answerHtml: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answerHtml.trim() },
    })),
  };
}
