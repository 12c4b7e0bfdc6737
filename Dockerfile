# Build and run the gateway (used by docker-compose.yml). Node 24 is the current LTS; the code and
# CI also run on Node 20 (package.json engines: >=20.10).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm workspaces: npm ci needs each one's manifest to match the lockfile.
COPY sdk/package.json sdk/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# Audit spill and dead-letter files (and a generated admin token) live here: a volume, so they
# outlive the container. Created and owned by node before VOLUME, so a new volume inherits both.
ENV DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The web app (website, console, admin area), bundled by Vite; the gateway serves it (WEB_APP_DIR).
COPY --from=build /app/web/dist ./web/dist
# The documentation pages, which the gateway serves under /docs/guide (DOCS_DIR): every error body links them.
COPY --from=build /app/docs ./docs
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/package.json ./
RUN mkdir -p /app/.data && chown node:node /app/.data && chmod 0700 /app/.data
VOLUME /app/.data
USER node
EXPOSE 3000
CMD ["node", "dist/src/main.js"]
