/** What the test server adds to the seeded catalogue (both end up on the catalogue's last page). */
export const e2eFixtures = {
  shortCourse: {
    name: "Short Test Course",
    description: "Exactly the kind of description that needs no cutting.",
  },
  reviewedCourse: {
    name: "Reviewed Test Course",
    reviews: [
      {
        author: "Aiko Tanaka",
        photo: "/favicon.svg",
        rating: 5,
        message: "Clear lessons, and the practice tests felt real.",
        at: "2026-01-01T09:00:00Z",
      },
      {
        author: "Ben Carter",
        photo: null,
        rating: 4,
        message: "<script>alert('x')</script> Useful, but I wanted more speaking.",
        at: "2026-02-01T09:00:00Z",
      },
    ],
  },
} as const;
