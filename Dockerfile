# syntax=docker/dockerfile:1
# Member app: build with dev dependencies, run with production ones only.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall applies them (patch-package): React's stream writer fix, docs/decisions/0090.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/scripts ./scripts
# The server scripts/start.mjs runs: the front door, then remix-serve's pieces and Remix.
COPY --from=build --chown=node:node /app/server.mjs ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Required at run time (see README "Configuration"): BACKEND_URL, SESSION_SECRET
# and APP_ORIGIN, the public origin(s) members use (https://member.example.com).
# `npm start` without npm: node is PID 1 and gets `docker stop`'s SIGTERM
# itself (npm would exit on it and leave the server to be killed).
CMD ["node", "scripts/start.mjs"]
