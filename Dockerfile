# One image for the server and the worker (docker-compose.yml picks the command).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY worker/package.json worker/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# qpdf checks uploaded PDFs (docs/decisions/016); without it PDF uploads are refused. poppler-utils'
# pdftocairo shows a Kanyadan PDF's pages to the verification team as images (docs/decisions/026).
RUN apt-get update && apt-get install -y --no-install-recommends qpdf poppler-utils && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --workspaces --include-workspace-root && chown -R node:node /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "serve"]
