/**
 * `npm start` and the test run build only when an input changed since the last build
 * (scripts/build.ts keeps a fingerprint of every input beside the build).
 */
import { build, buildIsCurrent } from "./build.ts";

if (buildIsCurrent()) console.log("The build is up to date.");
else {
  console.log("Building the site…");
  build();
}
