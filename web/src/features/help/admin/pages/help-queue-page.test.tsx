import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { THelpQueue } from '@sahay/server/modules/help/help.schema';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { HelpQueue, hrefOf, queryOf, viewOf } from './help-queue-page.tsx';

const queue = vi.hoisted(() => ({ calls: [] as unknown[], result: {} as Record<string, unknown> }));
vi.mock('../hooks/use-help-requests.ts', () => ({
  useHelpQueue: (query: unknown) => {
    queue.calls.push(query);
    return queue.result;
  },
}));

type Item = THelpQueue['requests'][number];
function item(overrides: Partial<Item> = {}): Item {
  return {
    id: 'ABCD2345',
    category: 'accident',
    title: { en: 'Leg surgery after a road accident', hi: null },
    status: 'submitted',
    amountNeededPaise: 1_20_000_00,
    requesterId: 'SH7654321',
    requestedAt: '2026-03-04T05:06:07.000Z',
    isIdentityMatched: false,
    ...overrides,
  };
}

function loaded(requests: Item[], overrides: Partial<THelpQueue> = {}) {
  return { isPending: false, isError: false, refetch: vi.fn(), data: { requests, page: 1, pageCount: 1, total: requests.length, ...overrides } };
}

function render(url: string): string {
  const [path = '/', search = ''] = url.split('?');
  return renderToString(
    <I18nProvider initialLang="en">
      <Router ssrPath={path} ssrSearch={search}>
        <HelpQueue />
      </Router>
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
});

beforeEach(() => {
  queue.calls = [];
  queue.result = loaded([]);
});

describe('the queue in the address', () => {
  it('opens on the requests waiting to be checked, the first page', () => {
    expect(viewOf('')).toEqual({ status: 'submitted', page: 1 });
    expect(queryOf(viewOf(''))).toEqual({ status: 'submitted', page: 1 });
    render('/help');
    expect(queue.calls.at(-1)).toEqual({ status: 'submitted', page: 1 });
  });

  it('lists every status with ?status=all, and drops what it cannot read', () => {
    expect(queryOf(viewOf('status=all&page=3'))).toEqual({ status: 'all', page: 3 });
    expect(viewOf('status=lost&page=-2')).toEqual({ status: 'submitted', page: 1 });
    expect(viewOf('status=published&page=2.5')).toEqual({ status: 'published', page: 1 });
  });

  it('writes back the address it reads', () => {
    for (const search of ['', 'status=published', 'status=all&page=4', 'page=2']) {
      const href = hrefOf(viewOf(search));
      expect(href).toBe(search ? `/help?${search}` : '/help');
    }
  });
});

describe('the queue table', () => {
  it('shows each request with its number, title, category, amount, requester, date and identity check', () => {
    queue.result = loaded([item(), item({ id: 'EFGH2345', title: { en: null, hi: 'पढ़ाई की फ़ीस' }, category: 'education', isIdentityMatched: true })]);
    const html = render('/help');
    expect(html).toContain('class="table-scroll"');
    expect(html).toMatch(/href="\/help\/ABCD2345"[^>]*>ABCD2345</);
    expect(html).toContain('Leg surgery after a road accident');
    expect(html).toContain('पढ़ाई की फ़ीस');
    expect(html).toContain('Accident relief');
    expect(html).toContain('₹1,20,000');
    expect(html).toContain('SH7654321');
    expect(html).toContain('4 Mar 2026');
    expect([...html.matchAll(/data-testid="identity-cell">(\w+)</g)].map((match) => match[1])).toEqual(['No', 'Yes']);
    // The status column only when several statuses are listed.
    expect(html).not.toContain('<th scope="col" role="columnheader">Status</th>');
    queue.result = loaded([item({ status: 'published' })]);
    expect(render('/help?status=all')).toContain('<th scope="col" role="columnheader">Status</th>');
  });

  it('counts the requests in the caption with the plural the number needs, and says they are oldest first', () => {
    const caption = (html: string) => /<caption>([^<]*)<\/caption>/.exec(html.replaceAll('<!-- -->', ''))?.[1];
    queue.result = loaded([item()]);
    expect(caption(render('/help'))).toBe('1 request — page 1 of 1');
    queue.result = loaded([item(), item({ id: 'EFGH2345' })], { total: 42, page: 2, pageCount: 3 });
    expect(caption(render('/help?page=2'))).toBe('42 requests, oldest first — page 2 of 3');
  });

  it('labels every cell with its column, so a request reads as a card on a phone', () => {
    queue.result = loaded([item()]);
    const labels = [...render('/help').matchAll(/<td role="cell" data-label="([^"]*)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['Number', 'Title', 'Category', 'Amount needed', 'Requester', 'Requested', 'Identity matched']);
  });

  it('marks the status shown as the current filter', () => {
    const current = (html: string) => [...html.matchAll(/<a(?=[^>]*aria-current="page")[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect(current(render('/help?status=rejected'))).toEqual(['/help?status=rejected']);
    expect(current(render('/help'))).toEqual(['/help']);
    expect(current(render('/help?status=all'))).toEqual(['/help?status=all']);
  });

  it('leads to the disputed direct gifts', () => {
    expect(render('/help')).toMatch(/<a(?=[^>]*href="\/help\/disputes")[^>]*data-testid="help-disputes-link"[^>]*>Disputed direct gifts<\/a>/);
  });

  it('pages through a long list', () => {
    queue.result = loaded([item()], { page: 2, pageCount: 3, total: 120 });
    const html = render('/help?page=2');
    expect(queue.calls.at(-1)).toEqual({ status: 'submitted', page: 2 });
    expect(html).toContain('Page 2 of 3');
    expect(html).toMatch(/<a(?=[^>]*rel="prev")(?=[^>]*href="\/help")[^>]*>Previous page</);
    expect(html).toMatch(/<a(?=[^>]*rel="next")(?=[^>]*href="\/help\?page=3")[^>]*>Next page</);
  });

  it('says so when nothing has this status', () => {
    expect(render('/help?status=closed')).toContain('No help request has this status.');
  });
});
