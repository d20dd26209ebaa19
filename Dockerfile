# syntax=docker/dockerfile:1
# The production image (docs/deploy.md): built in one stage, run from a slim one with production
# dependencies only, as a non-root user, with a health check on /readyz.

# --- build: every dependency, then `npm run build` ---------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The public URL the prerendered pages name (canonical links, sitemap): set it at build time.
ARG VITE_SITE_URL=http://localhost:3000
ENV VITE_SITE_URL=$VITE_SITE_URL
RUN npm run build

# --- tools: the build stage plus pg_dump, for npm run seed / backup / restore / db:migrate -----
FROM build AS tools
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*

# --- production dependencies only (about a third smaller than a full install) ------------------
# Optional dependencies stay: sharp's prebuilt binary for this platform is one (previews,
# decision 093); npm installs only the ones for this OS and CPU.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- the image that runs ------------------------------------------------------------------------
FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# pdftoppm (poppler-utils) draws a PDF's first page for its preview (decision 093).
RUN apt-get update \
  && apt-get install -y --no-install-recommends poppler-utils \
  && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts runs from source (Node strips the types) with the few app modules it imports, and
# the migrations the app applies at start.
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p /data/files && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.ts"]
