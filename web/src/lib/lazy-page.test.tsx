import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { forgetFailedPageLoads, lazyPage } from './lazy-page.tsx';

describe('lazyPage', () => {
  it('renders synchronously once preloaded, loading the module once', async () => {
    let loads = 0;
    const page = lazyPage(async () => {
      loads += 1;
      return { default: () => <p>hello</p> };
    });
    await Promise.all([page.preload(), page.preload()]);
    expect(renderToString(<page.Component />)).toBe('<p>hello</p>');
    expect(loads).toBe(1);
  });

  it('keeps a failed load failed until Retry forgets it, then loads again', async () => {
    let attempts = 0;
    const page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: () => <p>back</p> };
    });
    await expect(page.preload()).rejects.toThrow('offline');
    // Without Retry, asking again gives the same failure rather than a new attempt.
    await expect(page.preload()).rejects.toThrow('offline');
    expect(attempts).toBe(1);
    forgetFailedPageLoads();
    await page.preload();
    expect(attempts).toBe(2);
    expect(renderToString(<page.Component />)).toBe('<p>back</p>');
  });
});
