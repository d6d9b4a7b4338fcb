# IELTS Hub's image: `docker build -t ielts-hub .`, then run it with AUTH_SECRET, BASE_URL and
# SMTP_URL (or MAIL_OUTBOX_ONLY=true) set, a volume on /data, and DATABASE_URL pointing to
# PostgreSQL when more than one container serves (compose.yaml does all of this).
# tests/integration/dockerfile-content.test.ts carries these steps out without Docker.

# The build: every package (the bundler is a devDependency), then the site's bundles.
FROM node:24-slim AS build
WORKDIR /app
# The packages first, so that a change to the sources alone reuses this layer.
COPY package.json package-lock.json ./
# `npm install` rather than `npm ci`, as the README says: the lockfile pins every version, but
# `npm ci` also insists on other platforms' optional packages being resolvable.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
# What the server needs at run time stays; the build and test tools and the `node` package (the
# base image brings Node 24) go. npm keeps vitest, and vite with it: better-auth names vitest as
# an optional peer, and npm keeps an optional peer it finds installed.
RUN npm prune --omit=dev --no-audit --no-fund
# An empty folder, copied to /data below so that the volume's mount point belongs to `node`.
RUN mkdir data

# The site: Node 24 of the base image runs server/index.ts (and the scripts, for `docker compose
# run`) by type stripping, loading the bundles from build/.
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    DATABASE_URL=file:/data/ielts-hub.db
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/core ./core
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build --chown=node:node /app/data /data
# The code belongs to root and cannot be changed by the server; only /data is its own.
USER node
VOLUME /data
EXPOSE 3000
# node:24-slim has no curl: Node's own fetch asks /healthz (liveness; /readyz is for the proxy).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between (signals reach Node directly) and without
# build-if-needed (the image was built above and has no bundler). Keep these flags as package.json's.
CMD ["node", "--max-old-space-size=512", "--initial-old-space-size=256", "server/index.ts"]
