import { describe, expect, it } from 'vitest';
import * as pages from './pages.ts';

describe('the page list', () => {
  it('holds every page defined here, so the server renderer preloads each (a page it has not loaded renders nothing on the server)', () => {
    const defined = Object.entries(pages).filter(
      (entry): entry is [string, pages.PublicRoute['page']] => typeof entry[1] === 'object' && entry[1] !== null && 'preload' in entry[1] && 'Component' in entry[1],
    );
    expect(defined.length).toBeGreaterThan(20);
    expect(defined.filter(([, page]) => !pages.allPages.includes(page)).map(([name]) => name)).toEqual([]);
  });
});
