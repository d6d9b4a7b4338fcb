import { SITE_NAME } from "../../core/site.ts";

export { SITE_NAME };

/** `{page} - IELTS Hub`, with the title and description every page carries. */
export function pageMeta(page: string, description: string) {
  return [
    { title: `${page} - ${SITE_NAME}` },
    { name: "description", content: description },
    { property: "og:title", content: `${page} - ${SITE_NAME}` },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
  ];
}
