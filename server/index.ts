import { ConfigError, loadConfig } from "./config.ts";

/**
 * The entry point. It reads the configuration before anything loads React, because React picks
 * its development or production build from NODE_ENV when first imported: the built site always
 * runs React's production build, while NODE_ENV=production in the environment also means a
 * public deployment (HTTPS-only headers and cookies, secrets required).
 */
const development = process.argv.includes("--dev");
try {
  const config = loadConfig();
  process.env.NODE_ENV = development ? "development" : "production";
  const { serve } = await import("./serve.ts");
  await serve(config, { development });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
