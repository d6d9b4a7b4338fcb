import { getSiteWords, renderSiteMarkdown } from "../../core/site/site-words.server.ts";
import { Link } from "../components/links.tsx";
import { MarkdownHtml } from "../components/markdown-html.tsx";
import { TeacherPhoto } from "../components/teacher-photo.tsx";
import { TextPage, TextSection } from "../components/text-page.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "About",
    description:
      "Who teaches the IELTS Hub courses, what the courses hold, and how reviews and enrolling work on this site.",
    path: sitePages.about.path,
  });

/** The teacher's text and photo, as the owner set them on /admin/site. */
export async function loader({ context }: Route.LoaderArgs) {
  const { about } = await getSiteWords(context.get(appContext).db);
  return { html: renderSiteMarkdown(about.text), photoUrl: about.photoUrl };
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <TextPage title="About me">
      <TextSection id="teaching" title="My teaching">
        <TeacherPhoto url={loaderData.photoUrl} />
        <MarkdownHtml html={loaderData.html} />
      </TextSection>

      <TextSection id="courses" title="The courses">
        <p>
          The core course has 10 units, one for each week of a steady study plan. Across the courses
          there are over 400 video lessons and 15 full practice tests, each with all four papers,
          answer keys and model answers. Listening and Speaking are the same in both tests; the
          Reading and Writing lessons are marked Academic or General Training, and a separate course
          covers General Training letter writing. The SPEED membership gives 90 days of access to
          every course, the MASTER membership 180 days with more essay corrections and a one-to-one
          Speaking mock test.
        </p>
        <p>
          <Link to="/services">See every course</Link>, or read the <Link to="/blog">blog</Link>.
        </p>
      </TextSection>

      <TextSection id="reviews" title="Honest reviews">
        <p>
          Students who have signed in review a course once each, with stars, their own words and, if
          they like, the band they had before and the band they reached. A course’s rating is the
          average of the stars of all its shown reviews, and a review from a student whose
          enrollment I confirmed is marked “Verified student”.
        </p>
        <p>
          Anyone signed in can report a review. I hide a review only when it breaks the rules in the{" "}
          <Link to="/terms">terms of use</Link> (spam, abuse, off-topic, or someone’s personal
          information), never for being critical, and its author sees why. I may answer a review
          under it, in public.
        </p>
      </TextSection>

      <TextSection id="enrolling" title="Joining a course">
        <p>
          “Enroll Today” on a course page sends me a request with your preferred start date. I
          confirm or decline it by e-mail, and you follow your requests under My Courses. Payment is
          arranged directly with me, as the page explains after you ask; the site itself takes no
          payment.
        </p>
      </TextSection>

      <TextSection id="contact" title="Get in touch">
        <p>
          A question about a course or about your preparation? Write to me through the{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      </TextSection>
    </TextPage>
  );
}
