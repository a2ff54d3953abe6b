import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '#server/lib/amount-in-words';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { pdfStreams } from '#server/testing/pdf/pdf-structure';
import { openPdfFonts } from './fonts.ts';
import { createPdfLayout, pageNumberText } from './pdf-layout.ts';
import { layoutText } from './text.ts';

/**
 * Issue 31: the text a PDF gives to copy, search, pdftotext and screen readers is the Hindi it was
 * drawn from, character for character (docs/decisions/053). Every fixed phrase of every PDF the
 * product makes is found in the source of the modules that draw PDFs, so a phrase added later is
 * covered without anyone adding it here.
 */

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEVANAGARI = /\p{Script_Extensions=Devanagari}/u;

/** Every non-test module under server/src that draws a PDF: it uses the shared layout or text, or pdfkit itself. */
function pdfModules(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.ts$/.test(entry.name) && !/\.(test|int\.test|test-helper)\.ts$/.test(entry.name) && !file.includes(`${path.sep}testing${path.sep}`)) {
        const source = fs.readFileSync(file, 'utf8');
        if (/from '(#server\/pdf\/(pdf-layout|text)|\.\/(pdf-layout|text)\.ts|pdfkit)'/.test(source)) found.push(path.relative(serverSrc, file));
      }
    }
  };
  visit(serverSrc);
  return found.sort();
}

/**
 * The Devanagari string literals of a module, read with the TypeScript parser (comments are not
 * phrases). In a template, each `${…}` stands for a value; "2026-27" takes its place.
 */
function devanagariLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(serverSrc, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node)) literals.push(node.head.text + node.templateSpans.map((span) => `2026-27${span.literal.text}`).join(''));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return literals.filter((text) => DEVANAGARI.test(text)).flatMap((text) => text.split('\n'));
}

/**
 * Names and addresses as donors write them: conjuncts (क्ष, ज्ञ, त्र, श्र, द्ध, द्व, ह्म, ङ्ग, ञ्ज),
 * reph (र्), the left-hand i-matra (ि), nukta both precomposed (U+095B ज़) and as a separate sign
 * (ज + ़), vowel signs below (ु ू ृ), anusvara and candrabindu, visarga, a final virama, ऑ, ZWJ and
 * ZWNJ forms, Devanagari digits and the danda, alone and mixed with English.
 */
const NAMES = [
  'शर्मा',
  'कोई',
  'सिविल',
  'श्रीमती प्रिया शर्मा',
  'विक्रम सिंह वर्मा',
  'धर्मेन्द्र कार्तिकेय',
  'सूर्यप्रकाश दुर्गादास',
  'पूर्णिमा अर्जुन',
  'आर्द्र क्षेत्र',
  'क्षितिज त्रिपाठी',
  'ज्ञानेश्वर द्विवेदी',
  'सिद्धार्थ ब्रह्मभट्ट',
  'गङ्गा अञ्जलि',
  'कृष्णा देवी',
  'हृदयनाथ रुक्मिणी',
  'श्रुति गुरु रूपा',
  'ऋतु ऋषि',
  'दिव्या निधि किरण',
  'स्मिता शिवानी',
  'संजय पंकज अंकित',
  'चंद्रा हिंदी सिंह',
  'चाँदनी आँचल पहुँच',
  'दुःखहरण प्रातः',
  'जगत् विद्वान्',
  'डॉ. कॉलोनी',
  'ज़ुबैदा ख़ातून क़ुरैशी',
  'फ़ातिमा ग़ज़ल',
  '\u095Bुबैदा \u0959ातून \u0958ुरैशी \u095Eातिमा',
  'बड़जात्या पढ़ाई',
  'काळे',
  'श्\u200Dयाम',
  'क्\u200Cष',
  'ॐ प्रकाश',
  'वार्ड ७, मकान १२३',
  'दान स्वेच्छा से दिया है। धन्यवाद॥',
  'मोहल्ला क़ाज़ीपुरा',
  'श्रीमती कृष्णा देवी (Krishna Devi)',
  'सिविल लाइंस, आर्द्र क्षेत्र, वार्ड 7, Patna, Bihar 800001',
  'Received from / दाता का नाम',
  'यह दान ₹2,000 से अधिक नकद में प्राप्त हुआ है।',
  'Ramesh Kumar / रमेश कुमार — ₹12,50,000.50',
];

/** Amounts whose Hindi words hold every number word from एक to निन्यानवे and सौ, हज़ार, लाख, करोड़, पैसा. */
const AMOUNTS = [
  ...Array.from({ length: 99 }, (_, index) => (index + 1) * 100 + (index + 1)),
  1,
  1_100_00,
  5_100_00,
  1_00_100_00,
  12_50_000_50,
  99_99_99_999_99,
];

/** Draws each text alone on a page, on one line (smaller if it must be), in the weight given. */
async function onePerPage(texts: readonly string[], bold: boolean): Promise<Buffer> {
  const layout = createPdfLayout({ title: 'Hindi text', createdAt: new Date('2026-11-29T00:00:00Z') });
  texts.forEach((text, index) => {
    if (index > 0) layout.addPage();
    const width = layoutText(layout.doc, text, { size: 10, bold, width: 1e6 })[0]!.width;
    const size = Math.min(10, (10 * layout.contentWidth) / (width + 1));
    expect(layout.measure(text, { size, bold, width: layout.contentWidth }), text).toBeLessThan(2 * size);
    layout.text(text, { size, bold });
  });
  return layout.toBuffer();
}

/** The texts pdftotext gives for a document drawn by onePerPage, with what differs from what was drawn. */
async function mismatches(texts: readonly string[], bold: boolean): Promise<Array<{ drawn: string; extracted: string }>> {
  const pages = (await extractPdfText(await onePerPage(texts, bold))).split('\f');
  const wrong: Array<{ drawn: string; extracted: string }> = [];
  texts.forEach((drawn, index) => {
    const lines = (pages[index] ?? '').split('\n').filter((line) => line !== '');
    // The page number is Hindi too, drawn as an artifact.
    const expected = [drawn, pageNumberText(index + 1, texts.length)];
    if (lines.join('\n') !== expected.join('\n')) wrong.push({ drawn: expected.join(' | '), extracted: lines.join(' | ') });
  });
  return wrong;
}

describe('Hindi in every PDF, as pdftotext reads it', () => {
  let phrases: string[];

  beforeAll(() => {
    phrases = [...new Set(pdfModules().flatMap(devanagariLiterals))];
  });

  it('finds the modules that draw PDFs and their fixed wording', () => {
    const modules = pdfModules();
    for (const known of ['modules/donations/receipts/receipt-pdf.ts', 'modules/donations/statements/yearly-statement-pdf.ts', 'modules/admin/audit/audit-bundle-pdf.ts', 'pdf/pdf-layout.ts']) {
      expect(modules.some((module) => module.endsWith(path.basename(known))), known).toBe(true);
    }
    expect(phrases.length).toBeGreaterThanOrEqual(60);
    for (const phrase of ['दाता ने यह दान स्वेच्छा से दिया है। इसके बदले में दाता को कोई वस्तु या सेवा नहीं दी गई है।', 'कर-छूट अनुमोदन (2026-27)', 'दान विवरण, वित्तीय वर्ष 2026-27', 'हर घटना में क्या दर्ज हुआ']) {
      expect(phrases).toContain(phrase);
    }
  });

  it('gives every fixed phrase, name, mixed line and amount in words exactly as drawn, in both weights', async () => {
    const texts = [...new Set([...phrases, ...NAMES, ...AMOUNTS.map((paise) => amountInWords(paise).hi)])];
    expect(texts.length).toBeGreaterThanOrEqual(200);
    expect(await mismatches(texts, false)).toEqual([]);
    expect(await mismatches(texts, true)).toEqual([]);
  });

  it('tags each Devanagari run as Hindi with its text, and each other run as English', async () => {
    const streams = pdfStreams(await onePerPage(['Received from / दाता का नाम'], false));
    expect(streams).toMatch(/\/Span <<\s*\/MCID \d+\s*\/Lang \(en-IN\)\s*>> BDC\s*BT[\s\S]*?ET\s*EMC/);
    expect(streams).toMatch(/\/Span <<\s*\/MCID \d+\s*\/Lang \(hi-IN\)\s*\/ActualText \((?:\\.|[^\\)])*\)\s*>> BDC\s*BT[\s\S]*?ET\s*EMC/);
  });

  it('would give wrong Hindi without the ActualText, so the comparison can tell', async () => {
    // The same fonts and shaping, drawn with pdfkit alone: the glyphs' own text, in visual order.
    // Words that go wrong by their order (the reph after its syllable, ि before its consonant):
    // what a glyph maps to (कोई's ई) depends on which text first gave fontkit that glyph in this
    // process, and the test files share one.
    const doc = new PDFDocument({ size: 'A4', font: '', compress: true });
    // fontkit's shaping, as receipts issued before decision 082 are drawn: HarfBuzz's glyphs carry
    // their cluster's characters, so these words would read right there even without ActualText.
    doc.registerFont('deva', openPdfFonts('fontkit').deva);
    const words = ['शर्मा', 'सिविल', 'प्रिया'];
    words.forEach((word, index) => doc.font('deva').fontSize(14).text(word, 50, 50 + index * 30, { lineBreak: false }));
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.end();
    // pdftotext may also cut a word where the glyphs' own text leaves a gap, so the text is read whole.
    const text = (await extractPdfText(await ended)).replace(/\s+/g, '');
    expect(text.length).toBeGreaterThan(0);
    for (const word of words) expect(text, word).not.toContain(word);
  });
});
