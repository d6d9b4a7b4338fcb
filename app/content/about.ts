/** The teacher's own words about their teaching: the home page's About Me and the About page. */
export const aboutTheTeacher = [
  "I have taught English for more than twelve years and have prepared students for IELTS since 2014, in classrooms and online. Most of my students need Band 6.5 or 7 for university, registration as a nurse or doctor, or a visa, and most of them are working while they study.",
  "That is why the courses are built around short video lessons, realistic practice tests and specific feedback, not endless theory. You learn what the examiners look for, practise it under real timing and see exactly what to fix next.",
];

/**
 * The About Me paragraphs: the owner's text from /admin (paragraphs split by blank lines), or the
 * site's own when none was saved.
 */
export function aboutParagraphs(bio: string | null): string[] {
  if (!bio?.trim()) return aboutTheTeacher;
  return bio
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The About Me text as the /admin form shows it. */
export function aboutBioText(bio: string | null): string {
  return bio?.trim() ? bio : aboutTheTeacher.join("\n\n");
}
