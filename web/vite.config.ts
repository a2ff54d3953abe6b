import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const STYLES = fileURLToPath(new URL('./src/ui/styles.css', import.meta.url));

/** Enough minification for hand-written CSS: comments and whitespace. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * All CSS goes inline into each page's <head>: no render-blocking request on a slow network, and
 * the CSP allows inline styles (not inline scripts).
 */
function inlineStyles(): Plugin {
  return {
    name: 'sahay-inline-styles',
    transformIndexHtml: (html) => html.replace('<!--inline-styles-->', () => `<style>${minifyCss(readFileSync(STYLES, 'utf8'))}</style>`),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), inlineStyles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The prerender script reads the manifest to add modulepreload links for each page's chunk.
    manifest: !isSsrBuild,
    // Every browser we target supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
  server: {
    proxy: { '/trpc': 'http://localhost:3000' },
  },
}));
