import fs from 'node:fs';
import { create, type Font, type GlyphRun } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { DEVANAGARI_TEST_WORDS } from './devanagari-test-words.ts';
import { isShapingCached, markShareable, openPdfFonts, resolvePdfFontFile, withShapingCache } from './fonts.ts';

/** A run as plain data: glyph IDs and the four numbers of each position. */
function shapeOf(run: GlyphRun) {
  return {
    glyphs: run.glyphs.map((glyph) => glyph.id),
    positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => [xAdvance, yAdvance, xOffset, yOffset]),
    advanceWidth: run.advanceWidth,
  };
}

describe('the shaping cache of the PDF fonts', () => {
  const plain = create(fs.readFileSync(resolvePdfFontFile('deva'))) as Font;
  const texts = [...DEVANAGARI_TEST_WORDS, 'रुपये एक हज़ार दो सौ पचास मात्र', '₹1,250.00', 'दान रसीद'];

  it('gives the runs fontkit gives, the first time and from the cache', () => {
    const cached = withShapingCache(create(fs.readFileSync(resolvePdfFontFile('deva'))) as Font);
    markShareable(...texts);
    for (const text of texts) {
      const expected = shapeOf(plain.layout(text));
      expect(shapeOf(cached.layout(text)), text).toEqual(expected);
      expect(shapeOf(cached.layout(text)), `${text} (cached)`).toEqual(expected);
    }
    // Features are part of the key: without ligatures the conjunct is not formed.
    expect(shapeOf(cached.layout('क्ष', ['liga']))).toEqual(shapeOf(plain.layout('क्ष', ['liga'])));
  });

  it('hands out a copy of the positions each time, as pdfkit scales them in place', () => {
    const { deva } = openPdfFonts();
    markShareable('क्षेत्र');
    const first = deva.layout('क्षेत्र');
    const width = first.advanceWidth;
    for (const position of first.positions) position.xAdvance *= 1000;
    expect(first.advanceWidth).toBeCloseTo(width * 1000);
    expect(deva.layout('क्षेत्र').advanceWidth).toBe(width);
  });

  it('keeps the rest of the font: metrics and glyphs come from the font itself', () => {
    const { deva } = openPdfFonts();
    expect([deva.unitsPerEm, deva.ascent, deva.postscriptName]).toEqual([plain.unitsPerEm, plain.ascent, plain.postscriptName]);
    expect(deva.getGlyph(5).advanceWidth).toBe(plain.getGlyph(5).advanceWidth);
  });

  it('keeps only texts marked shareable: what a document says about a person is shaped afresh and not kept', () => {
    const { deva } = openPdfFonts();
    const fresh = deva.layout('ज़ुबैदा');
    expect(shapeOf(fresh)).toEqual(shapeOf(plain.layout('ज़ुबैदा')));
    expect(isShapingCached('ज़ुबैदा')).toBe(false);
    markShareable('रसीद');
    deva.layout('रसीद');
    expect(isShapingCached('रसीद')).toBe(true);
  });
});
