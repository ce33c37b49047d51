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
# The server runs from build/ alone; app/ and scripts/ are for the operator scripts run in the
# container (npm run orders, migrate-to-postgres, check-live).
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
# The owner configuration (demo values); mount your own over it or point SITE_CONFIG at one.
COPY --from=build /app/config ./config
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM lets in-flight requests finish; the server forces exit after 10 s. Give it longer than
# that before SIGKILL: `docker stop -t 15`, or `stop_grace_period: 15s` in Compose (README).
STOPSIGNAL SIGTERM
# V8 flags as in scripts/server-flags.js (young generation capped: RSS levels off under load).
CMD ["node", "--max-semi-space-size=16", "server/index.js"]
