import { describe, expect, it } from 'vitest';
import { DEVANAGARI_TEST_WORDS } from './devanagari-test-words.ts';
import { markShareable, openPdfFonts, resolvePdfFontFile } from './fonts.ts';
import reference from './harfbuzz-reference.json' with { type: 'json' };
import { createPdfLayout } from './pdf-layout.ts';
import { breakLines, fontFor, layoutText, splitScriptRuns } from './text.ts';

describe('script runs', () => {
  it('cuts a mixed string where the script changes, spaces and punctuation staying in the run they follow', () => {
    expect(splitScriptRuns('Donor / दाता: कृष्ण Kumar (₹ 1,100)')).toEqual([
      { script: 'latin', text: 'Donor / ' },
      { script: 'deva', text: 'दाता: कृष्ण ' },
      { script: 'latin', text: 'Kumar (₹ 1,100)' },
    ]);
  });

  it('gives leading neutral characters to the first run, and keeps joiners with their conjunct', () => {
    expect(splitScriptRuns('(श्रीमती)')).toEqual([{ script: 'deva', text: '(श्रीमती)' }]);
    expect(splitScriptRuns('12 क्\u200Dष')).toEqual([{ script: 'deva', text: '12 क्\u200Dष' }]);
    expect(splitScriptRuns('')).toEqual([]);
    expect(splitScriptRuns('42')).toEqual([{ script: 'latin', text: '42' }]);
  });

  it('puts a neutral character the Devanagari font lacks into a Latin run', () => {
    const missing = [...'†‰√∞'].find((char) => !openPdfFonts().deva.hasGlyphForCodePoint(char.codePointAt(0)!));
    expect(missing, 'a symbol Noto Sans Devanagari lacks').toBeDefined();
    expect(splitScriptRuns(`दान${missing}`)).toEqual([
      { script: 'deva', text: 'दान' },
      { script: 'latin', text: missing },
    ]);
  });

  it('every run can be drawn by its font: no .notdef boxes for either script', () => {
    const fonts = openPdfFonts();
    const text = 'Sahay Foundation / सहाय फ़ाउंडेशन — ₹ 1,100.00, क्षेत्र: आर्द्र। Page 1 of 2 / पृष्ठ 1 / 2';
    for (const run of splitScriptRuns(text)) {
      for (const bold of [false, true]) {
        const font = fonts[fontFor(run.script, bold)];
        const glyphs = font.layout(run.text).glyphs;
        expect(glyphs.filter((glyph) => glyph.id === 0).map((glyph) => String.fromCodePoint(...glyph.codePoints)), `${run.text} in ${font.postscriptName}`).toEqual([]);
      }
    }
  });
});

describe('fonts', () => {
  it('come from the npm packages, resolved from this file whatever the working directory', () => {
    expect(resolvePdfFontFile('deva')).toMatch(/node_modules\/@expo-google-fonts\/noto-sans-devanagari\/400Regular\/NotoSansDevanagari_400Regular\.ttf$/);
    expect(resolvePdfFontFile('latin-bold')).toMatch(/NotoSans_700Bold\.ttf$/);
  });

  it('are opened once per process and shared by every document', () => {
    expect(openPdfFonts()).toBe(openPdfFonts());
    expect(openPdfFonts().deva.postscriptName).toBe('NotoSansDevanagari-Regular');
    expect(openPdfFonts()['deva-bold'].postscriptName).toBe('NotoSansDevanagari-Bold');
    expect(openPdfFonts().latin.postscriptName).toBe('NotoSans-Regular');
  });
});

describe('Devanagari shaping', () => {
  // HarfBuzz's output for the same font files (bench/pdf/harfbuzz-reference.ts wrote it).
  const fonts = reference.fonts as Record<'deva' | 'deva-bold', Record<string, number[][]>>;

  it.each(['deva', 'deva-bold'] as const)('picks and places the same glyphs as HarfBuzz in %s', (name) => {
    const font = openPdfFonts()[name];
    for (const word of DEVANAGARI_TEST_WORDS) {
      const run = font.layout(word);
      const shaped = run.glyphs.map((glyph, index) => {
        const position = run.positions[index]!;
        return [glyph.id, position.xAdvance, position.xOffset, position.yOffset];
      });
      expect(shaped, word).toEqual(fonts[name][word]);
    }
  });

  it('has a reference for every test word', () => {
    expect(Object.keys(fonts.deva)).toEqual([...DEVANAGARI_TEST_WORDS]);
  });
});

describe('line breaking', () => {
  const pdf = createPdfLayout({ title: 'lines', createdAt: new Date('2026-01-02T00:00:00Z') });

  it('breaks at spaces, keeping every line within the width', () => {
    const text = 'श्रीमती कृष्णा देवी, आर्द्र क्षेत्र के निवासी, and an English tail that goes on for a while';
    const lines = layoutText(pdf.doc, text, { size: 10, width: 120 });
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
    expect(lines.map((line) => line.runs.map((run) => run.text).join('')).join(' ')).toBe(text);
  });

  it('splits a word wider than the line between grapheme clusters, never inside a conjunct', () => {
    const word = 'क्षेत्रक्षेत्रक्षेत्रक्षेत्रक्षेत्रक्षेत्रक्षेत्र';
    const lines = layoutText(pdf.doc, word, { size: 12, width: 60 });
    expect(lines.length).toBeGreaterThan(1);
    const pieces = lines.map((line) => line.runs.map((run) => run.text).join(''));
    expect(pieces.join('')).toBe(word);
    const clusters = [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(word)].map((part) => part.segment);
    // Every piece is a whole number of grapheme clusters.
    let at = 0;
    for (const piece of pieces) {
      let consumed = '';
      while (consumed.length < piece.length) consumed += clusters[at++];
      expect(consumed).toBe(piece);
    }
  });

  it('lays out a text that names nobody once per process, with the lines it would get afresh; a person’s words each time', () => {
    const declaration = 'यह दान संस्था के उद्देश्यों के लिए प्राप्त हुआ है; received for the foundation’s objects, 2026-27.';
    markShareable('यह दान संस्था के उद्देश्यों के लिए प्राप्त हुआ है; received for the foundation’s objects,');
    const style = { size: 9, width: 140 };
    const first = layoutText(pdf.doc, declaration, style);
    const other = createPdfLayout({ title: 'other', createdAt: new Date('2026-01-02T00:00:00Z') });
    expect(layoutText(other.doc, declaration, style)).toBe(first);
    expect(first).toEqual(breakLines(other.doc, declaration, style));
    // Another width or size is another layout.
    expect(layoutText(other.doc, declaration, { size: 9, width: 200 })).not.toBe(first);
    const named = 'यह दान श्रीमती ज़ुबैदा ख़ातून से प्राप्त हुआ है।';
    const once = layoutText(pdf.doc, named, style);
    expect(layoutText(other.doc, named, style)).not.toBe(once);
    expect(layoutText(other.doc, named, style)).toEqual(once);
  });

  it('keeps an empty line as a line, so blank lines in a text keep their height', () => {
    expect(layoutText(pdf.doc, 'one\n\ntwo', { size: 10, width: 200 }).map((line) => line.runs.length)).toEqual([1, 0, 1]);
  });
});
