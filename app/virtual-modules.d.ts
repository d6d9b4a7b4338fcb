declare module "virtual:public-file-versions" {
  /** URL path of each file in public/ → its content version (scripts/public-file-versions.ts). */
  const versions: Record<string, string | undefined>;
  export default versions;
}
