import { data } from "react-router";

/** Every path no other route claims: answer 404 and let the root show the 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
