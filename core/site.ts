/** The site's name, in page titles and mail, and a word no password may be built from. */
export const SITE_NAME = "IELTS Hub";
