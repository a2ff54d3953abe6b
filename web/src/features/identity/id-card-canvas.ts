import type { TIdCard } from '@sahay/server/modules/community/id-card/id-card.schema';

/** The card at 300 dpi on the ID-1 size (85.6 × 54 mm), as cards are printed. */
export const CARD_WIDTH = 1012;
export const CARD_HEIGHT = 638;

/**
 * Devanagari comes from the self-hosted face (its @font-face covers only the Devanagari block, so
 * Latin falls through to the system fonts); a canvas draws with whatever is loaded at that moment,
 * so drawIdCard loads it first.
 */
const FONT_STACK = '"Sahay Devanagari", "Noto Sans", "Segoe UI", Roboto, system-ui, sans-serif';

export interface IdCardTexts {
  foundation: string;
  title: string;
  userIdLabel: string;
  joinedLabel: string;
  joined: string;
  tierLabel: string;
  tier: string;
  scanToVerify: string;
  footer: string;
}

const font = (weight: 400 | 700, size: number) => `${weight} ${size}px ${FONT_STACK}`;

/** The largest size from `start` down to `min` at which the text fits `maxWidth` (`min` if none does). */
export function fitFontSize(widthAt: (size: number) => number, maxWidth: number, start: number, min: number): number {
  for (let size = start; size > min; size -= 2) if (widthAt(size) <= maxWidth) return size;
  return min;
}

/** Where the member's photo goes: left, under the header, a 4:5 portrait (the server crops it to 300 × 375). */
export const PHOTO_BOX = { x: 48, y: 156, width: 200, height: 250 } as const;

/** A decoded picture the canvas can draw, with its size (an ImageBitmap). */
export type CardPhoto = CanvasImageSource & { width: number; height: number };

/** The part of a `width` × `height` picture that fills a box of the given shape (centred, nothing stretched). */
export function coverCrop(width: number, height: number, boxWidth: number, boxHeight: number): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(boxWidth / width, boxHeight / height);
  const sw = boxWidth / scale;
  const sh = boxHeight / scale;
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh };
}

/**
 * The member's photo for the card, decoded: fetched from its authorised route with the session
 * cookie (same origin, so the canvas stays exportable).
 */
export async function loadCardPhoto(url: string): Promise<ImageBitmap> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`id card: the photo answered ${response.status}`);
  return createImageBitmap(await response.blob());
}

/** Waits until every face the card's text needs is loaded, so nothing is drawn in a fallback font or as boxes. */
export async function loadCardFonts(text: string): Promise<void> {
  await Promise.all([document.fonts.load(font(700, 48), text), document.fonts.load(font(400, 24), text)]);
  await document.fonts.ready;
}

/** What drawing the card needs of a canvas: its size and a 2D context (an HTMLCanvasElement has both). */
export interface CardCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): CanvasRenderingContext2D | null;
}

/**
 * Draws the member's I-card (PRODUCT.md §4): name in Latin and Devanagari as entered, user ID, join
 * date, tier, and the signed verify QR; with `photo`, the member's photo at the left and the text
 * beside it (issue 16). Without one the text takes the photo's place.
 */
export async function drawIdCard(canvas: CardCanvas, card: TIdCard, texts: IdCardTexts, photo: CardPhoto | null = null): Promise<void> {
  const [{ create }] = await Promise.all([
    import('qrcode'),
    loadCardFonts([card.fullName, card.names.latin ?? '', card.names.devanagari ?? '', card.userId, ...Object.values(texts)].join(' ')),
  ]);
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('id card: no 2D canvas');

  // Card and header band.
  ctx.fillStyle = '#fffaf5';
  ctx.beginPath();
  ctx.roundRect(0, 0, CARD_WIDTH, CARD_HEIGHT, 28);
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.fillStyle = '#9a3412';
  ctx.fillRect(0, 0, CARD_WIDTH, 128);
  ctx.fillStyle = '#fde8d7';
  ctx.fillRect(0, CARD_HEIGHT - 70, CARD_WIDTH, 70);
  ctx.restore();
  ctx.strokeStyle = '#9a3412';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.roundRect(3, 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, 26);
  ctx.stroke();

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  ctx.font = font(700, fitFontSize((size) => ((ctx.font = font(700, size)), ctx.measureText(texts.foundation).width), 900, 44, 28));
  ctx.fillText(texts.foundation, 48, 66);
  ctx.fillStyle = '#fed7aa';
  ctx.font = font(400, 26);
  ctx.fillText(texts.title, 48, 106);

  // The QR code, right: laid out first, so the text knows how much room it has.
  const qr = create(card.verifyUrl, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const modules = qr.modules.size + quiet * 2;
  const scale = Math.floor(280 / modules);
  const side = scale * modules;
  const qrX = CARD_WIDTH - 48 - side;
  const qrY = 156;

  // The photo, left, when there is one; the member's name and facts beside it (or in its place).
  if (photo) {
    const { x, y, width, height } = PHOTO_BOX;
    const crop = coverCrop(photo.width, photo.height, width, height);
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, 12);
    ctx.clip();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(x, y, width, height);
    ctx.drawImage(photo, crop.sx, crop.sy, crop.sw, crop.sh, x, y, width, height);
    ctx.restore();
    ctx.strokeStyle = '#9a3412';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, 12);
    ctx.stroke();
  }
  const left = photo ? PHOTO_BOX.x + PHOTO_BOX.width + 32 : 48;
  const textWidth = photo ? qrX - 32 - left : 600;
  ctx.fillStyle = '#1c1917';
  const name = (text: string, y: number, largest: number) => {
    ctx.font = font(700, fitFontSize((size) => ((ctx.font = font(700, size)), ctx.measureText(text).width), textWidth, largest, 24));
    // A name too long even at the smallest size is narrowed rather than run into the QR code.
    ctx.fillText(text, left, y, textWidth);
  };
  // The name in Latin and in Devanagari script, as entered; the registered one alone until both are known.
  if (card.names.latin && card.names.devanagari) {
    name(card.names.latin, 184, 44);
    name(card.names.devanagari, 238, 40);
  } else {
    name(card.fullName, 214, 56);
  }

  const fact = (label: string, value: string, y: number) => {
    ctx.fillStyle = '#57534e';
    ctx.font = font(400, 24);
    ctx.fillText(label, left, y, textWidth);
    ctx.fillStyle = '#1c1917';
    ctx.font = font(700, fitFontSize((size) => ((ctx.font = font(700, size)), ctx.measureText(value).width), textWidth, 36, 22));
    ctx.fillText(value, left, y + 42, textWidth);
  };
  fact(texts.userIdLabel, card.userId, 280);
  fact(texts.joinedLabel, texts.joined, 375);
  fact(texts.tierLabel, texts.tier, 470);

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(qrX, qrY, side, side);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < qr.modules.size; row += 1) {
    for (let col = 0; col < qr.modules.size; col += 1) {
      if (qr.modules.get(row, col)) ctx.fillRect(qrX + (col + quiet) * scale, qrY + (row + quiet) * scale, scale, scale);
    }
  }
  ctx.fillStyle = '#57534e';
  ctx.font = font(400, 22);
  ctx.textAlign = 'center';
  ctx.fillText(texts.scanToVerify, qrX + side / 2, qrY + side + 34);

  ctx.textAlign = 'left';
  ctx.fillStyle = '#7c2d12';
  ctx.font = font(400, fitFontSize((size) => ((ctx.font = font(400, size)), ctx.measureText(texts.footer).width), CARD_WIDTH - 96, 22, 14));
  ctx.fillText(texts.footer, 48, CARD_HEIGHT - 26);
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('id card: the canvas gave no PNG'))), 'image/png'));
}
