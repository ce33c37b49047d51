# syntax=docker/dockerfile:1
# Build stage: full dependencies, production build.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only. `npm prune --omit=dev` would keep optional peer dependencies
# (TypeScript, @types/node: about 27 MB the server never loads); --omit=optional drops them.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

# Runtime stage: production dependencies and the build only.
FROM node:24-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
# The server runs from build/ alone; app/ and scripts/ are for the operator commands run in the
# container (backup and restore, orders, owner, migrate-to-postgres, check-live, the health check).
# scripts/ holds operator commands only; the developer's (tests, lint, lock fixing) are in tools/,
# which stays out of the image.
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
# The owner configuration (demo values); mount your own over it or point SITE_CONFIG at one.
COPY --from=build /app/config ./config
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Asks /healthz where the server listens (HOST may be one address, not loopback).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 CMD ["node", "scripts/healthcheck.js"]
# SIGTERM lets in-flight requests finish; the server forces exit after 10 s. Give it longer than
# that before SIGKILL: `docker stop -t 15`, or `stop_grace_period: 15s` in Compose (docs/operating.md).
STOPSIGNAL SIGTERM
# server/index.js adds the server's V8 flags itself (scripts/server-flags.js, their one place).
CMD ["node", "server/index.js"]
