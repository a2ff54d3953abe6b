import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { HELP_ID_KIND_REQUIRED, HELP_QUESTION_LENGTH, HELP_REASON_LENGTH, type THelpRequestAdminDetail } from '@sahay/server/modules/help/help.schema';
import { sendUpdate } from '#web/features/help/components/post-update-form.tsx';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { helpDocumentUrl, isOlderThanSixMonths } from '../components/help-documents.tsx';
import { helpAbilitiesFor, sendClose, sendExtend, sendIdentityCheck, sendPublish, sendQuestion, sendReject, type Callbacks } from '../components/help-request-actions.tsx';
import { HelpRequestAdmin, normaliseHelpId } from './help-request-admin-page.tsx';

const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
const hooks = vi.hoisted(() => ({ detail: null as unknown, reveal: {} as Record<string, unknown>, postUpdate: {} as Record<string, unknown> }));
vi.mock('../hooks/use-gift-disputes.ts', () => ({
  usePostHelpUpdateAsStaff: () => hooks.postUpdate,
}));
vi.mock('../hooks/use-help-requests.ts', () => ({
  useHelpRequestDetail: () => ({ isPending: false, isError: false, data: hooks.detail, refetch: vi.fn() }),
  useRefreshHelpRequest: () => vi.fn(),
  useRevealHelpBeneficiary: () => hooks.reveal,
  useHelpActions: () => ({ checkIdentity: idle(), ask: idle(), publish: idle(), reject: idle(), close: idle(), extend: idle() }),
}));

const STAFF = 'SH0000001';
const REQUESTER = 'SH7654321';

function detail(overrides: Partial<THelpRequestAdminDetail> = {}): THelpRequestAdminDetail {
  return {
    id: 'ABCD2345',
    category: 'medical',
    title: { en: 'Hip operation for my father', hi: null },
    story: { en: 'He fell from the roof and broke his hip; the operation costs more than we have.', hi: null },
    status: 'submitted',
    amountNeededPaise: 85_000_00,
    raisedPaise: 0,
    requesterId: REQUESTER,
    requesterName: 'Sunita Devi',
    requestedAt: '2026-03-02T05:30:00.000Z',
    documents: [
      { index: 1, kind: 'hospital-estimate', documentDate: '2026-02-20', mediaType: 'application/pdf', pages: 3 },
      { index: 2, kind: 'accident-report', documentDate: '2023-05-01', mediaType: 'image/jpeg', pages: 1 },
    ],
    identityCheck: null,
    questions: [],
    publishedAt: null,
    closesOn: null,
    rejection: null,
    closure: null,
    payoutHolders: { upi: 'beneficiary', bank: null },
    ...overrides,
  };
}

function render(request: THelpRequestAdminDetail, staffId = STAFF): string {
  hooks.detail = request;
  return renderToString(
    <I18nProvider initialLang="en">
      <Router ssrPath={`/help/${request.id}`}>
        <HelpRequestAdmin id={request.id} staffId={staffId} />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const FORMS = ['help-identity-form', 'help-ask-form', 'help-publish-form', 'help-reject-form', 'help-extend-form', 'help-close-form'] as const;
const formsIn = (html: string) => FORMS.filter((form) => html.includes(`data-testid="${form}"`));

function callbacks(): Callbacks {
  return { onSuccess: vi.fn(), onError: vi.fn() };
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
});

beforeEach(() => {
  hooks.reveal = idle();
  hooks.postUpdate = idle();
  // The page reads today's date in India for the documents' age and the extension's range.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the request page', () => {
  it('shows the request in both languages, the requester, and the documents without loading any', () => {
    const html = render(detail({ title: { en: 'Hip operation', hi: 'कूल्हे का ऑपरेशन' }, story: { en: null, hi: 'पिता छत से गिर गए।' } }));
    expect(html).toContain('<h1>Help request ABCD2345</h1>');
    expect(html).toContain('Hip operation');
    expect(html).toContain('<p lang="hi"><strong>कूल्हे का ऑपरेशन</strong></p>');
    expect(html).toContain('पिता छत से गिर गए।');
    expect(html).toContain('Not given in this language.');
    expect(html).toContain('Sunita Devi');
    expect(html).toContain(REQUESTER);
    expect(html).toContain('₹85,000');
    expect(html).toContain('Document 1: Hospital estimate');
    expect(html).toContain('Document 2: FIR or accident report');
    expect(html).toContain('PDF, pages: 3');
    // Each load is recorded: no image until View, and links only open on a click.
    expect(html).not.toContain('<img');
    expect(html).toContain('data-testid="help-view-1"');
    expect(html).toContain(`href="${helpDocumentUrl('ABCD2345', 2)}"`);
  });

  it('marks documents older than 6 months', () => {
    const html = render(detail());
    const second = html.slice(html.indexOf('data-testid="help-document-2"'));
    expect(second).toContain('Older than 6 months');
    const first = html.slice(html.indexOf('data-testid="help-document-1"'), html.indexOf('data-testid="help-document-2"'));
    expect(first).not.toContain('Older than 6 months');
    expect(isOlderThanSixMonths('2026-01-31', '2026-07-31')).toBe(false);
    expect(isOlderThanSixMonths('2026-01-30', '2026-07-31')).toBe(true);
    expect(isOlderThanSixMonths(null, '2026-07-31')).toBe(false);
  });

  it('keeps the beneficiary closed until staff ask, and shows what the server opened', () => {
    const reveal = idle();
    hooks.reveal = reveal;
    const closed = render(detail());
    expect(closed).toContain('Show beneficiary and payout details');
    expect(closed).not.toContain('data-testid="help-beneficiary-details"');
    expect(reveal.mutate).not.toHaveBeenCalled();
    hooks.reveal = { ...idle(), data: { beneficiary: { name: 'Ramesh Kumar', relation: 'parent', upiId: 'ramesh@okbank', bankName: null, accountHolder: null, accountNumber: null, ifsc: null } } };
    const open = render(detail());
    expect(open).toContain('data-testid="help-beneficiary-details"');
    expect(open).toContain('Ramesh Kumar');
    expect(open).toContain('ramesh@okbank');
    expect(open).not.toContain('Show beneficiary and payout details');
  });

  it('warns before publishing when the money would not reach the beneficiary’s own account, naming nobody, and still lets staff publish (issue 32)', () => {
    const matched = { idKind: 'aadhaar', isMatched: true, checkedBy: 'SH0000002', checkedAt: '2026-03-03T06:00:00.000Z' } as const;
    const html = render(detail({ identityCheck: matched, payoutHolders: { upi: 'requester', bank: 'other' } }));
    const warning = /<div[^>]*data-testid="help-payout-elsewhere"[^>]*>(.*?)<\/div>/.exec(html);
    expect(warning?.[1]).toBeDefined();
    const text = textOf(warning?.[1] ?? '');
    expect(text).toContain('The money would not go to the beneficiary’s own account');
    expect(text).toContain('The UPI ID is the requester’s.');
    expect(text).toContain('The bank account is someone else’s: neither the beneficiary’s nor the requester’s.');
    expect(text).toContain('You can still publish');
    // Names stay behind "Show beneficiary and payout details".
    expect(text).not.toContain('Sunita Devi');
    const warningId = /<div[^>]*id="([^"]+)"[^>]*data-testid="help-payout-elsewhere"/.exec(html)?.[1];
    const button = /<button(?=[^>]*data-testid="help-publish")[^>]*>/.exec(html)?.[0] ?? '';
    expect(button).toContain(`aria-describedby="${warningId}"`);
    expect(button).not.toContain('disabled=""');

    expect(render(detail({ identityCheck: matched, payoutHolders: { upi: 'beneficiary', bank: 'beneficiary' } }))).not.toContain('help-payout-elsewhere');
    expect(render(detail({ identityCheck: matched, payoutHolders: null }))).not.toContain('help-payout-elsewhere');
    expect(textOf(render(detail({ identityCheck: matched, payoutHolders: { upi: 'unnamed', bank: null } })))).toContain('Nobody is named as the UPI ID’s holder.');
  });

  it('says whose account the UPI ID and the bank account are once the details are opened', () => {
    hooks.reveal = {
      ...idle(),
      data: { beneficiary: { name: 'Kamla Devi', relation: 'parent', upiId: 'ravi.kumar@okaxis', bankName: 'State Bank of India', accountHolder: 'RAVI KUMAR', accountNumber: '301245678901', ifsc: 'SBIN0001234' } },
    };
    const text = textOf(render(detail({ requesterName: 'Ravi Kumar', payoutHolders: { upi: 'requester', bank: 'requester' } })));
    expect(text).toContain('ravi.kumar@okaxis of Ravi Kumar, the requester — not the beneficiary');
    expect(text).toContain('301245678901 of RAVI KUMAR, the requester — not the beneficiary');
    hooks.reveal = { ...idle(), data: { beneficiary: { name: 'Kamla Devi', relation: 'self', upiId: 'kamla@okaxis', bankName: null, accountHolder: null, accountNumber: null, ifsc: null } } };
    expect(textOf(render(detail({ payoutHolders: { upi: 'beneficiary', bank: null } })))).toContain('kamla@okaxis of Kamla Devi, the beneficiary');
  });

  it('offers a submitted request’s identity check, a question, and publish disabled until the identity matches', () => {
    const html = render(detail());
    expect(formsIn(html)).toEqual(['help-identity-form', 'help-ask-form', 'help-publish-form', 'help-reject-form']);
    expect(html).toContain('Record an identity check that matches before publishing.');
    expect(html).toMatch(/<button(?=[^>]*data-testid="help-publish")(?=[^>]*disabled="")[^>]*>/);
  });

  it('enables Publish once the latest identity check matched', () => {
    const html = render(detail({ identityCheck: { idKind: 'aadhaar', isMatched: true, checkedBy: 'SH0000002', checkedAt: '2026-03-03T06:00:00.000Z' } }));
    expect(html).not.toContain('data-testid="help-publish-blocker"');
    expect(html).toMatch(/<button(?=[^>]*data-testid="help-publish")[^>]*>/);
    expect(html).not.toMatch(/<button(?=[^>]*data-testid="help-publish")(?=[^>]*disabled="")[^>]*>/);
    expect(html).toContain('Aadhaar card, checked by SH0000002');
  });

  it('shows the questions and answers, and no new question while one waits', () => {
    const html = render(
      detail({
        status: 'information_requested',
        identityCheck: { idKind: 'pan', isMatched: true, checkedBy: 'SH0000002', checkedAt: '2026-03-03T06:00:00.000Z' },
        questions: [
          { question: 'Which hospital?', askedBy: 'SH0000002', askedAt: '2026-03-03T06:00:00.000Z', answer: 'District hospital, Gaya.', answeredAt: '2026-03-03T08:00:00.000Z' },
          { question: 'Please send the second page of the estimate.', askedBy: 'SH0000002', askedAt: '2026-03-04T06:00:00.000Z', answer: null, answeredAt: null },
        ],
      }),
    );
    expect(html).toContain('Which hospital?');
    expect(html).toContain('District hospital, Gaya.');
    expect(html).toContain('Waiting for the answer.');
    expect(formsIn(html)).toEqual(['help-identity-form', 'help-publish-form', 'help-reject-form']);
    expect(html).toContain('Wait for the requester’s answer before publishing.');
  });

  it('offers Close and Extend on a published request, and nothing else', () => {
    const html = render(detail({ status: 'published', publishedAt: '2026-03-05T06:00:00.000Z', closesOn: '2026-06-03', identityCheck: { idKind: 'aadhaar', isMatched: true, checkedBy: 'SH0000002', checkedAt: '2026-03-03T06:00:00.000Z' } }));
    expect(formsIn(html)).toEqual(['help-extend-form', 'help-close-form']);
    expect(html).toContain('It is open until 3 Jun 2026.');
    // After the current closing date, at most 90 days from today (10 Mar 2026).
    expect(html).toMatch(/<input(?=[^>]*name="closesOn")(?=[^>]*type="date")(?=[^>]*min="2026-06-04")(?=[^>]*max="2026-06-08")[^>]*>/);
    expect(html).toMatch(/href="\/help\/ABCD2345"/);
  });

  it('offers staff an update for the public page once published or closed, and not before', () => {
    const published = render(detail({ status: 'published', publishedAt: '2026-03-05T06:00:00.000Z', closesOn: '2026-06-03' }));
    expect(published).toContain('data-testid="post-update-form"');
    expect(published).toContain('Post an update');
    expect(published).toMatch(/<textarea(?=[^>]*name="textEn")(?=[^>]*lang="en")(?=[^>]*maxLength="1000")[^>]*>/);
    expect(published).toMatch(/<textarea(?=[^>]*name="textHi")(?=[^>]*lang="hi")[^>]*>/);
    const closed = render(detail({ status: 'closed', closure: { reason: 'funded', closedBy: null, closedAt: '2026-03-09T06:00:00.000Z' } }));
    expect(closed).toContain('data-testid="post-update-form"');
    for (const status of ['submitted', 'information_requested', 'rejected'] as const) expect(render(detail({ status })), status).not.toContain('data-testid="post-update-form"');
  });

  it('shows a rejected request’s reason and takes no decision', () => {
    const html = render(detail({ status: 'rejected', rejection: { reason: 'The estimate is from 2023.', rejectedBy: 'SH0000002', rejectedAt: '2026-03-06T06:00:00.000Z' } }));
    expect(html).toContain('The estimate is from 2023.');
    expect(formsIn(html)).toEqual([]);
  });

  it('lets nobody decide on their own request', () => {
    const html = render(detail(), REQUESTER);
    expect(html).toContain('data-testid="help-own-request"');
    expect(formsIn(html)).toEqual([]);
  });

  it('reads the number from the address as a colleague may paste it', () => {
    expect(normaliseHelpId('abcd-2345')).toBe('ABCD2345');
    expect(normaliseHelpId('abcd%202345')).toBe('ABCD2345');
  });
});

describe('helpAbilitiesFor', () => {
  const abilities = (status: THelpRequestAdminDetail['status'], isMatched: boolean | null, staffId = STAFF) =>
    helpAbilitiesFor({ status, requesterId: REQUESTER, identityCheck: isMatched === null ? null : { idKind: 'aadhaar', isMatched, checkedBy: 'x', checkedAt: 'y' } }, staffId);

  it('follows the decider: undecided requests take checks, questions, publishing and rejection; published ones close and extend', () => {
    expect(abilities('submitted', true)).toMatchObject({ canCheckIdentity: true, canAsk: true, canPublish: true, publishBlocker: null, canReject: true, canClose: false, canExtend: false });
    expect(abilities('submitted', false).publishBlocker).toBe('identity-not-matched');
    expect(abilities('information_requested', true)).toMatchObject({ canAsk: false, canPublish: true, publishBlocker: 'answer-awaited', canReject: true });
    expect(abilities('published', true)).toMatchObject({ canCheckIdentity: false, canAsk: false, canPublish: false, canReject: false, canClose: true, canExtend: true });
    for (const status of ['rejected', 'closed'] as const) {
      const can = abilities(status, true);
      expect([can.canCheckIdentity, can.canAsk, can.canPublish, can.canReject, can.canClose, can.canExtend]).toEqual([false, false, false, false, false, false]);
    }
    expect(abilities('submitted', true, REQUESTER)).toMatchObject({ isOwnRequest: true, canCheckIdentity: false, canPublish: false, canReject: false });
  });
});

describe('each decision calls its own procedure with the request’s number', () => {
  const actions = () => ({ checkIdentity: { mutate: vi.fn() }, ask: { mutate: vi.fn() }, publish: { mutate: vi.fn() }, reject: { mutate: vi.fn() }, close: { mutate: vi.fn() }, extend: { mutate: vi.fn() } });
  const called = (all: ReturnType<typeof actions>) => Object.entries(all).filter(([, mutation]) => mutation.mutate.mock.calls.length > 0).map(([name]) => name);

  it('identity check → help.admin.checkIdentity, matched or not', () => {
    const all = actions();
    const on = callbacks();
    expect(sendIdentityCheck(all, 'ABCD2345', 'voter-id', true, on)).toEqual({});
    expect(sendIdentityCheck(all, 'ABCD2345', 'pan', false, on)).toEqual({});
    expect(all.checkIdentity.mutate.mock.calls.map((call) => call[0])).toEqual([
      { id: 'ABCD2345', idKind: 'voter-id', isMatched: true },
      { id: 'ABCD2345', idKind: 'pan', isMatched: false },
    ]);
    expect(all.checkIdentity.mutate.mock.calls[0]![1]).toBe(on);
    expect(called(all)).toEqual(['checkIdentity']);
  });

  it('no identity check without the kind of ID', () => {
    const all = actions();
    expect(sendIdentityCheck(all, 'ABCD2345', '', true, callbacks())).toEqual({ idKind: [HELP_ID_KIND_REQUIRED] });
    expect(called(all)).toEqual([]);
  });

  it('question → help.admin.ask, trimmed; too short is not sent', () => {
    const all = actions();
    expect(sendQuestion(all, 'ABCD2345', '  Which hospital is it?  ', callbacks())).toEqual({});
    expect(all.ask.mutate.mock.calls[0]![0]).toEqual({ id: 'ABCD2345', question: 'Which hospital is it?' });
    expect(sendQuestion(all, 'ABCD2345', 'Why', callbacks())).toEqual({ question: [HELP_QUESTION_LENGTH] });
    expect(all.ask.mutate).toHaveBeenCalledTimes(1);
    expect(called(all)).toEqual(['ask']);
  });

  it('publish → help.admin.publish', () => {
    const all = actions();
    sendPublish(all, 'ABCD2345', callbacks());
    expect(all.publish.mutate.mock.calls[0]![0]).toEqual({ id: 'ABCD2345' });
    expect(called(all)).toEqual(['publish']);
  });

  it('reject → help.admin.reject with the reason, which is required', () => {
    const all = actions();
    expect(sendReject(all, 'ABCD2345', '', callbacks())).toEqual({ reason: [HELP_REASON_LENGTH] });
    expect(called(all)).toEqual([]);
    expect(sendReject(all, 'ABCD2345', 'The estimate is from 2023; send a newer one.', callbacks())).toEqual({});
    expect(all.reject.mutate.mock.calls[0]![0]).toEqual({ id: 'ABCD2345', reason: 'The estimate is from 2023; send a newer one.' });
    expect(called(all)).toEqual(['reject']);
  });

  it('close → help.admin.close; extend → help.admin.extend with the new date', () => {
    const all = actions();
    sendClose(all, 'ABCD2345', callbacks());
    expect(sendExtend(all, 'ABCD2345', '2026-07-01', callbacks())).toEqual({});
    expect(all.close.mutate.mock.calls[0]![0]).toEqual({ id: 'ABCD2345' });
    expect(all.extend.mutate.mock.calls[0]![0]).toEqual({ id: 'ABCD2345', closesOn: '2026-07-01' });
    expect(sendExtend(all, 'ABCD2345', '', callbacks())).toEqual({ closesOn: ['Enter the new closing date.'] });
    expect(all.extend.mutate).toHaveBeenCalledTimes(1);
    expect(called(all)).toEqual(['close', 'extend']);
  });
});

describe('posting an update as staff', () => {
  it('sends help.admin.postUpdate with the text in either language, an empty one left out', () => {
    const mutation = { mutate: vi.fn() };
    const onSuccess = vi.fn();
    expect(sendUpdate(mutation, 'ABCD2345', { textEn: '  The hospital confirmed the date.  ', textHi: '' }, onSuccess)).toEqual({});
    expect(mutation.mutate).toHaveBeenCalledWith({ id: 'ABCD2345', textEn: 'The hospital confirmed the date.', textHi: null }, { onSuccess });
  });

  it('sends nothing without a text, or with one too short, and says why beside the field', () => {
    const mutation = { mutate: vi.fn() };
    expect(sendUpdate(mutation, 'ABCD2345', { textEn: '', textHi: '' }, vi.fn())).toEqual({ textEn: ['Write the update in English or Hindi.'] });
    expect(sendUpdate(mutation, 'ABCD2345', { textEn: '', textHi: 'ठीक' }, vi.fn())).toEqual({ textHi: ['An update must be 5 to 1,000 characters.'] });
    expect(mutation.mutate).not.toHaveBeenCalled();
  });
});
