import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { z } from 'zod';
import type { ZGivenGiftsSchema } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import { HELP_ANSWER_LENGTH, type TMyHelpRequest } from '@sahay/server/modules/help/help.schema';
import { MemberLinks } from '#web/features/identity/components/member-links.public.tsx';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { findPublicRoute, isAppPath } from '#web/pages.ts';
import { sendAnswer, sendClose, titleIn } from '../components/member/my-help-request-card.tsx';
import { MyHelp, sentIdOf } from './my-help-page.tsx';

const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
const hooks = vi.hoisted(() => ({ mine: {} as Record<string, unknown>, given: {} as Record<string, unknown> }));
vi.mock('../hooks/member-direct-gifts.ts', () => ({
  useGivenGifts: () => hooks.given,
}));
vi.mock('../hooks/member-help-requests.ts', () => ({
  useMyHelpRequests: () => hooks.mine,
  useMyHelpActions: () => ({ answer: idle(), close: idle() }),
}));

function request(overrides: Partial<TMyHelpRequest> = {}): TMyHelpRequest {
  return {
    id: 'ABCD2345',
    category: 'medical',
    title: { en: 'Hip operation for my father', hi: 'पिता के कूल्हे का ऑपरेशन' },
    status: 'submitted',
    amountNeededPaise: 85_000_00,
    raisedPaise: 0,
    requestedAt: '2026-03-02T05:30:00.000Z',
    closesOn: null,
    question: null,
    rejectionReason: null,
    closedReason: null,
    ...overrides,
  };
}

function render(url = '/my-help', lang: Lang = 'en'): string {
  const [path = '/', search = ''] = url.split('?');
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath={path} ssrSearch={search}>
        <MyHelp />
      </Router>
    </I18nProvider>,
  );
}

/** The visible text, tags and React's text separators removed. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** The card of one request. */
function card(html: string, id: string): string {
  const start = html.indexOf(`data-testid="my-help-${id}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</article>', start));
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'identity', 'member', 'messages']);
  await loadNamespaces('hi', ['core', 'identity', 'member', 'messages']);
});

beforeEach(() => {
  hooks.mine = { isPending: false, isError: false, data: { requests: [] }, refetch: vi.fn() };
  hooks.given = { isPending: false, isError: false, data: { gifts: [] }, refetch: vi.fn() };
});

describe('/my-help', () => {
  it('says so when the member has asked for nothing yet, and links to the form', () => {
    const html = render();
    expect(html).toContain('data-testid="my-help-empty"');
    expect(html).toContain('You have not asked for help yet.');
    expect(html).toMatch(/<a[^>]*href="\/my-help\/new"[^>]*>Ask for help<\/a>/);
  });

  it('confirms a request just sent, by its number from the address', () => {
    expect(render('/my-help?sent=ABCD2345')).toContain('Your request ABCD2345 was sent. Our staff will check the documents and may ask you a question here.');
    expect(render('/my-help?sent=<script>')).not.toContain('Your request');
    expect(sentIdOf('sent=abcd2345')).toBe('ABCD2345');
    expect(sentIdOf('sent=ABCD')).toBeNull();
  });

  it('shows each request with its status in words, the amount needed and the date asked', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request()] } };
    const html = card(render(), 'ABCD2345');
    expect(html).toContain('Hip operation for my father');
    expect(html).toContain('Being checked');
    expect(html).toContain('₹85,000');
    expect(html).toContain('2 Mar 2026');
    expect(html).toContain('Medical treatment');
    expect(html).not.toContain('data-testid="my-help-question"');
    expect(html).not.toContain('data-testid="my-help-close"');
  });

  it('shows staff’s question with a form to answer it, while an answer is awaited', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'information_requested', question: 'Please send the bill’s second page.' })] } };
    const html = card(render(), 'ABCD2345');
    expect(html).toContain('Waiting for your answer');
    expect(html).toContain('data-testid="my-help-question"');
    expect(html).toContain('Please send the bill’s second page.');
    expect(html).toMatch(/<textarea[^>]*name="answer"/);
    expect(html).toContain('Send answer');
  });

  it('shows why a request was not accepted', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'rejected', rejectionReason: 'The estimate is from 2023.' })] } };
    const html = card(render(), 'ABCD2345');
    expect(html).toContain('Not accepted');
    expect(html).toContain('The estimate is from 2023.');
    expect(html).not.toMatch(/href="\/help\/ABCD2345"/);
  });

  it('links a published request to its public page, with what was raised and "Close this request"', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'published', raisedPaise: 12_500_00, closesOn: '2026-06-01' })] } };
    const html = card(render(), 'ABCD2345');
    expect(html).toMatch(/href="\/help\/ABCD2345"/);
    expect(html).toContain('₹12,500');
    expect(html).toContain('1 Jun 2026');
    expect(html).toContain('data-testid="my-help-close-button"');
    // Closing asks first: no "Yes, close it" until the member starts to close.
    expect(html).not.toContain('data-testid="my-help-close-yes"');
  });

  it('tells why a closed request closed, and offers no closing', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'closed', closedReason: 'funded' })] } };
    const html = card(render(), 'ABCD2345');
    expect(html).toContain('The full amount was raised.');
    expect(html).not.toContain('data-testid="my-help-close"');
  });

  it('shows the title in the page’s language when there is one', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ title: { en: 'English title', hi: 'हिन्दी शीर्षक' } }), request({ id: 'EFGH2345', title: { en: 'Only English', hi: null } })] } };
    const html = render('/my-help', 'hi');
    expect(card(html, 'ABCD2345')).toContain('<span lang="hi">हिन्दी शीर्षक</span>');
    expect(card(html, 'EFGH2345')).toContain('<span lang="en">Only English</span>');
    expect(titleIn({ en: null, hi: 'केवल हिन्दी' }, 'en')).toEqual({ text: 'केवल हिन्दी', lang: 'hi' });
  });

  it('says when the list could not load, with Retry', () => {
    hooks.mine = { isPending: false, isError: true, error: new Error('offline'), data: undefined, refetch: vi.fn() };
    const html = render();
    expect(html).toContain('Could not load your help requests.');
    expect(html).toContain('Retry');
  });
});

describe('gifts the member gave directly', () => {
  type Given = z.infer<typeof ZGivenGiftsSchema>['gifts'][number];
  const given = (overrides: Partial<Given> = {}): Given => ({
    giftId: 'b0000000-0000-4000-8000-000000000001',
    requestId: 'WXYZ2345',
    giverId: 'SH1234567',
    amountPaise: 500_00,
    utr: '123456789012',
    status: 'pending',
    submittedAt: '2026-04-10T06:30:00.000Z',
    decisionReason: null,
    requestTitle: { en: 'School fees for Ravi', hi: 'रवि की स्कूल फ़ीस' },
    ...overrides,
  });

  it('lists each with its request, amount, UTR and where it stands, staff’s reason once decided', () => {
    hooks.given = {
      isPending: false,
      isError: false,
      data: {
        gifts: [
          given(),
          given({ giftId: 'b0000000-0000-4000-8000-000000000002', status: 'confirmed' }),
          given({ giftId: 'b0000000-0000-4000-8000-000000000003', status: 'not-received', decisionReason: 'The bank shows no such payment.' }),
        ],
      },
    };
    const html = render();
    const section = /<section aria-labelledby="gifts-given-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('Gifts you gave directly');
    expect(section).toMatch(/<a [^>]*href="\/help\/WXYZ2345"[^>]*><span>School fees for Ravi<\/span><\/a>/);
    const statuses = [...section.matchAll(/data-testid="given-status">([\s\S]*?)<\/p>/g)].map((match) => textOf(match[1] ?? ''));
    expect(statuses).toEqual([
      'Waiting for the person you helped to confirm',
      'Confirmed as received',
      'The foundation’s staff found it was not received Staff’s reason: The bank shows no such payment.',
    ]);
    expect(textOf(section)).toContain('₹500 School fees for Ravi UTR 123456789012 · sent 10 Apr 2026, 12:00 pm');
    expect(textOf(render('/my-help', 'hi'))).toContain('जिसकी आपने मदद की, उनकी पुष्टि की प्रतीक्षा में');
  });

  it('shows nothing to a member who gave none', () => {
    expect(render()).not.toContain('gifts-given');
  });
});

describe('answering and closing', () => {
  it('sends the answer with help.answer, trimmed, for this request', () => {
    const answer = { mutate: vi.fn() };
    const onSuccess = vi.fn();
    expect(sendAnswer(answer, 'ABCD2345', '  The second page is attached to my new request.  ', onSuccess)).toEqual([]);
    expect(answer.mutate).toHaveBeenCalledWith({ id: 'ABCD2345', answer: 'The second page is attached to my new request.' }, { onSuccess });
  });

  it('sends nothing for an empty or one-letter answer, and says why', () => {
    const answer = { mutate: vi.fn() };
    expect(sendAnswer(answer, 'ABCD2345', ' x ', vi.fn())).toEqual([HELP_ANSWER_LENGTH]);
    expect(sendAnswer(answer, 'ABCD2345', '', vi.fn())).toEqual([HELP_ANSWER_LENGTH]);
    expect(answer.mutate).not.toHaveBeenCalled();
  });

  it('closes with help.close for this request', () => {
    const close = { mutate: vi.fn() };
    const onSuccess = vi.fn();
    sendClose(close, 'ABCD2345', onSuccess);
    expect(close.mutate).toHaveBeenCalledWith({ id: 'ABCD2345' }, { onSuccess });
  });
});

describe('the way to the member’s help pages', () => {
  it('is a link on the dashboard', () => {
    const html = renderToString(
      <I18nProvider initialLang="en">
        <Router ssrPath="/dashboard">
          <MemberLinks />
        </Router>
      </I18nProvider>,
    );
    expect(html).toMatch(/<a[^>]*href="\/my-help"[^>]*>My help requests<\/a>/);
  });

  it('leads to member pages the server gives the app shell, apart from the public /help pages', () => {
    expect(isAppPath('/my-help')).toBe(true);
    expect(isAppPath('/my-help/new')).toBe(true);
    expect(findPublicRoute('/my-help')).toBeUndefined();
    expect(isAppPath('/help')).toBe(false);
  });
});
