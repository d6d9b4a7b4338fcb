import type { Service } from "../../core/catalogue/services.server.ts";
import { toAddTime } from "../../core/format.ts";
import type { ReviewSummary } from "../../core/reviews/course-reviews.server.ts";
import type { PublicReview, Review } from "../../core/reviews/reviews.server.ts";
import { absoluteUrl } from "../../core/site/site.ts";
import type {
  OwnReviewJson,
  PublicReviewJson,
  ServiceJson,
  ServiceWithSummaryJson,
} from "./schemas.ts";

/**
 * The seed's JSON shapes, so its clients keep working, with two changes (issue 7,
 * item 16; docs/decisions/0014): `img` is an absolute URL, since a root-relative path means
 * nothing to another client; and a review's `userEmail` appears only in its author's own answers.
 * Each is typed as its schema in schemas.ts says, which the OpenAPI document describes.
 */
export function apiShapes(baseUrl: string) {
  // Our own covers are stored as root-relative paths (`/images/...`); courses added with an
  // image carry a full http(s) URL already.
  const absolute = (url: string) => absoluteUrl(url, baseUrl);

  /** A service as the list shows it; one service's own answer adds its review summary. */
  function serviceJson(service: Service): ServiceJson {
    return {
      _id: service.id,
      serviceName: service.name,
      price: service.price,
      description: service.description,
      img: absolute(service.imageUrl),
      rating: service.rating?.average ?? null,
      ratingCount: service.rating?.count ?? 0,
      reviewCount: service.reviewCount,
      addTime: toAddTime(service.createdAt),
      ...service.details,
    };
  }

  /** A review as anyone may see it: no e-mail address. */
  function publicReviewJson(review: PublicReview): PublicReviewJson {
    return {
      _id: review.id,
      serviceId: review.serviceId,
      serviceName: review.serviceName,
      img: absolute(review.serviceImageUrl),
      price: review.servicePrice,
      userName: review.userName,
      userPhoto: review.userPhoto,
      userMessage: review.message,
      rating: review.rating,
      addTime: toAddTime(review.createdAt),
      reply: review.reply && { text: review.reply.text, addTime: toAddTime(review.reply.at) },
      verified: review.verified,
      helpful: review.helpful,
      ...review.outcome,
    };
  }

  /** A review in its author's own answers, with their e-mail as the seed sent it. */
  function ownReviewJson(review: Review): OwnReviewJson {
    return { ...publicReviewJson(review), userEmail: review.userEmail };
  }

  /**
   * One service with its review summary: the same numbers as the course page's, `rating` and
   * `ratingCount` included.
   */
  function serviceWithSummaryJson(
    service: Service,
    summary: ReviewSummary,
  ): ServiceWithSummaryJson {
    return {
      ...serviceJson(service),
      rating: summary.average,
      ratingCount: summary.ratingCount,
      reviewCount: summary.reviewCount,
      histogram: summary.histogram,
      outcomes: summary.outcomes,
    };
  }

  return { serviceJson, serviceWithSummaryJson, publicReviewJson, ownReviewJson };
}

export type ApiShapes = ReturnType<typeof apiShapes>;
