import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { checkImageDecodes, reencodeImage } from './reencode-image.ts';
import { photoWithExif, pixelBombPng, plainImage } from './test-files.test-helper.ts';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from './upload-messages.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reencodeImage', () => {
  it('keeps only pixels: no EXIF, GPS, XMP or ICC; turned upright; scaled into bounds', async () => {
    const photo = await photoWithExif(1200, 800);
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('EXIF-SECRET');
    expect(before.orientation).toBe(6);

    const image = await reencodeImage(photo, { maxSide: 600 });
    expect(image.mediaType).toBe('image/webp');
    // Orientation 6 is a quarter turn: the 1200 × 800 landscape is an upright 800 × 1200, then scaled.
    expect([image.width, image.height]).toEqual([400, 600]);
    const after = await sharp(image.bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.bytes.includes(Buffer.from('EXIF-SECRET'))).toBe(false);
  });

  it('never enlarges, and writes the format asked for', async () => {
    const small = await plainImage('png', 64, 48);
    expect(await reencodeImage(small, { format: 'png' })).toMatchObject({ mediaType: 'image/png', width: 64, height: 48 });
    const jpeg = await reencodeImage(await plainImage('webp', 64, 48), { format: 'jpeg' });
    expect(jpeg.mediaType).toBe('image/jpeg');
    expect((await sharp(jpeg.bytes).metadata()).format).toBe('jpeg');
  });

  it("writes JPEG with libjpeg's standard Huffman tables when asked: the same pixels in a larger file", async () => {
    const photo = await photoWithExif(1200, 800);
    const options = { format: 'jpeg', quality: 80, mozjpeg: false } as const;
    const own = await reencodeImage(photo, options);
    const standard = await reencodeImage(photo, { ...options, optimiseCoding: false });
    // Only the entropy coding differs: the quantised image, so every decoded pixel, is the same.
    expect(standard.bytes.length).toBeGreaterThan(own.bytes.length);
    expect((await sharp(standard.bytes).raw().toBuffer()).equals(await sharp(own.bytes).raw().toBuffer())).toBe(true);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('refuses a truncated %s', async (format) => {
    const whole = format === 'jpeg' ? await photoWithExif(400, 300) : await sharp(await photoWithExif(400, 300))[format]().toBuffer();
    const error = await refusal(reencodeImage(whole.subarray(0, Math.floor(whole.length * 0.6))));
    expect(error.userMessage).toBe(IMAGE_UNREADABLE);
    expect(error.httpStatus).toBe(400);
  });

  it('refuses a pixel bomb from its header, before decoding it', async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    const error = await refusal(reencodeImage(bomb));
    expect(error.userMessage).toBe(IMAGE_TOO_MANY_PIXELS);
    // A lower limit per call works the same way.
    expect((await refusal(reencodeImage(await plainImage('png', 200, 200), { maxInputPixels: 100 * 100 }))).userMessage).toBe(IMAGE_TOO_MANY_PIXELS);
  });

  it('refuses formats outside the upload types even when sharp could read them', async () => {
    expect((await refusal(reencodeImage(await plainImage('gif')))).userMessage).toBe(IMAGE_UNREADABLE);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await refusal(reencodeImage(svg))).userMessage).toBe(IMAGE_UNREADABLE);
    expect((await refusal(reencodeImage(Buffer.from('not an image at all')))).userMessage).toBe(IMAGE_UNREADABLE);
  });
});

describe('checkImageDecodes', () => {
  it('passes an image that decodes, and refuses as reencodeImage does one damaged in its pixel data, cut short, or too large', async () => {
    const png = await plainImage('png', 300, 300);
    await expect(checkImageDecodes(png)).resolves.toBeUndefined();
    await expect(checkImageDecodes(await photoWithExif(1200, 800))).resolves.toBeUndefined();
    // The header still reads (metadata succeeds): only decoding finds the damage.
    const damaged = Buffer.from(png.map((byte, index) => (index > 60 && index % 50 === 0 ? byte ^ 0xff : byte)));
    expect((await sharp(damaged).metadata()).format).toBe('png');
    expect((await refusal(checkImageDecodes(damaged))).userMessage).toBe(IMAGE_UNREADABLE);
    expect((await refusal(checkImageDecodes(png.subarray(0, png.length >> 1)))).userMessage).toBe(IMAGE_UNREADABLE);
    expect((await refusal(checkImageDecodes(await pixelBombPng()))).userMessage).toBe(IMAGE_TOO_MANY_PIXELS);
  });
});
