import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TApplicationSummary } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import type { TQueueFilter } from '../hooks/use-kanyadan-applications.ts';
import { filtersOf, KanyadanQueue, requestOf, searchOf } from './kanyadan-queue-page.tsx';

const queue = vi.hoisted(() => ({
  calls: [] as Array<{ filter: unknown; pageCount: number }>,
  result: {} as Record<string, unknown>,
}));
vi.mock('../hooks/use-kanyadan-applications.ts', () => ({
  useKanyadanApplications: (filter: unknown, pageCount: number) => {
    queue.calls.push({ filter, pageCount });
    return queue.result;
  },
}));

function summary(overrides: Partial<TApplicationSummary> = {}): TApplicationSummary {
  return {
    regNo: 'KNYDN1234567',
    status: 'submitted',
    state: 'bihar',
    district: 'Patna',
    ageYears: 7,
    submittedAt: '2025-03-04T05:06:07.000Z',
    duplicateOf: [],
    documentsReady: 3,
    documentsSent: 4,
    isErased: false,
    ...overrides,
  };
}

function loaded(items: TApplicationSummary[], overrides: Record<string, unknown> = {}) {
  return { items, isPending: false, error: null, refetch: vi.fn(), hasMore: false, isLoadingMore: false, moreError: null, retryMore: vi.fn(), ...overrides };
}

function render(url: string): string {
  return renderToString(
    <I18nProvider initialLang="en">
      <Router ssrPath={url}>
        <KanyadanQueue />
      </Router>
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages', 'places']);
});

beforeEach(() => {
  queue.calls = [];
  queue.result = loaded([]);
});

describe('the queue filters in the address', () => {
  it('map every filter to the getMany input, the first page, newest first', () => {
    const filters = filtersOf('status=payment_pending&state=uttar-pradesh&district=%20Lucknow%20&ageMin=3&ageMax=12&submittedFrom=2025-01-01&submittedTo=2025-01-31&duplicates=yes');
    expect(requestOf(filters)).toEqual<TQueueFilter>({
      status: 'payment_pending',
      state: 'uttar-pradesh',
      district: 'Lucknow',
      ageMin: 3,
      ageMax: 12,
      submittedFrom: '2025-01-01',
      submittedTo: '2025-01-31',
      isDuplicate: true,
      limit: 50,
    });
  });

  it('ask for everything when there is no filter, and drop what the server would refuse', () => {
    expect(requestOf(filtersOf(''))).toEqual({ limit: 50 });
    const odd = filtersOf('status=lost&state=atlantis&ageMin=-1&ageMax=31&submittedFrom=yesterday&submittedTo=2025-13&duplicates=maybe');
    expect(requestOf(odd)).toEqual({ limit: 50 });
  });

  it('keep age 0 (a newborn) as a filter, not as "no filter"', () => {
    expect(requestOf(filtersOf('ageMin=0&ageMax=0'))).toMatchObject({ ageMin: 0, ageMax: 0 });
  });

  it('write back to the same address they were read from', () => {
    const search = 'status=verified&state=bihar&district=Gaya&ageMin=1&ageMax=9&submittedFrom=2025-02-01&submittedTo=2025-02-28&duplicates=yes';
    expect(searchOf(filtersOf(search))).toBe(search);
    expect(searchOf(filtersOf(''))).toBe('');
  });

  it('reach the hook from the URL the page is opened with', () => {
    render('/kanyadan?status=rejected&state=kerala&duplicates=yes');
    expect(queue.calls.at(-1)).toEqual({ filter: { status: 'rejected', state: 'kerala', isDuplicate: true, limit: 50 }, pageCount: 1 });
  });
});

describe('the queue table', () => {
  it('shows each application with its status in words, place, age, date, duplicates and documents ready', () => {
    queue.result = loaded([
      summary({ regNo: 'KNYDN1111111', duplicateOf: ['KNYDN2222222', 'KNYDN3333333'] }),
      summary({ regNo: 'KNYDN2222222', status: 'verified', state: 'west-bengal', district: 'Howrah', documentsReady: 4, isErased: true }),
    ]);
    const html = render('/kanyadan');
    expect(html).toContain('class="table-scroll"');
    expect(html).toMatch(/href="\/kanyadan\/KNYDN1111111"[^>]*>KNYDN1111111</);
    expect(html).toContain('Submitted');
    expect(html).toContain('Bihar');
    expect(html).toContain('West Bengal');
    expect(html).toContain('Possible duplicate');
    expect(html).toMatch(/href="\/kanyadan\/KNYDN3333333"/);
    expect(html).toContain('3 of 4 ready');
    expect(html).toContain('4 of 4 ready');
    expect(html).toContain('Erased');
    expect(html).not.toContain('data-testid="load-more"');
  });

  it('offers "Load more" when the server has a next page', () => {
    queue.result = loaded([summary()], { hasMore: true });
    expect(render('/kanyadan')).toContain('data-testid="load-more"');
  });

  it('says so when nothing matches', () => {
    expect(render('/kanyadan?state=goa')).toContain('No application matches these filters.');
  });

  it('marks the current status filter as the current page for screen readers', () => {
    const html = render('/kanyadan?status=paid');
    expect(html).toMatch(/<a[^>]*href="\/kanyadan\?status=paid"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/kanyadan\?status=paid"/);
  });
});
