import type { PdfFontName } from './fonts.ts';
import { openPdfFonts } from './fonts.ts';

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
  const fonts = Object.values(openPdfFonts());
  const ascent = Math.max(...fonts.map((font) => font.ascent / font.unitsPerEm));
  const descent = Math.max(...fonts.map((font) => -font.descent / font.unitsPerEm));
  return { ascent: ascent * size, lineHeight: (ascent + descent) * size };
}

function measureRuns(doc: PDFKit.PDFDocument, text: string, style: TextStyle): TextLine {
  const runs = splitScriptRuns(text).map((run) => {
    const font = fontFor(run.script, style.bold ?? false);
    return { font, text: run.text, width: doc.font(font).fontSize(style.size).widthOfString(run.text) };
  });
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/**
 * Breaks text into lines no wider than `width`: at spaces, and inside a word only when the word
 * alone is wider than the line (then between grapheme clusters, so a conjunct is never cut).
 * Newlines start a new line; an empty paragraph keeps its height.
 */
export function layoutText(doc: PDFKit.PDFDocument, text: string, style: TextStyle & { width: number }): TextLine[] {
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

/** Draws lines laid out by layoutText with their top at `y`; returns the height used. */
export function drawLines(
  doc: PDFKit.PDFDocument,
  lines: readonly TextLine[],
  box: { x: number; y: number; width: number; align?: Align },
  style: TextStyle,
): number {
  const { ascent, lineHeight } = lineMetrics(style.size);
  lines.forEach((line, index) => {
    const baseline = box.y + index * lineHeight + ascent;
    let x = box.x;
    if (box.align === 'right') x += box.width - line.width;
    if (box.align === 'center') x += (box.width - line.width) / 2;
    for (const run of line.runs) {
      // lineBreak: false keeps pdfkit's own wrapper (and its automatic page breaks) out of the way.
      doc
        .font(run.font)
        .fontSize(style.size)
        .fillColor(style.color ?? 'black')
        .text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += run.width;
    }
  });
  return lines.length * lineHeight;
}
