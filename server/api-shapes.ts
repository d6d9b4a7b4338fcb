import { toAddTime } from "../core/format.ts";
import type { Review } from "../core/reviews.ts";
import type { Service } from "../core/services.ts";

/** The seed's JSON shapes (SPEC §3), so its clients keep working. */
export function serviceJson(service: Service) {
  return {
    _id: service.id,
    serviceName: service.name,
    price: service.price,
    description: service.description,
    img: service.imageUrl,
    rating: service.rating?.average ?? null,
    ratingCount: service.rating?.count ?? 0,
    addTime: toAddTime(service.createdAt),
  };
}

export function reviewJson(review: Review) {
  return {
    _id: review.id,
    serviceId: review.serviceId,
    serviceName: review.serviceName,
    img: review.serviceImageUrl,
    price: review.servicePrice,
    userEmail: review.userEmail,
    userName: review.userName,
    userPhoto: review.userPhoto,
    userMessage: review.message,
    rating: review.rating,
    addTime: toAddTime(review.createdAt),
  };
}
