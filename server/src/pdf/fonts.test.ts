import crypto from 'node:crypto';
import fs from 'node:fs';
import { create, type Font, type GlyphRun } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { DEVANAGARI_TEST_WORDS } from './devanagari-test-words.ts';
import { amountInWords } from '#server/lib/amount-in-words';
import { fontsForDocument, isShapingCached, markShareable, openPdfFonts, PDF_FONT_FILES, resolvePdfFontFile, SHAPERS, withShapingCache, type PdfFontName } from './fonts.ts';

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

  it('keeps as shareable a marked word with punctuation around it and short figures, not long runs of digits', () => {
    const { deva, latin } = openPdfFonts();
    markShareable('संख्या');
    deva.layout('संख्या:');
    deva.layout('(संख्या),');
    latin.layout('02/05/2027');
    latin.layout('₹7,345.00');
    expect([isShapingCached('संख्या:'), isShapingCached('(संख्या),'), isShapingCached('02/05/2027'), isShapingCached('₹7,345.00')]).toEqual([true, true, true, true]);
    // A phone or account number is a person's: shaped afresh, never kept, with or without dashes.
    // Random digits: the suite's files share this process, and a foundation's own phone number
    // ("+91 98765 43210") is rightly kept as shareable when another file draws it.
    const digits = () => String(crypto.randomInt(10_000, 99_999));
    const [phone, five, dashed, account] = [`9${digits()}${digits()}`.slice(0, 10), digits(), `${digits()}-${digits()}`, `30${digits()}${digits()}`];
    latin.layout(phone);
    deva.layout(five);
    latin.layout(dashed);
    latin.layout(account);
    deva.layout('ज़ुबैदा:');
    expect([isShapingCached(phone), isShapingCached(five), isShapingCached(dashed), isShapingCached(account), isShapingCached('ज़ुबैदा:')]).toEqual([false, false, false, false, false]);
  });
});

describe("one document's faces", () => {
  const plain = Object.fromEntries(
    (Object.keys(PDF_FONT_FILES) as PdfFontName[]).map((name) => [name, create(fs.readFileSync(resolvePdfFontFile(name))) as Font]),
  ) as Record<PdfFontName, Font>;
  const devanagariWords = [
    ...DEVANAGARI_TEST_WORDS,
    ...'श्रीमती कमला शर्मा राजेश श्रीवास्तव सिविल लाइंस, पटना ज़ुबैदा ख़ातून पूर्णिमा द्विवेदी अर्जुन सिंह ठाकुर लक्ष्मी ऋषिकेश संख्या: पैन: पंजीकरण ई-मेल: फ़ोन: (80G): कॉर्पस (स्थायी निधि) दान का प्रकार। हस्ताक्षरकर्ता +91 612 000'.split(' '),
    ...amountInWords(12_34_56_789).hi.split(' '),
    ...amountInWords(99_999_00).hi.split(' '),
  ];
  const latinWords = 'Received from Mr. Rajesh Srivastava (Treasurer), Patna; T, Y. r. V, AV W. 02/05/2026 ₹5,000.00 SAHAY/2026-27/000042 https://sahay.example/donate/receipt/x?s=1 Office: No.'.split(' ');

  it.each(SHAPERS)('shaped by %s, shape a word with trailing spaces exactly as fontkit shapes the whole, in every face', (shaper) => {
    const faces = fontsForDocument(shaper);
    const cases: Array<[PdfFontName, string[]]> = [
      ['deva', devanagariWords],
      ['deva-bold', devanagariWords],
      ['latin', latinWords],
      ['latin-bold', latinWords],
    ];
    let compared = 0;
    for (const [face, words] of cases) {
      for (const word of words) {
        for (const text of [word, `${word} `, `${word}  `]) {
          expect(shapeOf(faces[face].layout(text)), `${face}: "${text}"`).toEqual(shapeOf(plain[face].layout(text)));
          // Asked again (from the document's memory), the same.
          expect(shapeOf(faces[face].layout(text)), `${face}: "${text}" again`).toEqual(shapeOf(plain[face].layout(text)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it.each(SHAPERS)("shaped by %s, keep a person's words for that document only: another document does not have them, nor the process", (shaper) => {
    const first = fontsForDocument(shaper);
    const run = first.deva.layout('ज़ुबैदा ');
    for (const position of run.positions) position.xAdvance *= 1000;
    // pdfkit scales what it gets in place: the memory hands out a copy each time.
    expect(shapeOf(first.deva.layout('ज़ुबैदा '))).toEqual(shapeOf(plain.deva.layout('ज़ुबैदा ')));
    expect(isShapingCached('ज़ुबैदा')).toBe(false);
    let shapedAgain = 0;
    const second = fontsForDocument(shaper);
    const proto = Object.getPrototypeOf(second.deva) as Font;
    const layout = proto.layout;
    proto.layout = (text, features) => {
      shapedAgain++;
      return layout.call(proto, text, features);
    };
    try {
      second.deva.layout('ज़ुबैदा ');
    } finally {
      proto.layout = layout;
    }
    expect(shapedAgain).toBeGreaterThan(0);
  });
});

describe('shaping by HarfBuzz', () => {
  const names: PdfFontName[] = ['latin', 'latin-bold', 'deva', 'deva-bold'];
  const latinTexts = ['Received with thanks', 'AVAYA Tower, Wazirpur', 'office@sahay.example', '₹12,50,000.50', 'Page 1 of 2', 'Zubaida Qureshi, Flat 4B'];
  const devanagariTexts = [...DEVANAGARI_TEST_WORDS, 'श्रीमती सूर्यप्रकाश त्रिपाठी', 'आर्द्र क्षेत्र, वार्ड 7', 'क़ुरैशी', 'कृष्ण', 'ह्रदय', 'प्रार्थना पत्र'];

  it.each(names)('places the glyphs fontkit placed for the test words and texts in %s', (name) => {
    const plain = create(fs.readFileSync(resolvePdfFontFile(name))) as Font;
    const shaped = openPdfFonts('harfbuzz')[name];
    const texts = name.startsWith('deva') ? devanagariTexts : latinTexts;
    for (const text of texts) expect(shapeOf(shaped.layout(text)), text).toEqual(shapeOf(plain.layout(text)));
  });

  it('gives each Latin glyph its own character, so a copied number or address reads as written', () => {
    const run = openPdfFonts('harfbuzz').latin.layout('Flat 4B, ₹1,100');
    expect(run.glyphs.flatMap((glyph) => glyph.codePoints).map((code) => String.fromCodePoint(code)).join('')).toBe('Flat 4B, ₹1,100');
  });

  it("gives each Devanagari cluster's characters to its first glyph, whatever the process drew before", () => {
    // सिविल: ि is drawn before its consonant; शर्मा: the reph after its syllable. Each cluster's
    // characters still come whole and in order, and 'म' alone first (as in 'मत') changes nothing.
    const { deva } = openPdfFonts('harfbuzz');
    deva.layout('मत सवाल');
    for (const text of ['श्रीमती शर्मा', 'सिविल लाइंस', 'कोई', 'प्रिया']) {
      const run = deva.layout(text);
      expect(run.glyphs.flatMap((glyph) => glyph.codePoints).map((code) => String.fromCodePoint(code)).join(''), text).toBe(text);
    }
  });

  it("keeps its glyph objects apart from fontkit's: a glyph's characters, written to ToUnicode, depend on who made it first", () => {
    const byHarfBuzz = openPdfFonts('harfbuzz').deva.layout('क्ष').glyphs[0]!;
    const byFontkit = openPdfFonts('fontkit').deva.layout('क्ष').glyphs[0]!;
    expect(byHarfBuzz.id).toBe(byFontkit.id);
    expect(byHarfBuzz).not.toBe(byFontkit);
    expect(Object.getPrototypeOf(byHarfBuzz)).not.toBe(byFontkit);
  });
});

describe('words laid out for later documents', () => {
  it.each(SHAPERS)("keeps a label's words laid out for the next document drawn by %s, and none of a person's", async (shaper) => {
    const { createPdfLayout } = await import('./pdf-layout.ts');
    const { isWordLaidOut } = await import('./fonts.ts');
    const label = `Kept label for later ${shaper}`;
    markShareable(label);
    const layout = createPdfLayout({ title: 'Laid out', createdAt: new Date('2026-05-01T00:00:00Z'), shaper });
    layout.text(label);
    layout.text('Zubaida Qureshi, क़ुरैशी');
    await layout.toBuffer();
    const other = shaper === 'harfbuzz' ? 'fontkit' : 'harfbuzz';
    expect(isWordLaidOut('latin', 'Kept ', shaper)).toBe(true);
    expect(isWordLaidOut('latin', shaper, shaper)).toBe(true);
    // Another shaper's documents start from their own words, never these.
    expect(isWordLaidOut('latin', shaper, other)).toBe(false);
    expect(isWordLaidOut('latin', 'Zubaida ', shaper)).toBe(false);
    expect(isWordLaidOut('latin', 'Qureshi, ', shaper)).toBe(false);
    expect(isWordLaidOut('deva', 'क़ुरैशी', shaper)).toBe(false);
  });
});
