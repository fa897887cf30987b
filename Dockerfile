# syntax=docker/dockerfile:1
# Production image: Node 24, dependencies installed from the lockfile, the
# server bundle built in a separate stage, running as the unprivileged "node"
# user. Use it with DATABASE_URL (see compose.yaml and docs/deploy.md).

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build && node scripts/precompress.mjs

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# server/main.ts runs as TypeScript directly; drizzle/ holds the migrations
# applied at boot; app/ and scripts/ serve the command-line tools (tsx).
COPY server ./server
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY app ./app
COPY tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node receives SIGTERM directly (no npm in between) and drains before exiting.
# The V8 heap settings are server/node-flags.ts's (docs/decisions/0054): keep them in step.
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=1024", "server/main.ts"]
