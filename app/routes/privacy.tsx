import { Link } from "../components/links.tsx";
import { TextPage, TextSection } from "../components/text-page.tsx";
import { sitePages } from "../content/site-pages.ts";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Privacy policy",
    description:
      "What IELTS Hub stores about you and why, the cookies it sets, how long it keeps things and how to get or delete your data.",
    path: sitePages.privacy.path,
  });

/**
 * What the site stores, its cookies and how to get or delete one's data, as the code does it:
 * the tables in db/schema.ts, Better Auth's cookies (server/auth/index.ts), the toast cookie
 * (app/lib/toast.server.ts), the clean-up in core/site/housekeeping.server.ts and the security log.
 * Change this page, and its date in app/content/site-pages.ts, with any of them.
 */
export default function Privacy() {
  return (
    <TextPage title="Privacy policy" revised={sitePages.privacy.revised}>
      <p className="max-w-prose text-slate-700">
        IELTS Hub is the website of the teacher who writes its courses. This page says what the site
        stores about you and why, which cookies it sets, how long it keeps things, and how to get or
        delete your data. The site shows no advertising, uses no analytics or tracking, runs no
        scripts from other sites, and sells nothing about you to anyone.
      </p>

      <TextSection id="what-we-store" title="What the site stores, and why">
        <ul>
          <li>
            <strong>Your account</strong>: your name, your e-mail address and, if you give one, the
            address of your photo, so that you can sign in and your reviews carry your name and
            photo. Your password is never stored as you typed it, only as an Argon2id hash, which
            cannot be turned back into the password. If you use “Log in with Google”, Google gives
            the site your name, e-mail address and photo, and the site keeps the identifier of your
            Google account and the sign-in tokens Google returned.
          </li>
          <li>
            <strong>Sign-in sessions</strong>: while you are signed in, a session record with the
            internet (IP) address your browser connected from and its description of itself (the
            user agent). A session ends when you log out, after 30 days without use, and in any case
            90 days after you signed in. A password-reset link is a one-time token, kept until it is
            used or expires. If an app asks for an API token for you, only a fingerprint (hash) of
            it is stored, and it is valid for five minutes.
          </li>
          <li>
            <strong>Two-factor sign-in</strong>: if you turn it on, the key your authenticator app
            shares with the site and your unused backup codes, both encrypted. Turning it off
            deletes them.
          </li>
          <li>
            <strong>Your reviews</strong>: the stars, the text and the date and, only if you add
            them, your IELTS module, your band before and after the course and the month of your
            test. A review is shown to everyone with your name and photo. Once at least three
            students have given their band for a course, the course shows the median band and the
            average gain, without names.
          </li>
          <li>
            <strong>Helpful votes</strong>: which reviews you marked helpful. Others see only how
            many people did.
          </li>
          <li>
            <strong>Reports</strong>: when you report a review, the reason and your note. Only the
            teacher sees who reported it.
          </li>
          <li>
            <strong>Courses you add</strong>: the course, and that you added it. A picture you
            upload is kept on the site as resized copies, without its metadata (such as where it was
            taken).
          </li>
          <li>
            <strong>Writing answers</strong>: each answer you submit to a Writing task, with the
            time you took, whether the sitting was timed and the measures the site worked out from
            it (length, words copied from the task, spelling, repetition, linking words, variety),
            kept until you delete your account. While you write, your answer is also saved as a
            draft every few seconds, so that nothing is lost; a draft goes when you submit the
            answer or start again, and after 30 days untouched. Your browser also keeps the latest
            words of an answer you are writing on your device until the site has saved them. Only
            you and the teacher read your answers; only you read your drafts. They are measured on
            the site’s own server and never sent anywhere else: the teacher’s other systems (see
            below) hear only that an answer came, its length and when, never its words or your name.
          </li>
          <li>
            <strong>The teacher’s marking</strong> of an answer you send for marking: the comments
            on passages of your text, the bands with their notes, the summary, and when it was sent,
            returned and corrected. A teacher’s comments on your answer are your personal data: you
            read them once the teacher returns the marking, they are in your data download, and they
            go with your account. Your revised drafts keep a link to the answer they revise.
          </li>
          <li>
            <strong>Enrollment requests</strong>: the course, your preferred start date and message,
            the request’s status and the teacher’s note. The site e-mails you and the teacher about
            them.
          </li>
          <li>
            <strong>Contact messages</strong>: your name, e-mail address and message, kept in the
            teacher’s inbox on the site and e-mailed to the teacher so that they can answer you.
          </li>
          <li>
            <strong>Newsletter</strong>: your e-mail address, whether it is waiting for
            confirmation, confirmed or unsubscribed, with the dates, and which issues were sent to
            it. Nothing is sent until you confirm through the link the site e-mails you, and every
            issue has a link that unsubscribes you in one click. The teacher can download the list
            of confirmed addresses.
          </li>
          <li>
            <strong>Outgoing e-mail</strong>: each e-mail the site sends waits in a queue until the
            mail service has taken it, and is then deleted. One that still cannot be delivered after
            repeated tries is deleted a week later.
          </li>
          <li>
            <strong>Security log</strong>: one line for each sign-up, sign-in (successful or not,
            with the e-mail address tried), sign-out, password change or reset, profile change,
            account deletion, and refused or rate-limited request: the time, your IP address, your
            account, the page and the outcome, never a password, token or cookie. It exists to spot
            and trace attacks on accounts, and is kept as long as the server’s logs are kept by its
            host.
          </li>
          <li>
            <strong>Rate-limit counters</strong>: to stop password guessing and spam, the site
            counts recent attempts per IP address, per account and per e-mail address tried at
            sign-in. Each counter is deleted automatically about a day after its last attempt.
          </li>
        </ul>
        <p>
          Your account, reviews, votes, reports, courses, enrollment requests and messages are kept
          until you delete them or your account (see below). Expired sessions, tokens and counters
          are removed automatically every hour.
        </p>
      </TextSection>

      <TextSection id="who-sees-it" title="Who else sees it">
        <ul>
          <li>
            <strong>Everyone</strong>: your name, photo and reviews (with the IELTS result you
            added), the “Verified student” mark once the teacher has confirmed your enrollment in
            that course, and the teacher’s replies. Never your e-mail address.
          </li>
          <li>
            <strong>The teacher</strong>, who runs the site: what it takes to run it, such as
            enrollment requests, messages, reports and the newsletter list.
          </li>
          <li>
            <strong>The teacher’s other systems</strong>, if the teacher connects any (webhooks):
            what the teacher sees on the site of a new review, an enrollment request or a message,
            with the name and e-mail address it carries; of a Writing answer only that one came, its
            length and when, never its words or who wrote it; of a marking only its bands, how many
            comments it has and when it was returned, never the comments or the summary.
          </li>
          <li>
            <strong>The mail service</strong> the site sends its e-mail through receives each
            e-mail’s recipient and content.
          </li>
          <li>
            <strong>Google</strong>, only if you choose “Log in with Google”.
          </li>
          <li>
            <strong>Image hosts</strong>: course images given as an address, and profile photos, may
            be stored on other websites. Your browser loads them from there, which tells those sites
            your IP address, as with any image on the web.
          </li>
        </ul>
      </TextSection>

      <TextSection id="cookies" title="Cookies">
        <p>
          The site sets only the cookies it needs to do what you ask, all of them its own. Scripts
          cannot read them (httpOnly), your browser leaves them out of other sites’ forms and
          background requests (SameSite=Lax), and on the public site they travel only over HTTPS
          (Secure; the names of the sign-in cookies then begin with <code>__Secure-</code>). There
          are no tracking or advertising cookies, so there is nothing to consent to.
        </p>
        <dl className="mt-4 space-y-4">
          <div>
            <dt>
              <code>ielts-hub.session_token</code>
            </dt>
            <dd className="mt-1">
              Keeps you signed in. With “Remember me” ticked it lasts 30 days from your last visit;
              without it, until you close your browser. Logging out deletes it.
            </dd>
          </div>
          <div>
            <dt>
              <code>ielts-hub.dont_remember</code>
            </dt>
            <dd className="mt-1">
              Set when you sign in without “Remember me”, so that your session ends with your
              browser session. Lasts until you close your browser.
            </dd>
          </div>
          <div>
            <dt>
              <code>ielts-hub.two_factor</code>
            </dt>
            <dd className="mt-1">
              Only with two-factor sign-in on, between your password and your code: it says which
              sign-in the code completes. Lasts 10 minutes, and ends when the code is accepted.
            </dd>
          </div>
          <div>
            <dt>
              <code>ielts-hub.state</code>
            </dt>
            <dd className="mt-1">
              Only while you log in with Google: it ties Google’s answer to the browser that asked,
              so that nobody can sign you in to someone else’s account. Lasts a few minutes.
            </dd>
          </div>
          <div>
            <dt>
              <code>ielts-hub-toast</code>
            </dt>
            <dd className="mt-1">
              Carries a short message, such as “Message sent”, to the page you see after sending a
              form. Lasts at most a minute and is deleted once shown.
            </dd>
          </div>
        </dl>
      </TextSection>

      <TextSection id="your-data" title="Getting or deleting your data">
        <ul>
          <li>
            <strong>A copy of everything</strong>: “Download my data” on{" "}
            <Link to="/account">your account page</Link> gives you a file (JSON) with your profile,
            your sign-in methods, signed-in devices and API tokens (their dates only), your reviews
            with their IELTS result, whether the teacher hid them and why, the teacher’s reply and
            how many found them helpful, the reviews you marked helpful or reported, your enrollment
            requests, the messages and newsletter subscription of your e-mail address, the courses
            you added and the pictures you uploaded, and your Writing answers (with their measures
            and the teacher’s returned marking: bands, notes, summary and comments) and drafts. It
            names no one else, and leaves out secrets (your password’s hash, sign-in tokens), e-mail
            waiting to be sent and the rate-limit counters. Apps get the same from the site’s API.
          </li>
          <li>
            <strong>Deleting your account</strong>: “Delete my account” on your account page, after
            you confirm with your password (or, for an account that signs in with Google, a Google
            sign-in within the last 15 minutes). At once and for good, the site deletes your
            account, sign-in methods, sessions and API tokens, your reviews (so the averages of
            those courses change), helpful votes, reports and enrollment requests, your Writing
            answers and drafts, the contact messages and newsletter subscription of your address,
            your photo and the other pictures you uploaded that nothing else shows, e-mail waiting
            to be sent to you, and counters naming you. Courses you added stay in the catalogue
            without your name, with their pictures. A last e-mail tells you it is done; like every
            e-mail it leaves the queue once sent. Lines already written to the security log (above)
            stay as long as the server’s logs are kept.
          </li>
          <li>
            Edit or delete your reviews at any time under <Link to="/my-reviews">My Review</Link>.
          </li>
          <li>
            Cancel an open enrollment request under <Link to="/my-courses">My Courses</Link>.
          </li>
          <li>Stop the newsletter with the unsubscribe link in any issue.</li>
        </ul>
        <p>
          For anything else, such as a correction, write through the{" "}
          <Link to="/contact">contact page</Link> with the e-mail address of your account. The
          teacher answers at that address.
        </p>
      </TextSection>

      <TextSection id="changes" title="Changes to this page">
        <p>
          When what the site stores or how it uses it changes, this page changes with it, and so
          does the date at the top.
        </p>
      </TextSection>
    </TextPage>
  );
}
