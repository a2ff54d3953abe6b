import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_DOCUMENT_BYTES } from './application-rules.public.ts';
import { documentProblem } from './file-type.public.ts';
import { jpegName, preferred, shrinkDecision, shrinkPhoto, SHRINK_MAX_SIDE } from './shrink-photo.public.ts';

const MB = 1024 * 1024;

describe('shrinkDecision', () => {
  it('scales a 13-MP camera photo to a long side of 2,000 px, keeping its shape, upright or sideways', () => {
    expect(shrinkDecision({ mediaType: 'image/jpeg', bytes: 5.5 * MB, width: 4160, height: 3120 })).toEqual({ shrink: true, width: 2000, height: 1500 });
    expect(shrinkDecision({ mediaType: 'image/jpeg', bytes: 3.6 * MB, width: 3000, height: 4000 })).toEqual({ shrink: true, width: 1500, height: 2000 });
    expect(shrinkDecision({ mediaType: 'image/webp', bytes: 400_000, width: 2001, height: 10 })).toEqual({ shrink: true, width: SHRINK_MAX_SIDE, height: 10 });
  });

  it('re-encodes a large file within the side at its own size, and leaves a small photo and any PDF alone', () => {
    expect(shrinkDecision({ mediaType: 'image/png', bytes: 6 * MB, width: 1080, height: 2000 })).toEqual({ shrink: true, width: 1080, height: 2000 });
    expect(shrinkDecision({ mediaType: 'image/jpeg', bytes: 800_000, width: 2000, height: 1500 })).toEqual({ shrink: false });
    expect(shrinkDecision({ mediaType: 'application/pdf', bytes: 6 * MB, width: 5000, height: 7000 })).toEqual({ shrink: false });
    expect(shrinkDecision({ mediaType: 'image/jpeg', bytes: 6 * MB, width: 0, height: 0 })).toEqual({ shrink: false });
  });

  it('names the result as a JPEG', () => {
    expect(jpegName('IMG_20261128_101500.png')).toBe('IMG_20261128_101500.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
    expect(jpegName('.webp')).toBe('photo.jpg');
  });

  it('keeps the original when shrinking made it larger, unless the original is over the limit', () => {
    const small = new File([new Uint8Array(100)], 'a.jpg');
    const big = new File([new Uint8Array(200)], 'a.jpg');
    expect(preferred(small, big)).toBe(small);
    expect(preferred(big, small)).toBe(small);
    const over = { size: MAX_DOCUMENT_BYTES + 1 } as File;
    expect(preferred(over, big)).toBe(big);
  });
});

describe('shrinkPhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A 13-MP photo of 5.5 MB as the phone's picker hands it over (only its size matters here). */
  const cameraPhoto = new File([new Uint8Array(5.5 * MB)], 'IMG_0042.jpg', { type: 'image/jpeg', lastModified: 1_700_000_000_000 });

  function stubCanvas(resultBytes: number) {
    const drawn: unknown[][] = [];
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4160, height: 3120, close })));
    class FakeCanvas {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return {
          imageSmoothingQuality: 'low',
          fillStyle: '',
          fillRect: (...args: unknown[]) => drawn.push(['fillRect', ...args]),
          drawImage: (...args: unknown[]) => drawn.push(args),
        };
      }
      async convertToBlob(options: { type: string; quality: number }) {
        drawn.push([options]);
        return new Blob([new Uint8Array(resultBytes)], { type: options.type });
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    return { drawn, close };
  }

  it('turns a 5.5 MB 13-MP photo, refused as it is, into a 2,000 px JPEG the form accepts', async () => {
    expect(documentProblem('photo', cameraPhoto.size, 'image/jpeg')).not.toBeNull();
    const { drawn, close } = stubCanvas(600_000);
    const shrunk = await shrinkPhoto(cameraPhoto, 'image/jpeg');
    expect([shrunk.name, shrunk.type, shrunk.size, shrunk.lastModified]).toEqual(['IMG_0042.jpg', 'image/jpeg', 600_000, cameraPhoto.lastModified]);
    // White underneath (a PNG's transparency would turn black in a JPEG), then the photo scaled to 2000 × 1500.
    expect(drawn[0]).toEqual(['fillRect', 0, 0, 2000, 1500]);
    expect(drawn[1]!.slice(1)).toEqual([0, 0, 2000, 1500]);
    expect(drawn[2]).toEqual([{ type: 'image/jpeg', quality: 0.85 }]);
    expect(close).toHaveBeenCalled();
    expect(documentProblem('photo', shrunk.size, 'image/jpeg')).toBeNull();
  });

  it('sends the file as it is when the browser cannot decode it, and never touches a PDF', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new Error('InvalidStateError'))));
    expect(await shrinkPhoto(cameraPhoto, 'image/jpeg')).toBe(cameraPhoto);
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const pdf = new File([new Uint8Array(10)], 'birth.pdf', { type: 'application/pdf' });
    expect(await shrinkPhoto(pdf, 'application/pdf')).toBe(pdf);
    expect(decode).not.toHaveBeenCalled();
  });
});
