/**
 * Writes server/src/pdf/harfbuzz-reference.json: how HarfBuzz shapes test words in the PDF's
 * Devanagari fonts (glyph IDs and positions in font units). pdf.test.ts checks pdfkit's shaping
 * (fontkit) and the pages it draws against these figures, so the Hindi in our PDFs is held to the
 * shaper browsers and operating systems use, not to itself.
 *
 * Run when the font packages change: `npx tsx bench/pdf/harfbuzz-reference.ts`. It needs
 * harfbuzzjs, which is installed with the web's subset-font (a dev dependency of web/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hb from 'harfbuzzjs';
import { resolvePdfFontFile, type PdfFontName } from '#server/pdf/fonts';
import { DEVANAGARI_TEST_WORDS } from '#server/pdf/devanagari-test-words';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/pdf/harfbuzz-reference.json');
const fonts: PdfFontName[] = ['deva', 'deva-bold'];

const reference = {
  harfbuzz: hb.versionString(),
  fonts: Object.fromEntries(
    fonts.map((name) => {
      const face = new hb.Face(new hb.Blob(new Uint8Array(fs.readFileSync(resolvePdfFontFile(name))).buffer));
      const font = new hb.Font(face);
      const words = Object.fromEntries(
        DEVANAGARI_TEST_WORDS.map((word) => {
          const buffer = new hb.Buffer();
          buffer.addText(word);
          buffer.guessSegmentProperties();
          hb.shape(font, buffer);
          const positions = buffer.getGlyphPositions();
          const glyphs = buffer.getGlyphInfos().map((info, index) => {
            const position = positions[index]!;
            return [info.codepoint, position.xAdvance, position.xOffset, position.yOffset];
          });
          return [word, glyphs];
        }),
      );
      return [name, words];
    }),
  ),
};
// One glyph [id, xAdvance, xOffset, yOffset] per line: a diff shows which glyph moved.
const text = JSON.stringify(reference, null, 2).replace(/\[\s+(-?\d+),\s+(-?\d+),\s+(-?\d+),\s+(-?\d+)\s+\]/g, '[$1, $2, $3, $4]');
fs.writeFileSync(out, `${text}\n`);
console.log(`wrote ${out} (HarfBuzz ${reference.harfbuzz})`);
