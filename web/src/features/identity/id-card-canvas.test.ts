import { describe, expect, it } from 'vitest';
import { fitFontSize } from './id-card-canvas.ts';

describe('fitFontSize', () => {
  const widthAt = (size: number) => size * 10;

  it('keeps the starting size when the text fits', () => {
    expect(fitFontSize(widthAt, 600, 56, 28)).toBe(56);
  });

  it('shrinks a long name until it fits', () => {
    expect(fitFontSize(widthAt, 400, 56, 28)).toBe(40);
  });

  it('stops at the smallest size rather than vanishing', () => {
    expect(fitFontSize(widthAt, 10, 56, 28)).toBe(28);
  });
});
