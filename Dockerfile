# syntax=docker/dockerfile:1
# Embauche's image (docs/deployment.md). One image runs every role:
#   the server (default)     node --max-semi-space-size=32 dist/main.js
#   the job worker           node dist/cli.js worker
#   the migrations           node dist/cli.js migrate
# Build it from the repository root: docker build -t embauche .

# Node 20 (engines: ^20.19.0) on Debian bookworm in every stage, so that the native modules compiled
# below (better-sqlite3) match the runtime's Node and glibc.
ARG NODE_IMAGE=node:20-bookworm-slim
# The npm the lock file and `allowScripts` (root package.json) are written for: npm 11.16+ runs only
# the approved install scripts; the image's npm 10 would run them all.
ARG NPM_VERSION=11.19.1

# --- The toolchain: better-sqlite3 compiles its native module when no prebuilt binary is found ----
FROM ${NODE_IMAGE} AS toolchain
ARG NPM_VERSION
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install -g "npm@${NPM_VERSION}" \
  && npm cache clean --force
WORKDIR /app
# The manifests only, so that the dependency layers stay cached while the sources change. npm ci
# checks every workspace of the lock file, so each workspace's package.json comes along.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# --- Build: every dependency, then the web app (apps/web/dist) and the server (apps/server/dist) --
FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# --- Production dependencies of the server alone ---------------------------------------------------
# The web app is served as built files and the workspace packages (@embauche/*) are bundled into
# dist (apps/server/build.mjs), so neither the web app's dependencies nor the workspace links are
# needed at run time.
FROM toolchain AS deps
RUN npm ci --omit=dev --workspace=apps/server \
  && rm -rf node_modules/@embauche \
  && npm cache clean --force

# --- Runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the app's user; only DATA_DIR is writable (the encryption key file
# when ENCRYPTION_KEY is unset, the SQLite file and uploads when no DATABASE_URL / STORAGE_URL).
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server ./apps/server
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/server
EXPOSE 3000
# 200 when the database answers (GET /api/health), with Node's own fetch: no curl in the image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "dist/main.js"]
