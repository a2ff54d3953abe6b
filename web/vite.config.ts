import crypto from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
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
 * Noto Sans Devanagari, self-hosted (fontsource's Devanagari subset, two weights: 600 and 800 fall
 * back to the nearest). Cut down further to the Devanagari block and the joiners — what Hindi text
 * uses; rare Vedic signs fall back to the system font — with HarfBuzz, which keeps the conjunct
 * and mark rules for what remains (about 20 % smaller). A device that has the font installed
 * (Android does) uses its own copy (local()). File names carry a content hash: cached for good.
 */
const FONT_WEIGHTS = [400, 700] as const;
const FONT_LOCAL_NAMES: Record<(typeof FONT_WEIGHTS)[number], string[]> = {
  400: ['Noto Sans Devanagari Regular', 'NotoSansDevanagari-Regular'],
  700: ['Noto Sans Devanagari Bold', 'NotoSansDevanagari-Bold'],
};
const DEVANAGARI_TEXT = String.fromCodePoint(...Array.from({ length: 0x80 }, (_, index) => 0x0900 + index), 0x200c, 0x200d, 0x25cc);
const UNICODE_RANGE_DEVANAGARI = 'U+0900-097F,U+200C-200D,U+25CC';

interface Font {
  weight: (typeof FONT_WEIGHTS)[number];
  source: Buffer;
  fileName: string;
}

async function devanagariFonts(): Promise<Font[]> {
  return Promise.all(
    FONT_WEIGHTS.map(async (weight) => {
      const original = readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`));
      const source = await subsetFont(original, DEVANAGARI_TEXT, { targetFormat: 'woff2' });
      const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
      return { weight, source, fileName: `assets/noto-sans-devanagari-${weight}-${hash}.woff2` };
    }),
  );
}

export function fontFaceCss(fonts: ReadonlyArray<Pick<Font, 'weight' | 'fileName'>>): string {
  return fonts
    .map(({ weight, fileName }) => {
      const local = FONT_LOCAL_NAMES[weight].map((name) => `local("${name}")`).join(',');
      return `@font-face{font-family:"Sahay Devanagari";font-style:normal;font-weight:${weight};font-display:swap;src:${local},url(/${fileName}) format("woff2");unicode-range:${UNICODE_RANGE_DEVANAGARI}}`;
    })
    .join('');
}

/**
 * All CSS goes inline into each page's <head>: no render-blocking request on a slow network, and
 * the CSP allows inline styles (not inline scripts). The fonts are emitted as hashed assets.
 */
function inlineStylesAndFonts(): Plugin {
  let fonts: Promise<Font[]> | undefined;
  const ready = () => (fonts ??= devanagariFonts());
  return {
    name: 'sahay-inline-styles',
    async transformIndexHtml(html) {
      const css = `${fontFaceCss(await ready())}${minifyCss(readFileSync(STYLES, 'utf8'))}`;
      return html.replace('<!--inline-styles-->', () => `<style>${css}</style>`);
    },
    async generateBundle() {
      for (const font of await ready()) this.emitFile({ type: 'asset', fileName: font.fileName, source: font.source });
    },
  };
}

/**
 * Lists the source files outside web/ that went into the build (the server's schemas and shared
 * code the app imports) in dist/inputs.<client|server>.json, for the stamp that lets `npm start`
 * skip a build whose inputs did not change (worker/src/build.ts). Files under web/ are all hashed.
 */
function recordOutsideInputs(kind: 'client' | 'server'): Plugin {
  const webDir = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'sahay-record-inputs',
    apply: 'build',
    writeBundle() {
      const outside = [...this.getModuleIds()]
        .map((id) => id.split('?')[0]!)
        .filter((id) => path.isAbsolute(id) && !id.startsWith(webDir) && !id.includes(`${path.sep}node_modules${path.sep}`));
      mkdirSync(path.join(webDir, 'dist'), { recursive: true });
      writeFileSync(path.join(webDir, 'dist', `inputs.${kind}.json`), JSON.stringify([...new Set(outside)].sort()));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [inlineStylesAndFonts()]), recordOutsideInputs(isSsrBuild ? 'server' : 'client')],
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
