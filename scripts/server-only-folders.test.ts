import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { serverOnlyFolders } from "./server-only-folders.ts";

describe("the server-only folders in the browser build", () => {
  const root = mkdtempSync(join(tmpdir(), "ielts-hub-server-only-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("index.html", '<script type="module" src="/app/main.ts"></script>');
  write("core/format.ts", "export const format = (n: number) => n.toFixed(2);");
  write("db/secret.ts", 'export const url = "DATABASE_URL";');
  write("server/log.ts", "export const log = (m: string) => console.log(m);");

  const browserBuild = (main: string) => {
    write("app/main.ts", main);
    return build({
      root,
      logLevel: "silent",
      configFile: false,
      plugins: [serverOnlyFolders(root, ["server", "db"])],
      build: { outDir: join(root, "dist"), write: false },
    });
  };

  it("builds browser code that imports only what a browser may use", async () => {
    await expect(
      browserBuild('import { format } from "../core/format.ts"; console.log(format(1));'),
    ).resolves.toBeDefined();
  });

  it("fails the build when browser code imports a module of db/ or server/", async () => {
    await expect(
      browserBuild('import { url } from "../db/secret.ts"; console.log(url);'),
    ).rejects.toThrow("db/secret.ts (every module in db/ is server-only), imported by app/main.ts");
    await expect(browserBuild('import { log } from "../server/log.ts"; log("x");')).rejects.toThrow(
      "server/log.ts (every module in server/ is server-only)",
    );
  });
});
