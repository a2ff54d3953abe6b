import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const STYLES = fileURLToPath(new URL('./src/ui/styles.css', import.meta.url));
const require = createRequire(import.meta.url);

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
 * Noto Sans Devanagari, self-hosted: only its Devanagari subset (Latin text uses the system font)
 * and two weights (600 and 800 fall back to the nearest). The file names carry a content hash, so
 * they are cached for good like the scripts.
 */
const FONT_WEIGHTS = [400, 700] as const;
const UNICODE_RANGE_DEVANAGARI = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF';

function devanagariFonts() {
  return FONT_WEIGHTS.map((weight) => {
    const source = readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`));
    const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
    return { weight, source, fileName: `assets/noto-sans-devanagari-${weight}-${hash}.woff2` };
  });
}

export function fontFaceCss(fonts: ReadonlyArray<{ weight: number; fileName: string }>): string {
  return fonts
    .map(
      ({ weight, fileName }) =>
        `@font-face{font-family:"Sahay Devanagari";font-style:normal;font-weight:${weight};font-display:swap;src:url(/${fileName}) format("woff2");unicode-range:${UNICODE_RANGE_DEVANAGARI}}`,
    )
    .join('');
}

/**
 * All CSS goes inline into each page's <head>: no render-blocking request on a slow network, and
 * the CSP allows inline styles (not inline scripts). The fonts are emitted as hashed assets.
 */
function inlineStylesAndFonts(): Plugin {
  const fonts = devanagariFonts();
  return {
    name: 'sahay-inline-styles',
    transformIndexHtml: (html) => html.replace('<!--inline-styles-->', () => `<style>${fontFaceCss(fonts)}${minifyCss(readFileSync(STYLES, 'utf8'))}</style>`),
    generateBundle() {
      for (const font of fonts) this.emitFile({ type: 'asset', fileName: font.fileName, source: font.source });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [inlineStylesAndFonts()])],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    // scripts/finish-build.ts reads the manifest to list each page's chunks for modulepreload links.
    manifest: !isSsrBuild,
    // Every browser we target supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    reportCompressedSize: !isSsrBuild,
  },
}));
