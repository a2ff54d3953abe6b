import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TIdCard } from '@sahay/server/modules/community/id-card/id-card.schema';
import { CARD_WIDTH, coverCrop, drawIdCard, loadCardPhoto, PHOTO_BOX, type CardCanvas, type CardPhoto, type IdCardTexts } from './id-card-canvas.ts';

/** Every call the card makes on its 2D context, in order; text measured at half its font size a character. */
function recordingCanvas() {
  const calls: { name: string; args: unknown[] }[] = [];
  const state: Record<string, unknown> = { font: '10px sans-serif' };
  // The context is its state and a recorder: the proxy's target (a bare object) is never read.
  const ctx = new Proxy<CanvasRenderingContext2D>(Object.create(null), {
    get(_target, property: string) {
      if (property in state) return state[property];
      if (property === 'measureText') return (text: string) => ({ width: text.length * (Number(/(\d+)px/.exec(String(state.font))?.[1]) / 2) });
      return (...args: unknown[]) => calls.push({ name: property, args });
    },
    set(_target, property: string, value) {
      state[property] = value;
      return true;
    },
  });
  const canvas: CardCanvas = { width: 0, height: 0, getContext: () => ctx };
  return { canvas, calls, textAt: (text: string) => calls.find((call) => call.name === 'fillText' && call.args[0] === text)?.args.slice(1) };
}

const card: TIdCard = {
  userId: 'SH1234567',
  fullName: 'Asha Verma',
  names: { latin: 'Asha Verma', devanagari: null },
  joinedAt: '2026-01-05T10:00:00.000Z',
  tier: null,
  verifyUrl: 'https://sahay.example/verify/SH1234567?s=1.AAAAAAAAAAAAAAAAAAAAAA',
  photoUrl: '/api/users/profile-assets/SH1234567/id-photo/0195a1b2-0000-7000-8000-00000000001a',
};
const texts: IdCardTexts = {
  foundation: 'Sahay Foundation',
  title: 'Member identity card',
  userIdLabel: 'User ID',
  joinedLabel: 'Member since',
  joined: '5 Jan 2026',
  tierLabel: 'Recognition',
  tier: '—',
  scanToVerify: 'Scan to verify',
  footer: 'This card shows membership only.',
};

describe('the I-card canvas and the member’s photo', () => {
  beforeEach(() => {
    // No browser here: the fonts are there at once.
    vi.stubGlobal('document', { fonts: { load: () => Promise.resolve([]), ready: Promise.resolve() } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws the photo at the left, cropped to its box, and moves the text beside it', async () => {
    const { canvas, calls, textAt } = recordingCanvas();
    const photo = { width: 300, height: 375 } as CardPhoto;
    await drawIdCard(canvas, card, texts, photo);
    const drawn = calls.filter((call) => call.name === 'drawImage');
    expect(drawn).toEqual([{ name: 'drawImage', args: [photo, 0, 0, 300, 375, PHOTO_BOX.x, PHOTO_BOX.y, PHOTO_BOX.width, PHOTO_BOX.height] }]);
    const left = PHOTO_BOX.x + PHOTO_BOX.width + 32;
    expect(textAt('Asha Verma')?.[0]).toBe(left);
    expect(textAt('SH1234567')?.[0]).toBe(left);
    // Nothing of the text beside the photo runs into the QR code at the right (its white square at y 156).
    const qrX = calls.find((call) => call.name === 'fillRect' && call.args[1] === 156 && call.args[2] === call.args[3])!.args[0] as number;
    const beside = calls.filter((call) => call.name === 'fillText' && call.args[1] === left);
    expect(beside.length).toBeGreaterThanOrEqual(7);
    for (const call of beside) expect(left + (call.args[3] as number)).toBeLessThanOrEqual(qrX - 32);
  });

  it('without a photo draws none and keeps the text at the left edge', async () => {
    const { canvas, calls, textAt } = recordingCanvas();
    await drawIdCard(canvas, { ...card, photoUrl: null }, texts);
    expect(calls.filter((call) => call.name === 'drawImage')).toEqual([]);
    expect(textAt('Asha Verma')?.[0]).toBe(48);
    expect(canvas.width).toBe(CARD_WIDTH);
  });

  it('crops a picture of another shape to the middle of it, without stretching', () => {
    expect(coverCrop(300, 375, 200, 250)).toEqual({ sx: 0, sy: 0, sw: 300, sh: 375 });
    expect(coverCrop(1000, 500, 200, 250)).toEqual({ sx: 300, sy: 0, sw: 400, sh: 500 });
    expect(coverCrop(400, 1000, 200, 250)).toEqual({ sx: 0, sy: 250, sw: 400, sh: 500 });
  });

  it('fetches the photo with the session cookie and refuses a photo that did not come', async () => {
    const bitmap = { width: 300, height: 375 };
    const fetch = vi.fn(async (url: string) => (url.endsWith('missing') ? new Response('{}', { status: 404 }) : new Response(new Blob(['webp']))));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('createImageBitmap', vi.fn(async () => bitmap));
    expect(await loadCardPhoto(card.photoUrl!)).toBe(bitmap);
    expect(fetch).toHaveBeenCalledWith(card.photoUrl, { credentials: 'same-origin' });
    await expect(loadCardPhoto('/api/users/profile-assets/SH1234567/id-photo/missing')).rejects.toThrow('404');
  });
});
