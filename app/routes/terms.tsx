import { Link } from "../components/links.tsx";
import { TextPage, TextSection } from "../components/text-page.tsx";
import { sitePages } from "../content/site-pages.ts";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Terms of use",
    description:
      "The terms of using IELTS Hub: accounts, courses and enrolling, honest reviews and how they are moderated, and fair use of the site.",
    path: sitePages.terms.path,
  });

export default function Terms() {
  return (
    <TextPage title="Terms of use" revised={sitePages.terms.revised}>
      <p className="max-w-prose text-slate-700">
        IELTS Hub is the website of an IELTS teacher: a catalogue of preparation courses, reviews
        from students and a blog. By using the site you accept these terms. You may read everything
        without an account.
      </p>

      <TextSection id="account" title="Your account">
        <ul>
          <li>
            Use an e-mail address you can receive mail at, and keep your password to yourself.
          </li>
          <li>One account per person: you answer for what is posted from yours.</li>
          <li>Your name and photo appear with your reviews, so use ones you are happy to show.</li>
        </ul>
      </TextSection>

      <TextSection id="courses" title="Courses and enrolling">
        <ul>
          <li>Each course page gives the course’s description and its price in US dollars.</li>
          <li>
            “Enroll Today” sends the teacher a request; it is not a purchase. The teacher confirms
            or declines it, and no payment is taken on this site: after asking you see how to pay,
            and the terms of payment, refunds included, are those the teacher agrees with you.
          </li>
          <li>
            No course can promise a band score: your result depends on your preparation and on the
            test.
          </li>
        </ul>
      </TextSection>

      <TextSection id="reviews" title="Reviews">
        <p>
          Reviews are here to help other students choose, so they must be honest. A review must:
        </p>
        <ul>
          <li>be about a course you know from your own experience, and not one you added;</li>
          <li>be true and in your own words, with your real IELTS result if you give one;</li>
          <li>not be paid for or written in exchange for anything;</li>
          {/* The reasons a review can be reported and hidden for (core/reviews/report-reasons.ts). */}
          <li>stay on the course it reviews;</li>
          <li>
            hold no spam or advertising, nothing offensive or abusive, and no personal information
            about anyone.
          </li>
        </ul>
        <p>
          Each account reviews a course once. You may edit or delete your review at any time under{" "}
          <Link to="/my-reviews">My Review</Link>. By posting it you let the site show it, with your
          name and photo, on its pages and through its API.
        </p>
        <p>
          Anyone signed in can report a review. The teacher reads the reports and may hide a review
          that breaks these rules, giving the reason. A hidden review leaves the course page, its
          rating and the API; its author still sees it under My Review with the reason, and the
          teacher may show it again. A review is never hidden for being critical or for its stars.
          The teacher may answer any review publicly, under it.
        </p>
      </TextSection>

      <TextSection id="added-courses" title="Courses you add">
        <p>
          A signed-in student may add a course. Its name, description, price and image must be
          accurate, and the image one you may use. The teacher may hold new courses for approval
          before they are published, and may unpublish any course.
        </p>
      </TextSection>

      <TextSection id="content" title="The site’s content">
        <p>
          The course texts, lessons, blog articles and images belong to IELTS Hub unless they say
          otherwise; share links to them freely, but do not copy them. Reviews belong to the
          students who wrote them.
        </p>
      </TextSection>

      <TextSection id="fair-use" title="Fair use">
        <p>
          Do not try to get into other people’s accounts, to overload the site or to collect its
          data in bulk. The site limits how often its forms and its API can be used, and turns away
          what goes beyond.
        </p>
      </TextSection>

      <TextSection id="changes" title="Changes and questions">
        <p>
          When these terms change, the date at the top changes with them. Questions? Write through
          the <Link to="/contact">contact page</Link>. How the site handles your data is in the{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </TextSection>
    </TextPage>
  );
}
