import PDFDocument from 'pdfkit';
import { CURRENT_SHAPER, PDF_FONT_FILES, fontsForDocument, keepLaidOutWords, laidOutWordsFor, markShareable, setDocumentShaper, type PdfFontName, type ScaledRun, type Shaper } from './fonts.ts';
import { addSignaturePlaceholder, signPlaceholder, type PdfSignatureInfo, type PdfSigningIdentity } from './pdf-signing.ts';
import { drawQrCode, type QrCodeGeometry } from './qr-code.ts';
import { drawLines, layoutText, lineMetrics, type Align, type TextLine, type TextStyle } from './text.ts';

export interface Bilingual {
  en: string;
  hi: string;
}

/**
 * The foundation's details for the top of every document (PRODUCT.md: receipts carry the
 * registration, PAN and 12A/80G numbers). A detail that is empty or blank is left out, never shown
 * as a dash: a receipt must not look as if it carried a number it does not have.
 */
export interface FoundationDetails {
  name: Bilingual;
  address?: Partial<Bilingual>;
  phone?: string;
  email?: string;
  registrationNo?: string;
  pan?: string;
  twelveANo?: string;
  taxExemptionNo?: string;
  /** What the tax-exemption number is called: "80G approval" unless given. */
  taxExemptionLabel?: Bilingual;
}

export interface PdfDocumentOptions {
  title: string;
  /** Written as the document's CreationDate and ModDate: the same input gives the same bytes. */
  createdAt: Date;
  author?: string;
  subject?: string;
  /**
   * Who shapes the text: the current shaper unless given. A receipt passes the one frozen in its
   * issuer, so one issued before it was frozen is re-drawn by fontkit, byte for byte (decision 082).
   */
  shaper?: Shaper;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TableColumn {
  header: Bilingual | string;
  /** A share of the content width (weights are normalised), e.g. 1, 2, 1. */
  weight: number;
  align?: Align;
}

export interface TableSpec {
  columns: readonly TableColumn[];
  rows: readonly (readonly string[])[];
  size?: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = { top: 48, bottom: 60, left: 48, right: 48 };
const BODY_SIZE = 10;
const GREY = '#555555';
const RULE = '#999999';
const CELL_PADDING = 4;

const LABELS = {
  registrationNo: { en: 'Registration No.', hi: 'पंजीकरण संख्या' },
  pan: { en: 'PAN', hi: 'पैन' },
  twelveANo: { en: '12A registration', hi: '12A पंजीकरण' },
  taxExemptionNo: { en: '80G approval', hi: '80G अनुमोदन' },
  phone: { en: 'Phone', hi: 'फ़ोन' },
  email: { en: 'E-mail', hi: 'ई-मेल' },
} satisfies Record<string, Bilingual>;
markShareable(...Object.values(LABELS).flatMap((label) => [label.en, label.hi]), 'Page of / पृष्ठ');

/** "English / हिंदी", the way both languages share one line in every document. */
export function bilingual(text: Bilingual | string): string {
  return typeof text === 'string' ? text : `${text.en} / ${text.hi}`;
}

export function pageNumberText(page: number, pages: number): string {
  return `Page ${page} of ${pages} / पृष्ठ ${page} / ${pages}`;
}

/** A heading's level: 1 for the document's title, 2 for its sections. */
export type HeadingLevel = 1 | 2;

/**
 * One A4 document laid out top to bottom: each block moves a cursor down and starts a new page when
 * it does not fit. Page numbers ("Page 1 of 2 / पृष्ठ 1 / 2") are added by toBuffer(), once the
 * number of pages is known (pdfkit keeps the pages buffered until then).
 *
 * The document is tagged (docs/decisions/053): a structure tree in reading order — H1/H2 for
 * headings, P for paragraphs, Table/TR/TH/TD for label/value rows and tables, Figure with its
 * alternative text for QR codes and images — each text run a Span with its language (text.ts), and
 * rules, shading, page numbers and repeated table headers marked as artifacts, outside the tree.
 */
export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;
  /** The root of the structure tree; every block becomes a child, in reading order. */
  private readonly structure: PDFKit.PDFStructureElement;
  private cursor = MARGIN.top;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  private isFinished = false;
  /** Each face's words as pdfkit lays them out in this document (startLaidOutWords). */
  private readonly layoutCaches = new Map<PdfFontName, Record<string, ScaledRun>>();
  private readonly shaper: Shaper;

  constructor(options: PdfDocumentOptions) {
    if (Number.isNaN(options.createdAt.getTime())) throw new Error('A PDF needs a valid creation date');
    this.doc = new PDFDocument({
      size: A4,
      margins: MARGIN,
      bufferPages: true,
      displayTitle: true,
      lang: 'en-IN',
      // Tagged (/MarkInfo, a StructTreeRoot); PDF 1.5 is the first with ActualText on marked content.
      tagged: true,
      pdfVersion: '1.7',
      // No default font: pdfkit would otherwise load and embed Helvetica, which no text uses.
      font: '',
      // pdfkit hashes every info entry into the file ID, so absent ones must be left out, not undefined.
      info: {
        Title: options.title,
        ...(options.author ? { Author: options.author } : {}),
        ...(options.subject ? { Subject: options.subject } : {}),
        Creator: 'Sahay',
        CreationDate: options.createdAt,
        ModDate: options.createdAt,
      },
    });
    this.shaper = options.shaper ?? CURRENT_SHAPER;
    setDocumentShaper(this.doc, this.shaper);
    const fonts = fontsForDocument(this.shaper);
    for (const name of Object.keys(fonts) as PdfFontName[]) this.doc.registerFont(name, fonts[name]);
    startLaidOutWords(this.doc, this.shaper, this.layoutCaches);
    this.structure = this.doc.struct('Document');
    this.doc.addStructure(this.structure);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get left(): number {
    return MARGIN.left;
  }

  get contentWidth(): number {
    return A4[0] - MARGIN.left - MARGIN.right;
  }

  /** Where the next block starts, from the top of the current page. */
  get y(): number {
    return this.cursor;
  }

  private get bottom(): number {
    return A4[1] - MARGIN.bottom;
  }

  get pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  addPage(): void {
    this.doc.addPage();
    this.cursor = MARGIN.top;
  }

  /** Starts a new page unless `height` points fit below the cursor. */
  ensureSpace(height: number): void {
    if (this.cursor + height > this.bottom && this.cursor > MARGIN.top) this.addPage();
  }

  moveDown(points: number): void {
    this.cursor = Math.min(this.cursor + points, this.bottom);
  }

  /** Height of text laid out at a width, without drawing it. */
  measure(text: string, style: TextStyle & { width: number }): number {
    return layoutText(this.doc, text, style).length * lineMetrics(style.size).lineHeight;
  }

  /**
   * A paragraph in either script or both, wrapped to the width (the content width by default),
   * continuing on a new page line by line.
   */
  text(text: string, style: Partial<TextStyle> & { align?: Align; x?: number; width?: number } = {}): Box {
    return this.paragraph('P', text, style);
  }

  /** A block of text as one structure element, its runs its content line by line (a page may end between two lines). */
  private paragraph(type: 'P' | 'H1' | 'H2', text: string, style: Partial<TextStyle> & { align?: Align; x?: number; width?: number }): Box {
    const full: TextStyle = { size: style.size ?? BODY_SIZE, bold: style.bold, color: style.color };
    const x = style.x ?? this.left;
    const width = style.width ?? this.contentWidth - (x - this.left);
    const { lineHeight } = lineMetrics(full.size);
    const lines = layoutText(this.doc, text, { ...full, width });
    const top = this.cursor;
    const element = this.doc.struct(type);
    this.structure.add(element);
    for (const line of lines) {
      this.ensureSpace(lineHeight);
      drawLines(this.doc, [line], { x, y: this.cursor, width, align: style.align }, full, element);
      this.cursor += lineHeight;
    }
    element.end();
    return { x, y: top, width, height: this.cursor - top };
  }

  /** Draws `draw` outside the structure tree: a rule, shading, a page number, a repeated header. */
  artifact(type: 'Layout' | 'Pagination', draw: () => void): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /**
   * A raster image (JPEG or PNG) at the left, scaled to `height` points high at most and the content
   * width wide; `alt` says what it shows, for a reader who cannot see it.
   */
  image(bytes: Buffer, options: { height: number; alt: string }): Box {
    this.ensureSpace(options.height);
    const top = this.cursor;
    this.structure.add(this.drawFigure(options.alt, () => this.doc.image(bytes, this.left, top, { fit: [this.contentWidth, options.height] })));
    this.cursor += options.height + 6;
    return { x: this.left, y: top, width: this.contentWidth, height: options.height };
  }

  /**
   * A heading in both languages on one line ("Receipt / रसीद"), kept with the line after it; level 1
   * (the document's title) unless given.
   */
  heading(text: Bilingual, options: { size?: number; level?: HeadingLevel } = {}): Box {
    const size = options.size ?? 13;
    this.ensureSpace(this.measure(bilingual(text), { size, bold: true, width: this.contentWidth }) + 2 * lineMetrics(BODY_SIZE).lineHeight);
    this.moveDown(size * 0.5);
    const box = this.paragraph(options.level === 2 ? 'H2' : 'H1', bilingual(text), { size, bold: true });
    this.moveDown(size * 0.3);
    return box;
  }

  /**
   * The foundation's name, address and registration details, and a rule below; with `qr`, a QR code
   * at the top right (a verification link, say) and the details beside it.
   */
  header(foundation: FoundationDetails, options: { qr?: string; qrSize?: number } = {}): { box: Box; qr?: QrCodeGeometry } {
    const top = this.cursor;
    const qrSize = options.qr ? (options.qrSize ?? 96) : 0;
    const width = this.contentWidth - (qrSize ? qrSize + 12 : 0);
    // Drawn first, read after the details: its element joins the tree below.
    let qr: QrCodeGeometry | undefined;
    const text = options.qr;
    const qrFigure = text ? this.drawFigure(qrAlt(text), () => (qr = drawQrCode(this.doc, text, { x: this.left + this.contentWidth - qrSize, y: top, size: qrSize }))) : undefined;
    // The foundation's own details (from settings) name no person: shaped once per process.
    markShareable(
      foundation.name.en,
      foundation.name.hi,
      foundation.address?.en,
      foundation.address?.hi,
      foundation.taxExemptionLabel?.en,
      foundation.taxExemptionLabel?.hi,
      foundation.registrationNo,
      foundation.pan,
      foundation.twelveANo,
      foundation.taxExemptionNo,
      foundation.phone,
      foundation.email,
    );

    this.text(foundation.name.en, { size: 15, bold: true, width });
    if (filled(foundation.name.hi)) this.text(foundation.name.hi, { size: 13, bold: true, width });
    for (const line of [foundation.address?.en, foundation.address?.hi]) {
      if (filled(line)) this.text(line, { size: 9, color: GREY, width });
    }
    const details: Array<[Bilingual, string | undefined]> = [
      [LABELS.registrationNo, foundation.registrationNo],
      [LABELS.pan, foundation.pan],
      [LABELS.twelveANo, foundation.twelveANo],
      [foundation.taxExemptionLabel ?? LABELS.taxExemptionNo, foundation.taxExemptionNo],
      [LABELS.phone, foundation.phone],
      [LABELS.email, foundation.email],
    ];
    for (const [label, value] of details) {
      if (filled(value)) this.text(`${bilingual(label)}: ${value.trim()}`, { size: 9, width });
    }
    if (qrFigure) this.structure.add(qrFigure);
    this.cursor = Math.max(this.cursor, top + qrSize) + 6;
    this.rule(0.75);
    this.moveDown(8);
    return { box: { x: this.left, y: top, width: this.contentWidth, height: this.cursor - top }, qr };
  }

  /** Two columns: the label in both languages, the value beside it. Empty values are left out. */
  labelValues(rows: ReadonlyArray<{ label: Bilingual | string; value: string }>, options: { labelWidth?: number } = {}): Box {
    const top = this.cursor;
    const labelWidth = options.labelWidth ?? Math.round(this.contentWidth * 0.38);
    const valueX = this.left + labelWidth + 8;
    const valueWidth = this.contentWidth - labelWidth - 8;
    const labelStyle: TextStyle = { size: 9, color: GREY };
    const valueStyle: TextStyle = { size: BODY_SIZE };
    // A table of two columns to a reader: each label is the header of its row.
    const table = this.doc.struct('Table');
    this.structure.add(table);
    for (const row of rows) {
      if (!filled(row.value)) continue;
      const labelLines = layoutText(this.doc, bilingual(row.label), { ...labelStyle, width: labelWidth });
      const valueLines = layoutText(this.doc, row.value.trim(), { ...valueStyle, width: valueWidth });
      const height = Math.max(labelLines.length * lineMetrics(labelStyle.size).lineHeight, valueLines.length * lineMetrics(valueStyle.size).lineHeight);
      this.ensureSpace(height);
      // Label and value share a baseline on their first line.
      const shift = lineMetrics(valueStyle.size).ascent - lineMetrics(labelStyle.size).ascent;
      const tableRow = this.doc.struct('TR');
      table.add(tableRow);
      const labelCell = this.doc.struct('TH', headerScope('Row'));
      tableRow.add(labelCell);
      drawLines(this.doc, labelLines, { x: this.left, y: this.cursor + shift, width: labelWidth }, labelStyle, labelCell);
      labelCell.end();
      const valueCell = this.doc.struct('TD');
      tableRow.add(valueCell);
      drawLines(this.doc, valueLines, { x: valueX, y: this.cursor, width: valueWidth }, valueStyle, valueCell);
      valueCell.end();
      tableRow.end();
      this.cursor += height + 3;
    }
    table.end();
    this.moveDown(4);
    return { x: this.left, y: top, width: this.contentWidth, height: this.cursor - top };
  }

  /**
   * A table whose cells wrap; a row never splits across pages, and the header row is repeated at
   * the top of every page the table continues on.
   */
  table(spec: TableSpec): Box {
    if (spec.columns.length === 0) throw new Error('A table needs at least one column');
    if (spec.columns.some((column) => !(column.weight > 0))) throw new Error('Every table column needs a weight above 0');
    spec.rows.forEach((row, index) => {
      if (row.length !== spec.columns.length) throw new Error(`Table row ${index + 1} has ${row.length} cells; the table has ${spec.columns.length} columns`);
    });
    const size = spec.size ?? 9;
    const total = spec.columns.reduce((sum, column) => sum + column.weight, 0);
    const widths = spec.columns.map((column) => (this.contentWidth * column.weight) / total);
    const header = spec.columns.map((column) => (typeof column.header === 'string' ? column.header : `${column.header.en}\n${column.header.hi}`));
    const top = this.cursor;

    const layoutRow = (cells: readonly string[], bold: boolean) => {
      const style: TextStyle = { size, bold };
      const lines = cells.map((cell, index) => layoutText(this.doc, cell, { ...style, width: widths[index]! - 2 * CELL_PADDING }));
      const height = Math.max(...lines.map((cell) => cell.length)) * lineMetrics(size).lineHeight + 2 * CELL_PADDING;
      return { lines, height, style };
    };
    const table = this.doc.struct('Table');
    this.structure.add(table);
    /**
     * One row: into `section` (THead or TBody) as a TR of `cellType` cells, or, with no section, as
     * an artifact (the header row repeated on a further page, which a reader has already heard).
     */
    const drawRow = (row: { lines: (readonly TextLine[])[]; height: number; style: TextStyle }, shaded: boolean, section?: PDFKit.PDFStructureElement, cellType: 'TH' | 'TD' = 'TD') => {
      if (shaded) this.artifact('Layout', () => this.doc.save().rect(this.left, this.cursor, this.contentWidth, row.height).fill('#eeeeee').restore());
      const tableRow = section ? this.doc.struct('TR') : undefined;
      if (tableRow) section!.add(tableRow);
      let x = this.left;
      row.lines.forEach((lines, index) => {
        const width = widths[index]!;
        const draw = (cell?: PDFKit.PDFStructureElement) =>
          drawLines(this.doc, lines, { x: x + CELL_PADDING, y: this.cursor + CELL_PADDING, width: width - 2 * CELL_PADDING, align: spec.columns[index]!.align }, row.style, cell);
        if (tableRow) {
          const cell = this.doc.struct(cellType, cellType === 'TH' ? headerScope('Column') : {});
          tableRow.add(cell);
          draw(cell);
          cell.end();
        } else {
          this.artifact('Pagination', () => draw());
        }
        x += width;
      });
      tableRow?.end();
      this.cursor += row.height;
      this.rule(0.5);
    };

    const headerRow = layoutRow(header, true);
    const pageRoom = this.bottom - MARGIN.top - headerRow.height;
    const bodyRows = spec.rows.map((cells, index) => {
      const row = layoutRow(cells, false);
      if (row.height > pageRoom) throw new Error(`Table row ${index + 1} is taller than a page`);
      return row;
    });
    // The header row and at least the first row start together.
    this.ensureSpace(headerRow.height + (bodyRows[0]?.height ?? 0));
    const head = this.doc.struct('THead');
    table.add(head);
    drawRow(headerRow, true, head, 'TH');
    head.end();
    const body = this.doc.struct('TBody');
    table.add(body);
    for (const row of bodyRows) {
      if (this.cursor + row.height > this.bottom) {
        this.addPage();
        drawRow(headerRow, true);
      }
      drawRow(row, false, body);
    }
    body.end();
    table.end();
    this.moveDown(6);
    return { x: this.left, y: top, width: this.contentWidth, height: this.cursor - top };
  }

  /** A QR code in the flow of the page, with an optional caption under it. */
  qrCode(text: string, options: { size?: number; align?: Align; caption?: Bilingual | string } = {}): QrCodeGeometry {
    const size = options.size ?? 110;
    const caption = options.caption === undefined ? '' : bilingual(options.caption);
    const captionHeight = caption ? this.measure(caption, { size: 8, width: size * 2 }) : 0;
    this.ensureSpace(size + captionHeight);
    const x =
      options.align === 'right' ? this.left + this.contentWidth - size : options.align === 'center' ? this.left + (this.contentWidth - size) / 2 : this.left;
    let geometry: QrCodeGeometry | undefined;
    const y = this.cursor;
    this.structure.add(this.drawFigure(qrAlt(text), () => (geometry = drawQrCode(this.doc, text, { x, y, size }))));
    this.cursor += size;
    if (caption) {
      const captionX = Math.max(this.left, Math.min(x - size / 2, this.left + this.contentWidth - 2 * size));
      this.text(caption, { size: 8, color: GREY, x: captionX, width: size * 2, align: 'center' });
    }
    return geometry!;
  }

  /**
   * Draws a figure (no text: text is tagged run by run, text.ts) as the content of a Figure element
   * with the text a reader hears instead of seeing it; the caller adds the element to the tree where
   * it is read.
   */
  private drawFigure(alt: string, draw: () => void): PDFKit.PDFStructureElement {
    const element = this.doc.struct('Figure', { alt });
    const content = this.doc.markStructureContent('Figure');
    draw();
    this.doc.endMarkedContent();
    element.add(content);
    element.end();
    return element;
  }

  /** A horizontal rule across the content width at the cursor. */
  private rule(lineWidth: number): void {
    this.artifact('Layout', () =>
      this.doc.save().moveTo(this.left, this.cursor).lineTo(this.left + this.contentWidth, this.cursor).lineWidth(lineWidth).strokeColor(RULE).stroke().restore(),
    );
  }

  /**
   * Adds the page numbers, ends the document and returns its bytes; with `signing`, signed (PAdES,
   * pdf-signing.ts): the placeholder goes in before the document ends, the signature after.
   */
  async toBuffer(options: { signing?: { identity: PdfSigningIdentity; info: PdfSignatureInfo } | null } = {}): Promise<Buffer> {
    if (this.isFinished) throw new Error('This PDF is already finished; make a new layout for another document');
    this.isFinished = true;
    const { start, count } = this.doc.bufferedPageRange();
    const style: TextStyle = { size: 8, color: GREY };
    for (let index = 0; index < count; index++) {
      this.doc.switchToPage(start + index);
      const lines = layoutText(this.doc, pageNumberText(index + 1, count), { ...style, width: this.contentWidth });
      this.artifact('Pagination', () => drawLines(this.doc, lines, { x: this.left, y: A4[1] - MARGIN.bottom + 24, width: this.contentWidth, align: 'center' }, style));
    }
    this.structure.end();
    const { signing } = options;
    if (signing) addSignaturePlaceholder(this.doc, signing.identity, signing.info);
    this.doc.end();
    const bytes = await this.ended;
    for (const [name, own] of this.layoutCaches) keepLaidOutWords(this.shaper, name, own);
    return signing ? signPlaceholder(bytes, signing.identity) : bytes;
  }
}

/**
 * A header cell's scope, written by pdfkit 0.20 as /A << /O /Table /Scope /Row >> (its typings do
 * not list the option yet).
 */
function headerScope(scope: 'Row' | 'Column'): NonNullable<Parameters<PDFKit.PDFDocument['struct']>[1]> {
  return { scope } as NonNullable<Parameters<PDFKit.PDFDocument['struct']>[1]>;
}

/** What a QR code says to a reader who cannot scan it: the link or text it holds. */
function qrAlt(text: string): string {
  return `QR code: ${text}`;
}

function filled(value: string | undefined | null): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** What pdfkit 0.20 keeps of a face in a document; not in its typings. */
interface PdfkitEmbeddedFont {
  layoutCache?: Record<string, ScaledRun>;
}

/**
 * Gives each face, when the document first uses it, a cache of laid-out words that starts from
 * earlier documents' shareable words (fonts.ts, laidOutWordsFor), and keeps the document's own part
 * of it in `caches`. pdfkit lays out every string word by word through that cache
 * (EmbeddedFont.layoutCached); without it each receipt shapes, copies and scales its labels again.
 * pdfkit opens a face on its first use in a document (and embeds only the faces used), so the cache
 * is put in place then, before that face draws or measures anything. Should pdfkit stop keeping
 * such a cache, this fails at once rather than running slow.
 */
function startLaidOutWords(doc: PDFKit.PDFDocument, shaper: Shaper, caches: Map<PdfFontName, Record<string, ScaledRun>>): void {
  const open = doc.font;
  doc.font = function (this: PDFKit.PDFDocument, ...args: Parameters<typeof open>) {
    const result = open.apply(this, args);
    const name = args[0];
    if (typeof name === 'string' && !caches.has(name as PdfFontName) && name in PDF_FONT_FILES) {
      const face = (this as unknown as { _font?: PdfkitEmbeddedFont })._font;
      if (!face || typeof face.layoutCache !== 'object' || face.layoutCache === null) throw new Error(`pdfkit kept no layout cache for the font ${name}`);
      if (Object.keys(face.layoutCache).length > 0) throw new Error(`pdfkit laid out words in the font ${name} before its cache was in place`);
      const own = laidOutWordsFor(shaper, name as PdfFontName);
      face.layoutCache = own;
      caches.set(name as PdfFontName, own);
    }
    return result;
  } as typeof open;
}

export function createPdfLayout(options: PdfDocumentOptions): PdfLayout {
  return new PdfLayout(options);
}
