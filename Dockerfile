# syntax=docker/dockerfile:1
#
# Falkenhost in production (docs/operations.md): the web client and the server are built in one stage;
# the image that runs them has Node 24, the server's production dependencies and the two builds, and runs
# as the unprivileged user `node`. Configuration comes from the environment (APP_MODE=production).
#
#   docker build -t falkenhost .
#   docker compose up -d            # two instances, PostgreSQL 16 and Caddy (compose.yaml)

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests and the tools to compile native modules (better-sqlite3) when no prebuilt
# binary fits. Dependency layers are reused until a manifest or the lock file changes.
FROM ${NODE_IMAGE} AS manifests
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/locales/package.json packages/locales/
COPY packages/pterodactyl/package.json packages/pterodactyl/
COPY emulators/mollie/package.json emulators/mollie/
COPY emulators/pterodactyl/package.json emulators/pterodactyl/
COPY emulators/pelican/package.json emulators/pelican/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Everything, dev dependencies included, then the web client (Vite) and the server bundle (tsup; the
# workspace packages are bundled into apps/api/dist/main.js).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only (no Vite, React, Vitest, Biome ...).
FROM manifests AS deps
# The image's own Node 24 runs the server: the Node build package.json pins for npm scripts is left out.
RUN npm ci --omit=dev --workspace @falkenhost/api --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  APP_MODE=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  UPLOAD_DIR=/app/data/uploads
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Staff-uploaded images (UPLOAD_DIR); share this volume between instances.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Liveness only (it reads nothing): an outage of the panel or Mollie must not restart every instance.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM starts the graceful shutdown (SHUTDOWN_TIMEOUT_SECONDS, default 25 s: give `docker stop` more).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
