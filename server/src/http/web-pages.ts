import fs from 'node:fs';
import path from 'node:path';
import type { Express, Request, Response } from 'express';
import express from 'express';

interface RoutesManifest {
  pages: { pattern: string; file: string }[];
  app: string;
  notFound: string;
  appPrefixes: string[];
}

function matches(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every((part, index) => part.startsWith(':') || part === pathParts[index]);
}

/**
 * Serves the built web app: hashed assets with long caching, prerendered public pages, the app
 * shell for member and admin areas, and the 404 page with an HTTP 404 for anything else.
 */
export function mountWebPages(app: Express, distDir: string): void {
  const manifestPath = path.join(distDir, 'routes.json');
  if (!fs.existsSync(manifestPath)) {
    app.get('/', (_req, res) => {
      res.status(503).type('text').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    });
    return;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as RoutesManifest;
  const pageHtml = new Map<string, string>();
  const read = (file: string) => {
    let html = pageHtml.get(file);
    if (html === undefined) {
      html = fs.readFileSync(path.join(distDir, file), 'utf8');
      pageHtml.set(file, html);
    }
    return html;
  };
  const sendPage = (res: Response, file: string, status = 200) => {
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(read(file));
  };

  app.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  // redirect: false — a prerendered page lives in a folder (login/index.html) but its URL has no trailing slash.
  app.use(express.static(distDir, { index: false, redirect: false, maxAge: '1h', extensions: [] }));

  app.get(/.*/, (req: Request, res: Response) => {
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const page = manifest.pages.find((candidate) => matches(candidate.pattern, pathname));
    if (page) return sendPage(res, page.file);
    if (manifest.appPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return sendPage(res, manifest.app);
    }
    return sendPage(res, manifest.notFound, 404);
  });
}
