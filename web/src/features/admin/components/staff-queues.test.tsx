import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TQueue } from '@sahay/server/modules/admin/dashboard/queues.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { StaffQueues } from './staff-queues.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin']);
  await loadNamespaces('hi', ['core', 'admin']);
});

const CHECKED_AT = '2031-07-01T06:00:00.000Z';

function render(queues: TQueue[], lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router base="/admin" ssrPath="/admin/dashboard">
        <StaffQueues queues={queues} checkedAt={CHECKED_AT} />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const queue = (overrides: Partial<TQueue> & Pick<TQueue, 'id'>): TQueue => ({ count: 0, oldestAt: null, oldestAgeSeconds: null, ...overrides });

describe('the staff queues on the dashboard', () => {
  it('shows each queue with its count, its oldest item’s wait in the largest whole unit, and a link to where it is worked', () => {
    const html = render([
      queue({ id: 'donationsToVerify', count: 3, oldestAt: '2031-07-01T05:59:00.000Z', oldestAgeSeconds: 60 }),
      queue({ id: 'giftDisputes', count: 1, oldestAt: '2031-07-01T03:00:00.000Z', oldestAgeSeconds: 3 * 3600 + 59 }),
      queue({ id: 'disbursementsToPay', count: 12, oldestAt: '2031-06-25T06:00:00.000Z', oldestAgeSeconds: 6 * 86_400 }),
      queue({ id: 'contactMessages' }),
    ]);
    const text = textOf(html);
    expect(text).toContain('3 Donations to verify Oldest waiting 1 minute');
    expect(text).toContain('1 Direct-gift disputes Oldest waiting 3 hours');
    expect(text).toContain('12 Disbursements to pay Oldest waiting 6 days');
    expect(text).toContain('0 Contact messages Nothing waiting');
    expect(html).toContain('href="/admin/donations?status=proof_received"');
    expect(html).toContain('href="/admin/help/disputes"');
    expect(html).toContain('href="/admin/disbursements?status=approved"');
    expect(html).toContain('href="/admin/contact"');
    // A queue with work waiting stands out; an empty one does not.
    expect(html).toMatch(/class="queue queue-waiting" data-queue="donationsToVerify"/);
    expect(html).toMatch(/class="queue" data-queue="contactMessages"/);
  });

  it('says in Hindi what waits and for how long', () => {
    const text = textOf(render([queue({ id: 'helpRequestsToVerify', count: 2, oldestAt: '2031-06-29T06:00:00.000Z', oldestAgeSeconds: 47 * 3600 })], 'hi'));
    expect(text).toContain('2 सत्यापन के लिए सहायता अनुरोध सबसे पुराना 47 घंटे से प्रतीक्षा में');
    expect(text).toContain('पर गिना गया');
  });

  it('tells an admin with no queue of theirs why the list is empty', () => {
    expect(textOf(render([]))).toContain('No queue is yours');
  });
});
