/**
 * The part of fontkit 2 (which ships no types) that the PDF code uses, and pdfkit's acceptance of an
 * opened fontkit font in registerFont (pdfkit 0.20 takes any object with a `layout` function as a
 * ready font; @types/pdfkit lists only paths and buffers).
 */
declare module 'fontkit' {
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    familyName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    getGlyph(id: number, codePoints?: number[]): Glyph;
  }
  export interface FontCollection {
    fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
