import type { PdfFontName } from './fonts.ts';
import { isShareableText, openPdfFonts, shaperOf } from './fonts.ts';

/**
 * Text in two scripts on one line. Noto Sans Devanagari has no Latin letters and Noto Sans no
 * Devanagari conjuncts, so a string such as "Donor / दाता: कृष्ण Kumar" is cut into runs, each
 * shaped by fontkit in its own font, and the runs are placed on a shared alphabetic baseline.
 * Lines are broken here rather than by pdfkit's wrapper: its `continued: true` wrapping measures each
 * fragment in its own font but cannot tell us a paragraph's height before drawing, which tables
 * need to decide where a page ends.
 */
export type Script = 'latin' | 'deva';

export interface ScriptRun {
  script: Script;
  text: string;
}

// Script_Extensions, so the danda (।, shared by Indic scripts) and the Vedic signs count as Devanagari.
const DEVANAGARI = /\p{Script_Extensions=Devanagari}/u;
/** ZWJ / ZWNJ change how a conjunct is drawn, so they stay with the letters around them. */
const JOINER = /[\u200C\u200D]/u;
/** Characters of no script (spaces, digits, punctuation, ₹): they join the run they stand in. */
const NEUTRAL = /[\s\p{N}\p{P}\p{S}\p{Zs}]/u;

/** Splits text into runs of one script each; neutral characters join the run before them. */
export function splitScriptRuns(text: string): ScriptRun[] {
  const fonts = openPdfFonts();
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const char of text) {
    const last = runs.at(-1);
    if (DEVANAGARI.test(char) || JOINER.test(char)) {
      const script: Script = DEVANAGARI.test(char) ? 'deva' : (last?.script ?? 'deva');
      push(script, pending + char);
      pending = '';
    } else if (NEUTRAL.test(char)) {
      const codePoint = char.codePointAt(0) ?? 0;
      // A neutral character the Devanagari face lacks goes to a Latin run, whatever surrounds it.
      if (last?.script === 'deva' && !fonts.deva.hasGlyphForCodePoint(codePoint)) {
        push('latin', pending + char);
        pending = '';
      } else if (last) {
        last.text += pending + char;
        pending = '';
      } else {
        pending += char;
      }
    } else {
      push('latin', pending + char);
      pending = '';
    }
  }
  if (pending) push('latin', pending);
  return runs;

  function push(script: Script, chars: string) {
    const last = runs.at(-1);
    if (last?.script === script) last.text += chars;
    else runs.push({ script, text: chars });
  }
}

export function fontFor(script: Script, bold: boolean): PdfFontName {
  if (script === 'deva') return bold ? 'deva-bold' : 'deva';
  return bold ? 'latin-bold' : 'latin';
}

export interface TextStyle {
  /** Font size in points. */
  size: number;
  bold?: boolean;
  /** Any colour pdfkit accepts; black by default. */
  color?: string;
}

export interface PlacedRun {
  script: Script;
  font: PdfFontName;
  text: string;
  width: number;
}

export interface TextLine {
  runs: PlacedRun[];
  width: number;
}

/**
 * Vertical metrics shared by both scripts, from the fonts themselves: the tallest ascender (Noto
 * Sans, room for stacked accents) and the deepest descender (Noto Sans Devanagari, room for ृ and
 * the below-base ra), so mixed lines have one even spacing and nothing overlaps.
 */
export function lineMetrics(size: number): { ascent: number; lineHeight: number } {
  const { ascent, descent } = (perEm ??= metricsPerEm());
  return { ascent: ascent * size, lineHeight: (ascent + descent) * size };
}

/** The font files' metrics, the same for every shaper and document: read once per process (every line asked for them). */
let perEm: { ascent: number; descent: number } | undefined;
function metricsPerEm(): { ascent: number; descent: number } {
  const fonts = Object.values(openPdfFonts());
  return {
    ascent: Math.max(...fonts.map((font) => font.ascent / font.unitsPerEm)),
    descent: Math.max(...fonts.map((font) => -font.descent / font.unitsPerEm)),
  };
}

function measureRuns(doc: PDFKit.PDFDocument, text: string, style: TextStyle): TextLine {
  const runs = splitScriptRuns(text).map((run) => {
    const font = fontFor(run.script, style.bold ?? false);
    return { script: run.script, font, text: run.text, width: doc.font(font).fontSize(style.size).widthOfString(run.text) };
  });
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/**
 * Breaks text into lines no wider than `width`: at spaces, and inside a word only when the word
 * alone is wider than the line (then between grapheme clusters, so a conjunct is never cut).
 * Newlines start a new line; an empty paragraph keeps its height.
 */
export function layoutText(doc: PDFKit.PDFDocument, text: string, style: TextStyle & { width: number }): readonly TextLine[] {
  // A text that names nobody (a label, a declaration, the foundation's details: fonts.ts) is laid
  // out once per process: its lines depend only on the words, the shaper, the fonts, the size and the width.
  const key = isShareableText(text) ? `${shaperOf(doc)}\u0000${style.size}\u0000${style.bold ? 1 : 0}\u0000${style.width}\u0000${text}` : null;
  const known = key === null ? undefined : laidOut.get(key);
  if (known) return known;
  const lines = breakLines(doc, text, style);
  if (key !== null) {
    if (laidOut.size >= LAID_OUT_ENTRIES) laidOut.clear();
    laidOut.set(key, lines);
  }
  return lines;
}

/** Texts laid out and kept (each a few lines of runs) before the cache starts again; see SHAPING_CACHE_ENTRIES in fonts.ts. */
const LAID_OUT_ENTRIES = 1_000;
const laidOut = new Map<string, readonly TextLine[]>();

export function breakLines(doc: PDFKit.PDFDocument, text: string, style: TextStyle & { width: number }): TextLine[] {
  const lines: TextLine[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/[ \t]+/).filter(Boolean);
    if (words.length === 0) {
      lines.push({ runs: [], width: 0 });
      continue;
    }
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (measureRuns(doc, candidate, style).width <= style.width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(measureRuns(doc, current, style));
      current = '';
      if (measureRuns(doc, word, style).width <= style.width) {
        current = word;
        continue;
      }
      for (const { segment } of graphemes.segment(word)) {
        const longer = current + segment;
        if (current && measureRuns(doc, longer, style).width > style.width) {
          lines.push(measureRuns(doc, current, style));
          current = segment;
        } else {
          current = longer;
        }
      }
    }
    if (current) lines.push(measureRuns(doc, current, style));
  }
  return lines;
}

export type Align = 'left' | 'center' | 'right';

/**
 * The language a run is tagged with. A Devanagari run is Hindi; anything else (English, and digits,
 * amounts and codes, which read the same in either language) is English. The document's own
 * language is English (en-IN), so a screen reader switches voice only where the script does.
 */
export function languageOf(script: Script): 'hi-IN' | 'en-IN' {
  return script === 'deva' ? 'hi-IN' : 'en-IN';
}

/**
 * Each run is drawn as a marked-content Span with its language. A Devanagari run also carries its
 * own text as /ActualText: shaping puts the glyphs in visual order (ि before its consonant, the reph
 * after the syllable it sits on, conjuncts as one glyph), and the font's ToUnicode can only map a
 * glyph, not a cluster, so without it copy, search, pdftotext and screen readers get "िसिवल" for
 * "सिविल"; with it they get the source string itself (docs/decisions/053). Latin runs keep their
 * glyph-by-glyph text, so a reader can still select part of a word or a number.
 *
 * With `element`, the Span is that structure element's content (its own MCID), so a paragraph or a
 * cell is a sequence of Spans and no marked content is nested in another: poppler's structure
 * reader drops the rest of a sequence after a nested one ends. Without it (an artifact: a page
 * number, a watermark), the Span only carries the language and the text.
 */
function drawRun(doc: PDFKit.PDFDocument, run: PlacedRun, x: number, baseline: number, style: TextStyle, element?: PDFKit.PDFStructureElement): void {
  const span = run.script === 'deva' ? { lang: languageOf(run.script), actual: run.text } : { lang: languageOf(run.script) };
  let content: PDFKit.PDFStructureContent | undefined;
  aroundTextObject(
    doc,
    () => (element ? (content = doc.markStructureContent('Span', span)) : doc.markContent('Span', span)),
    () => doc.endMarkedContent(),
    () =>
      doc
        .font(run.font)
        .fontSize(style.size)
        .fillColor(style.color ?? 'black')
        // lineBreak: false keeps pdfkit's own wrapper (and its automatic page breaks) out of the way.
        .text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' }),
  );
  if (element && content) element.add(content);
}

/**
 * Runs `draw` (one pdfkit text() of one run) with `begin` written just before its BT and `end` just
 * after its ET. pdfkit wraps a text object in q … Q with its own transformation (it flips its
 * top-down coordinates back for the glyphs); a Span around that, where markContent() would put it,
 * ends under the flipped transformation, and poppler places an ActualText with the transformation
 * in force at its end: the Hindi landed mirrored, at the foot of the page, in pdftotext's output.
 * Inside the q … Q the state is the one the glyphs were drawn in. pdfkit 0.20 writes exactly one
 * text object for a run drawn with lineBreak: false; anything else is refused rather than mis-tagged.
 */
function aroundTextObject(doc: PDFKit.PDFDocument, begin: () => void, end: () => void, draw: () => void): void {
  const addContent = doc.addContent;
  let textObjects = 0;
  doc.addContent = function (this: PDFKit.PDFDocument, data: unknown) {
    if (data === 'BT') {
      doc.addContent = addContent;
      begin();
      doc.addContent = wrapped;
    }
    addContent.call(this, data);
    if (data === 'ET') {
      textObjects++;
      doc.addContent = addContent;
      end();
      doc.addContent = wrapped;
    }
    return this;
  };
  const wrapped = doc.addContent;
  try {
    draw();
  } finally {
    doc.addContent = addContent;
  }
  if (textObjects !== 1) throw new Error(`pdfkit wrote ${textObjects} text objects for one run; a Span must hold exactly one`);
}

/**
 * Draws lines laid out by layoutText with their top at `y`; returns the height used. With
 * `element`, every run becomes that structure element's content (see drawRun).
 */
export function drawLines(
  doc: PDFKit.PDFDocument,
  lines: readonly TextLine[],
  box: { x: number; y: number; width: number; align?: Align },
  style: TextStyle,
  element?: PDFKit.PDFStructureElement,
): number {
  const { ascent, lineHeight } = lineMetrics(style.size);
  lines.forEach((line, index) => {
    const baseline = box.y + index * lineHeight + ascent;
    let x = box.x;
    if (box.align === 'right') x += box.width - line.width;
    if (box.align === 'center') x += (box.width - line.width) / 2;
    for (const run of line.runs) {
      drawRun(doc, run, x, baseline, style, element);
      x += run.width;
    }
  });
  return lines.length * lineHeight;
}
