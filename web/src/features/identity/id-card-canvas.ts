import type { TIdCard } from '@sahay/server/modules/community/id-card.schema';

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

/** Waits until every face the card's text needs is loaded, so nothing is drawn in a fallback font or as boxes. */
export async function loadCardFonts(text: string): Promise<void> {
  await Promise.all([document.fonts.load(font(700, 48), text), document.fonts.load(font(400, 24), text)]);
  await document.fonts.ready;
}

/** Draws the member's I-card (PRODUCT.md §4): name in Latin and Devanagari as entered, user ID, join date, tier, and the signed verify QR. */
export async function drawIdCard(canvas: HTMLCanvasElement, card: TIdCard, texts: IdCardTexts): Promise<void> {
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

  // The member, left; the QR code, right.
  const left = 48;
  const textWidth = 600;
  ctx.fillStyle = '#1c1917';
  const name = (text: string, y: number, largest: number) => {
    ctx.font = font(700, fitFontSize((size) => ((ctx.font = font(700, size)), ctx.measureText(text).width), textWidth, largest, 24));
    ctx.fillText(text, left, y);
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
    ctx.fillText(label, left, y);
    ctx.fillStyle = '#1c1917';
    ctx.font = font(700, fitFontSize((size) => ((ctx.font = font(700, size)), ctx.measureText(value).width), textWidth, 36, 22));
    ctx.fillText(value, left, y + 42);
  };
  fact(texts.userIdLabel, card.userId, 280);
  fact(texts.joinedLabel, texts.joined, 375);
  fact(texts.tierLabel, texts.tier, 470);

  const qr = create(card.verifyUrl, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const modules = qr.modules.size + quiet * 2;
  const scale = Math.floor(280 / modules);
  const side = scale * modules;
  const qrX = CARD_WIDTH - 48 - side;
  const qrY = 156;
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
