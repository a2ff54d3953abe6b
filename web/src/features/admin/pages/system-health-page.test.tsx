import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TSystemHealthResponse } from '@sahay/server/modules/admin/health/system-health.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';

/**
 * The System health page (issue 34): every kind of alert says what it is, since when and what to do,
 * in English and Hindi; no alert is "all clear". (At 360 px: e2e/system-health.e2e.test.ts.)
 */
const state = vi.hoisted(() => ({ data: null as unknown }));
vi.mock('../hooks/use-system-health.ts', () => ({
  useSystemHealth: () => ({ data: state.data, isPending: false, isError: false, refetch: () => undefined }),
}));

const { SystemHealth } = await import('./system-health-page.tsx');

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) await loadNamespaces(lang, ['core', 'admin', 'messages']);
});

const ALL_ALERTS: TSystemHealthResponse = {
  checkedAt: '2031-07-01T06:30:00.000Z',
  alerts: [
    { kind: 'jobs-failed', since: '2031-07-01T05:00:00.000Z', count: 3, handlers: ['donation-receipt-mail', 'notify-donor'] },
    { kind: 'projection-lag', since: '2031-07-01T06:20:00.000Z', processors: [{ name: 'relay', events: 1234, seconds: 600 }] },
    { kind: 'mail-failing', since: '2031-07-01T06:00:00.000Z', lastError: 'SMTP 535 authentication failed' },
    { kind: 'sms-failing', since: '2031-07-01T06:10:00.000Z', lastError: null },
    { kind: 'backup-missing', since: '2031-07-01T04:30:00.000Z', stanza: 'sahay', lastBackupAt: '2031-06-30T02:30:00.000Z', lastError: 'The full backup failed (pgBackRest exit code 82); its log has the reason.' },
    { kind: 'storage-full', since: '2031-07-01T03:00:00.000Z', stores: [{ store: 'database', bytes: 17_250_000_000, limitBytes: 20_000_000_000, percent: 86 }] },
    { kind: 'webhook-failing', since: '2031-07-01T05:45:00.000Z', failures: 4, lastReason: 'signature' },
    { kind: 'validity-ending', since: '2031-06-01T18:30:00.000Z', registrations: [{ kind: 'fcra', validUntil: '2031-07-02', daysLeft: 1 }] },
  ],
};

function render(lang: Lang, data: TSystemHealthResponse): string {
  state.data = data;
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router base="/admin" ssrPath="/admin/health">
        <SystemHealth />
      </Router>
    </I18nProvider>,
  );
}

/** Each alert's kind and its card's markup, up to the next alert's card. */
const alertCards = (html: string) =>
  html
    .split('<li class="card" data-testid="health-alert-')
    .slice(1)
    .map((part) => [part.slice(0, part.indexOf('"')), part] as const);

describe('the System health page', () => {
  it.each([
    [
      'en',
      [
        'Background jobs failed their last attempt (3)',
        'Read models are more than a minute behind',
        'No e-mail has gone out for 15 minutes',
        'No text message has gone out for 15 minutes',
        'No successful backup for 26 hours',
        'Storage above 80 % of its size',
        'Payment gateway webhooks are failing (4 in a row)',
        'A registration ends within 30 days',
      ],
      'What to do',
      'Since',
      'relay: 1,234 events waiting, the oldest for 600 s.',
      ['The database: 17.3 GB of 20 GB (86 %).', 'its signature did not match RAZORPAY_WEBHOOK_SECRET', 'The FCRA registration is valid until 02/07/2031: 1 days left.', 'backup-daily --once'],
    ],
    [
      'hi',
      [
        'पृष्ठभूमि के काम आख़िरी कोशिश में भी असफल रहे (3)',
        'रीड मॉडल एक मिनट से ज़्यादा पीछे हैं',
        '15 मिनट से कोई ई-मेल नहीं गया',
        '15 मिनट से कोई SMS नहीं गया',
        '26 घंटे से कोई सफल बैकअप नहीं हुआ',
        'स्टोरेज अपने आकार के 80 % से ऊपर',
        'पेमेंट गेटवे के वेबहुक असफल हो रहे हैं (लगातार 4)',
        'एक पंजीकरण 30 दिनों में समाप्त हो रहा है',
      ],
      'क्या करें',
      'से',
      'relay: 1,234 इवेंट बाकी, सबसे पुराना 600 सेकंड से।',
      ['डेटाबेस: 20 GB में से 17.3 GB (86 %)।', 'सिग्नेचर RAZORPAY_WEBHOOK_SECRET से मेल नहीं खाया', '02/07/2031', 'backup-daily --once'],
    ],
  ] as const)('(%s) shows each alert with its title, since when and what to do', (lang, titles, whatToDo, since, lag, details) => {
    const html = render(lang, ALL_ALERTS).replaceAll('<!-- -->', '');
    expect(html).not.toMatch(/admin\.health\.|\{[a-z]+\}/);
    const cards = alertCards(html);
    expect(cards.map(([kind]) => kind)).toEqual(['jobs-failed', 'projection-lag', 'mail-failing', 'sms-failing', 'backup-missing', 'storage-full', 'webhook-failing', 'validity-ending']);
    cards.forEach(([, card], index) => {
      expect(card).toContain(`<h2>${titles[index]}</h2>`);
      expect(card).toContain(since);
      expect(card).toContain(`<strong>${whatToDo}:</strong>`);
    });
    expect(cards[0]![1]).toContain('donation-receipt-mail, notify-donor');
    expect(cards[0]![1]).toMatch(/<a href="\/admin\/jobs">/);
    expect(cards[1]![1]).toContain(lag);
    expect(cards[2]![1]).toContain('SMTP 535 authentication failed');
    expect(cards[4]![1]).toContain('pgBackRest exit code 82');
    expect(cards[4]![1]).toContain(details[3]);
    expect(cards[5]![1]).toContain(details[0]);
    expect(cards[6]![1]).toContain(details[1]);
    expect(cards[7]![1]).toContain(details[2]);
    expect(cards[7]![1]).toMatch(/<a href="\/admin\/settings">/);
    expect(html).not.toContain('data-testid="health-all-clear"');
  });

  it.each([
    ['en', 'All clear: no alerts.'],
    ['hi', 'सब ठीक है: कोई चेतावनी नहीं।'],
  ] as const)('(%s) says all clear when there is no alert', (lang, text) => {
    const html = render(lang, { alerts: [], checkedAt: '2031-07-01T06:30:00.000Z' });
    expect(html).toContain('data-testid="health-all-clear"');
    expect(html).toContain(text);
    expect(html).not.toContain('health-alert-');
  });
});
