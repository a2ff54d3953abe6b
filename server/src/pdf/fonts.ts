import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type Glyph, type GlyphRun } from 'fontkit';
import * as harfbuzz from 'harfbuzzjs';

/**
 * The four faces every PDF uses. Noto Sans Devanagari has no Latin letters, so English runs use Noto
 * Sans; both have digits, common punctuation and ₹. The TTFs come from npm packages (pinned in
 * package-lock.json) rather than Debian's fonts-noto-core, so the same font files, and therefore the
 * same glyph IDs and the same PDF bytes, are used on every machine and in the Docker image.
 */
export type PdfFontName = 'latin' | 'latin-bold' | 'deva' | 'deva-bold';

export const PDF_FONT_FILES: Record<PdfFontName, string> = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  deva: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  'deva-bold': '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
};

// Resolved from this file, not from the working directory, so tools and the worker find them too.
const require = createRequire(import.meta.url);

export function resolvePdfFontFile(name: PdfFontName): string {
  return require.resolve(PDF_FONT_FILES[name]);
}

/**
 * Who shapes a document's text (decides which glyphs stand for the letters, and where they go).
 * `harfbuzz` for every document drawn now; `fontkit` only to re-draw a receipt issued before the
 * shaper was frozen in its issuer, byte for byte as it was issued (docs/decisions/082).
 */
export const SHAPERS = ['fontkit', 'harfbuzz'] as const;
export type Shaper = (typeof SHAPERS)[number];
export const CURRENT_SHAPER: Shaper = 'harfbuzz';

const opened: Partial<Record<Shaper, Record<PdfFontName, Font>>> = {};

/**
 * Each font is read and parsed once per process and shaper. pdfkit given a path or a buffer parses
 * the font again for every document (362–496 ms a receipt instead of 79 ms, LIBRARIES.md); given the
 * parsed font it only builds that document's subset. fontkit's caches on the shared object (parsed
 * tables, glyphs) fill on first use, so the first document of a process is the slow one (about 1.5 s).
 * Each shaper has font objects of its own: fontkit keeps one glyph object per glyph ID, with the
 * characters it was first made for, which pdfkit writes to the PDF's ToUnicode map; glyphs made by
 * one shaper must not change the bytes of documents drawn by the other.
 */
export function openPdfFonts(shaper: Shaper = CURRENT_SHAPER): Record<PdfFontName, Font> {
  return (opened[shaper] ??= {
    latin: openFont('latin', shaper),
    'latin-bold': openFont('latin-bold', shaper),
    deva: openFont('deva', shaper),
    'deva-bold': openFont('deva-bold', shaper),
  });
}

function openFont(name: PdfFontName, shaper: Shaper): Font {
  const file = resolvePdfFontFile(name);
  const bytes = fs.readFileSync(file);
  const font = create(bytes);
  if (!('layout' in font)) throw new Error(`${file} is a font collection; PDFs need a single TrueType font`);
  return withDecodedGlyphs(withShapingCache(shaper === 'harfbuzz' ? shapedByHarfBuzz(font, bytes) : font));
}

/**
 * The font with its text shaped by HarfBuzz (harfbuzzjs, HarfBuzz compiled to WebAssembly, pinned to
 * one version) instead of fontkit's own shaper: the glyphs and positions are HarfBuzz's — the shaper
 * browsers and operating systems use — and the glyph objects stay fontkit's, which pdfkit needs for
 * the subset, the widths and ToUnicode. fontkit took about 0.6 ms to shape a Devanagari word, HarfBuzz
 * under 0.1 ms, and a receipt shapes every name and address afresh (docs/decisions/082). Shaping with
 * features other than the defaults (tests only) stays with fontkit.
 */
function shapedByHarfBuzz(font: Font, bytes: Buffer): Font {
  const face = new harfbuzz.Face(new harfbuzz.Blob(new Uint8Array(bytes).buffer));
  const hbFont = new harfbuzz.Font(face);
  if (face.upem !== font.unitsPerEm) throw new Error(`HarfBuzz and fontkit disagree on ${font.postscriptName}'s units per em`);
  const shaped: Font = Object.create(font) as Font;
  // One buffer per face, emptied before each text: shaping is synchronous, and a buffer is freed
  // only when the garbage collector finds it, so one per word would hold WebAssembly memory longer.
  const buffer = new harfbuzz.Buffer();
  const glyphsWithText = new Map<string, Glyph>();
  /**
   * The glyph `id` standing for `codePoints`. fontkit keeps one glyph object per ID, with the
   * characters of the text that first asked for it in the process, and pdfkit writes those to the
   * PDF's ToUnicode map: a document's bytes would then depend on what the process drew before. Here
   * a glyph carries the characters of its own cluster, so a document is drawn alike in any process
   * (its outline and metrics are still fontkit's one glyph: the object inherits them). A cluster is a
   * syllable or less, never a whole word; the map starts again past SHAPING_CACHE_ENTRIES.
   */
  const glyphFor = (id: number, codePoints: number[]): Glyph => {
    const key = `${id}:${codePoints.join(',')}`;
    let glyph = glyphsWithText.get(key);
    if (glyph === undefined) {
      if (glyphsWithText.size >= SHAPING_CACHE_ENTRIES) glyphsWithText.clear();
      glyph = Object.create(font.getGlyph(id), { codePoints: { value: codePoints, enumerable: true } }) as Glyph;
      glyphsWithText.set(key, glyph);
    }
    return glyph;
  };
  shaped.layout = (text, features) => {
    if (features !== undefined) return font.layout(text, features);
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    harfbuzz.shape(hbFont, buffer);
    const infos = buffer.getGlyphInfos();
    const placed = buffer.getGlyphPositions();
    // A glyph's characters: from its cluster (a UTF-16 index) to the next cluster's start; the
    // first glyph of a cluster gets them all, as fontkit gives a ligature its components.
    const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
    const glyphs = infos.map((info, index) => {
      const first = index === 0 || infos[index - 1]!.cluster !== info.cluster;
      const end = starts.find((start) => start > info.cluster) ?? text.length;
      const codePoints = first ? [...text.slice(info.cluster, end)].map((char) => char.codePointAt(0)!) : [];
      return glyphFor(info.codepoint, codePoints);
    });
    const positions = placed.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance;
        return width;
      },
    };
  };
  return shaped;
}

/** fontkit's TrueType glyph as its subsetter reads it: `_decode` parses the outline from the glyf table. */
interface DecodableGlyph {
  _decode?: () => unknown;
}

/**
 * The font whose glyphs parse their outline once per process. Every document embeds a subset of
 * each face it uses (fontkit's TTFSubset), and the subsetter parses every glyph it copies — all its
 * points — only to learn whether it is made of other glyphs; a receipt copies the same few hundred
 * glyphs each time, and that parsing was a fifth of the embedding. The parsed outline is only read
 * (these are not variable fonts, whose points fontkit would change), so one parse serves every
 * document. Outlines are the font's own shapes: nothing about a person.
 */
function withDecodedGlyphs(font: Font): Font {
  const remembered = new WeakSet<object>();
  const decoding: Font = Object.create(font) as Font;
  decoding.getGlyph = (id, codePoints) => {
    const glyph = font.getGlyph(id, codePoints);
    const decodable = glyph as unknown as DecodableGlyph;
    if (!remembered.has(glyph) && typeof decodable._decode === 'function') {
      remembered.add(glyph);
      const decode = decodable._decode.bind(glyph);
      let decoded: { value: unknown } | undefined;
      decodable._decode = () => (decoded ??= { value: decode() }).value;
    }
    return glyph;
  };
  return decoding;
}

/**
 * Distinct texts shaped per face before the cache starts again. The fixed wording of the documents
 * is a few hundred texts; the rest (names, amounts, serials) is new with each document and never
 * asked for again, so a larger cache only keeps garbage alive: at 20,000, 3,000 receipts in a row
 * left 33 MiB of live heap behind, at 2,000 10 MiB, and no receipt drew slower (decision 084).
 */
const SHAPING_CACHE_ENTRIES = 2_000;

/**
 * The words whose shaping may be kept for the life of the process: the fixed wording of documents
 * (labels, declarations), amounts in words, the foundation's own details. Names, addresses and
 * anything else about a person are never marked, so they are shaped afresh each time and never
 * outlive their document in memory (an erased donor's name must not stay in a worker's cache).
 */
const shareable = new Set<string>();

/**
 * Marks texts that hold nothing about a person as worth shaping once per process. pdfkit shapes a
 * line word by word, each word with its trailing space, so both forms of every word are marked.
 */
export function markShareable(...texts: readonly (string | null | undefined)[]): void {
  if (shareable.size > SHAPING_CACHE_ENTRIES * 4) shareable.clear();
  for (const text of texts) {
    for (const word of text?.split(/[ \t]+/) ?? []) {
      if (word === '') continue;
      shareable.add(word);
      shareable.add(`${word} `);
    }
  }
}

/**
 * Whether a text may be shaped once per process: a marked word (see markShareable), that word with
 * punctuation before or after it ("संख्या:" of the label "पंजीकरण संख्या"), or a figure that names
 * nobody — a date ("02/05/2026"), an amount ("₹5,000.00", "12500.50"), a financial year
 * ("2026-27") or a number of at most 4 digits (a page, a count). A longer bare run of digits (a
 * phone or account number, with or without dashes) is not.
 */
export function isShareable(text: string): boolean {
  if (shareable.has(text)) return true;
  const word = text.replace(EDGE_PUNCTUATION, '');
  if (word !== text && word !== '' && shareable.has(word)) return true;
  return FIGURES.some((figure) => figure.test(word));
}

const EDGE_PUNCTUATION = /^[(["'“‘]+|[)\]"'”’:;,.!?]+$/gu;
const FIGURES = [/^\d{1,4}$/u, /^\d{2}\/\d{2}\/\d{4}$/u, /^\d{4}-\d{2}$/u, /^₹?\d{1,3}(,\d{2,3})*\.\d{2}$/u, /^₹\d{1,3}(,\d{2,3})*$/u, /^\d+\.\d{2}$/u];

/** Whether every word of a text may be kept for the life of the process (its lines too: text.ts). */
export function isShareableText(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every(isShareable);
}

/** For tests: whether any face holds the shaping of `text` now. */
export function isShapingCached(text: string): boolean {
  // The text itself (with or without its trailing space), or after a features prefix: not any key
  // that merely ends with it (a shareable "ABCDE98765" is no cached "98765").
  const keys = new Set([text, `${text} `]);
  return caches.some((runs) => [...runs.keys()].some((key) => keys.has(key.slice(key.indexOf('\u0000') + 1))));
}

const caches: Map<string, GlyphRun>[] = [];

/**
 * The font with a process-wide cache of its shaping. Shaping (fontkit's GSUB/GPOS lookups, heavy for
 * Devanagari) was two thirds of a receipt's time, and pdfkit caches it only within one document,
 * while every receipt repeats the same labels, declaration and digits. Only texts marked shareable
 * are kept (markShareable). pdfkit scales the positions of the run it gets in place, so each call
 * gets its own copy of them; the glyphs are shared and only read. The answer is the same run
 * fontkit gives, so the PDF bytes do not change (docs/decisions/025).
 */
export function withShapingCache(font: Font): Font {
  const runs = new Map<string, GlyphRun>();
  caches.push(runs);
  const cached: Font = Object.create(font) as Font;
  cached.layout = (text, features) => {
    if (!isShareable(text)) return font.layout(text, features);
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = runs.get(key);
    if (run === undefined) {
      if (runs.size >= SHAPING_CACHE_ENTRIES) runs.clear();
      run = font.layout(text, features);
      runs.set(key, run);
    }
    return copyOfRun(run);
  };
  return cached;
}

/**
 * The four faces for one document. Besides the process-wide cache above, each face keeps, for the
 * life of this document only, the shaping of everything else it is asked for (a donor's name is
 * measured while lines are broken and again when drawn), and shapes a word and its trailing spaces
 * apart: pdfkit asks for "शर्मा " inside a line and "शर्मा" at its end, and a space never changes
 * how the letters before it are shaped (checked in fonts.test.ts over every word of the documents).
 * The document's memory goes with the document, so nothing about a person outlives it.
 */
export function fontsForDocument(shaper: Shaper): Record<PdfFontName, Font> {
  const fonts = openPdfFonts(shaper);
  return {
    latin: withDocumentMemo(fonts.latin),
    'latin-bold': withDocumentMemo(fonts['latin-bold']),
    deva: withDocumentMemo(fonts.deva),
    'deva-bold': withDocumentMemo(fonts['deva-bold']),
  };
}

/** A run as pdfkit keeps it: positions already scaled to its 1000-unit em, glyphs fontkit's own. */
export interface ScaledRun {
  readonly glyphs: GlyphRun['glyphs'];
  readonly positions: GlyphRun['positions'];
  readonly advanceWidth: number;
}

/** Words pdfkit has laid out, per shaper and face, for every later document (only shareable ones: see below). */
const scaledRuns: Record<Shaper, Record<PdfFontName, Record<string, ScaledRun>>> = { fontkit: emptyScaledRuns(), harfbuzz: emptyScaledRuns() };
const scaledRunCounts: Record<Shaper, number> = { fontkit: 0, harfbuzz: 0 };

function emptyScaledRuns(): Record<PdfFontName, Record<string, ScaledRun>> {
  return { latin: Object.create(null), 'latin-bold': Object.create(null), deva: Object.create(null), 'deva-bold': Object.create(null) } as Record<PdfFontName, Record<string, ScaledRun>>;
}

/**
 * The cache a new document's face starts from: pdfkit keeps, per document and face, each word it
 * has laid out, already scaled (its `layoutCache`); a new document's cache has the words of earlier
 * documents as its prototype, so a label or a declaration is found there instead of being copied,
 * scaled and stored again for every receipt. What the document adds stays in its own object and goes
 * with it; keepLaidOutWords passes on only the shareable words.
 */
export function laidOutWordsFor(shaper: Shaper, name: PdfFontName): Record<string, ScaledRun> {
  return Object.create(scaledRuns[shaper][name]) as Record<string, ScaledRun>;
}

/**
 * After a document: its faces' shareable words join the cache later documents start from. Nothing
 * reads or changes a kept run again but pdfkit's layout, which copies the arrays it joins (the
 * positions are only read when drawing), so one run may serve every document.
 */
export function keepLaidOutWords(shaper: Shaper, name: PdfFontName, own: Record<string, ScaledRun>): void {
  const shared = scaledRuns[shaper][name];
  for (const word of Object.keys(own)) {
    if (word in shared || !isShareable(word)) continue;
    if (scaledRunCounts[shaper] >= SHAPING_CACHE_ENTRIES) {
      scaledRuns[shaper] = emptyScaledRuns();
      scaledRunCounts[shaper] = 0;
      return;
    }
    shared[word] = own[word]!;
    scaledRunCounts[shaper]++;
  }
}

/** For tests: whether a word's laid-out run is kept for later documents in `name`, drawn by `shaper`. */
export function isWordLaidOut(name: PdfFontName, word: string, shaper: Shaper = CURRENT_SHAPER): boolean {
  return word in scaledRuns[shaper][name];
}

/** The shaper each open document was started with (PdfLayout), for caches keyed by it (text.ts). */
const documentShapers = new WeakMap<object, Shaper>();

export function setDocumentShaper(doc: object, shaper: Shaper): void {
  documentShapers.set(doc, shaper);
}

/** The shaper of a document; one not started by PdfLayout (tests drawing on pdfkit directly) has the current one. */
export function shaperOf(doc: object): Shaper {
  return documentShapers.get(doc) ?? CURRENT_SHAPER;
}

const TRAILING_SPACES = /^(.*?\S)( +)$/su;

export function withDocumentMemo(font: Font): Font {
  const runs = new Map<string, GlyphRun>();
  const memo: Font = Object.create(font) as Font;
  const shape = (text: string): GlyphRun => {
    let run = runs.get(text);
    if (run === undefined) {
      run = font.layout(text);
      runs.set(text, run);
    }
    return run;
  };
  memo.layout = (text, features) => {
    // Features other than the defaults are rare (tests): shaped as asked, without the memo.
    if (features !== undefined) return font.layout(text, features);
    const parts = TRAILING_SPACES.exec(text);
    if (!parts) return copyOfRun(shape(text));
    return joinedRuns(shape(parts[1]!), shape(parts[2]!));
  };
  return memo;
}

function joinedRuns(first: GlyphRun, second: GlyphRun): GlyphRun {
  return copyOfRun({ glyphs: [...first.glyphs, ...second.glyphs], positions: [...first.positions, ...second.positions], advanceWidth: 0 });
}

function copyOfRun(run: GlyphRun): GlyphRun {
  const positions = run.positions.map((position) => ({ ...position }));
  return {
    glyphs: run.glyphs,
    positions,
    get advanceWidth() {
      let width = 0;
      for (const position of positions) width += position.xAdvance;
      return width;
    },
  };
}
