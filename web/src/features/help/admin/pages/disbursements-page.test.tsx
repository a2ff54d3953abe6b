import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Router } from 'wouter';
import type { TDisbursementDetails, TDisbursementQueue } from '@sahay/server/modules/help/disbursements/disbursements.schema';
import { I18nProvider, loadNamespaces, translateServerMessage, type Lang } from '#web/i18n/i18n.tsx';
import hiAdmin from '#web/i18n/hi/admin.json';
import { DisbursementDetailsView, Disbursements, hrefOf, openDetails, sendApprove, sendMarkPaid, sendReject, statusOf, type Callbacks } from './disbursements-page.tsx';

const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
const hooks = vi.hoisted(() => ({
  queue: {} as Record<string, unknown>,
  details: {} as { mutate: Mock<(input: { disbursementId: string }) => void> } & Record<string, unknown>,
  asked: [] as string[],
}));
vi.mock('../hooks/use-disbursements.ts', () => ({
  useDisbursementQueue: (status: string) => {
    hooks.asked.push(status);
    return hooks.queue;
  },
  useDisbursementDetails: () => hooks.details,
  useDisbursementActions: () => ({ approve: idle(), reject: idle(), markPaid: idle() }),
}));

const REQUESTED = 'a0000000-0000-4000-8000-000000000001';
const APPROVED = 'a0000000-0000-4000-8000-000000000002';

type Item = TDisbursementQueue['disbursements'][number];

function item(overrides: Partial<Item> = {}): Item {
  return {
    disbursementId: REQUESTED,
    amountPaise: 2_000_00,
    adminChargePaise: 50_00,
    netPaise: 1_950_00,
    status: 'requested',
    requestedAt: '2026-04-10T06:30:00.000Z',
    rejectionReason: null,
    paidOn: null,
    utr: null,
    requestId: 'ABCD2345',
    requestTitle: { en: 'Hip operation for my father', hi: null },
    requesterId: 'SH7654321',
    earmarkedPaise: 12_500_00,
    approvedBy: null,
    ...overrides,
  };
}

function render(search = '', lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/disbursements" ssrSearch={search}>
        <Disbursements />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function callbacks(): Callbacks {
  return { onSuccess: vi.fn(), onError: vi.fn() };
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

beforeEach(() => {
  hooks.queue = { isPending: false, isError: false, data: { disbursements: [item(), item({ disbursementId: APPROVED, requestId: 'EFGH2345', status: 'approved', approvedBy: 'SH0000001' })] }, refetch: vi.fn() };
  hooks.details = idle();
  hooks.asked = [];
});

describe('/admin/disbursements', () => {
  it('opens on the requests waiting for a decision; the status is in the address', () => {
    render();
    expect(hooks.asked).toEqual(['requested']);
    hooks.asked = [];
    render('status=approved');
    expect(hooks.asked).toEqual(['approved']);
    expect(statusOf('status=paid')).toBe('paid');
    expect(statusOf('status=nonsense')).toBe('requested');
    expect(hrefOf('requested')).toBe('/disbursements');
    expect(hrefOf('rejected')).toBe('/disbursements?status=rejected');
    const filters = [...render('status=paid').matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter((match) => match[1]?.includes('disbursements'));
    expect(filters.map((match) => [match[1], match[2]])).toEqual([
      ['/disbursements', 'Requested'],
      ['/disbursements?status=approved', 'Approved'],
      ['/disbursements?status=rejected', 'Rejected'],
      ['/disbursements?status=paid', 'Paid'],
    ]);
    expect(render('status=paid')).toMatch(/aria-current="page"[^>]*href="\/disbursements\?status=paid"|href="\/disbursements\?status=paid"[^>]*aria-current="page"/);
  });

  it('lists each request: its number linking to the public page, title, amounts, when and status, each cell labelled for a phone’s card', () => {
    const html = render();
    expect(html).toMatch(/<div class="table-scroll" role="region" aria-label="Withdrawals from help requests" tabindex="0"><table class="table table-cards" role="table" data-testid="disbursements"><caption>2 withdrawal requests: Requested, oldest first<\/caption>/);
    const headers = [...html.matchAll(/<th scope="col" role="columnheader">([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['Request', 'Title', 'Requested amount', 'Admin charge', 'Net amount', 'Requested at', 'Status', 'Actions']);
    const row = /<tr role="row" data-testid="disbursement-a0000000-0000-4000-8000-000000000001">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect([...row.matchAll(/data-label="([^"]*)"/g)].map((match) => match[1])).toEqual(headers);
    expect(row).toMatch(/<a [^>]*href="\/help\/ABCD2345"[^>]*>ABCD2345<\/a>/);
    expect(textOf(row)).toMatch(/^ABCD2345 Hip operation for my father ₹2,000 ₹50 ₹1,950 10 Apr 2026, 12:00 pm Requested Details Approve Reject$/i);
  });

  it('lists the rows in the order the server gives them, and names that order: what waits oldest first, what is done (paid, rejected) newest first', () => {
    const early = item({ disbursementId: REQUESTED, requestedAt: '2026-04-01T06:30:00.000Z', paidOn: '2026-04-20' });
    const late = item({ disbursementId: APPROVED, requestedAt: '2026-04-09T06:30:00.000Z', paidOn: '2026-04-12' });
    const shownIds = (html: string) => [...html.matchAll(/data-testid="disbursement-([0-9a-f-]{36})"/g)].map((match) => match[1]);
    for (const [search, rows, caption] of [
      ['', [early, late], '2 withdrawal requests: Requested, oldest first'],
      ['status=approved', [late, early], '2 withdrawal requests: Approved, oldest first'],
      ['status=paid', [early, late], '2 withdrawal requests: Paid, newest first'],
      ['status=rejected', [late, early], '2 withdrawal requests: Rejected, newest first'],
    ] as const) {
      hooks.queue = { isPending: false, isError: false, data: { disbursements: rows, hasMore: false }, refetch: vi.fn() };
      const html = render(search);
      expect(shownIds(html), search).toEqual(rows.map((row) => row.disbursementId));
      expect(html, search).toContain(`<caption>${caption}</caption>`);
    }
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [item({ status: 'paid', paidOn: '2026-04-20' })] }, refetch: vi.fn() };
    expect(render('status=paid')).toContain('<caption>1 withdrawal request: Paid</caption>');
    expect(render('status=paid', 'hi')).toContain('<caption>1 निकासी अनुरोध: भुगतान हो गया</caption>');
  });

  it('offers Approve and Reject on a request, Mark paid on an approved one, and Details on each', () => {
    const html = render();
    const requested = /<tr role="row" data-testid="disbursement-a0000000-0000-4000-8000-000000000001">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
    const approved = /<tr role="row" data-testid="disbursement-a0000000-0000-4000-8000-000000000002">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(requested).toContain('aria-label="Approve the withdrawal for request ABCD2345"');
    expect(requested).toContain('aria-label="Reject the withdrawal for request ABCD2345"');
    expect(requested).not.toContain('disbursement-mark-paid');
    expect(approved).toContain('aria-label="Mark paid the withdrawal for request EFGH2345"');
    expect(approved).not.toContain('disbursement-approve');
    expect(approved).not.toContain('disbursement-reject');
    for (const row of [requested, approved]) expect(row).toContain('data-testid="disbursement-details"');
  });

  it('opens nobody’s details by itself: the details are asked for only when Details is pressed', () => {
    render();
    render('status=approved');
    expect(hooks.details.mutate).not.toHaveBeenCalled();
    expect(render()).not.toContain('disbursement-details-dialog');
    openDetails(hooks.details, REQUESTED);
    expect(hooks.details.mutate).toHaveBeenCalledTimes(1);
    expect(hooks.details.mutate).toHaveBeenCalledWith({ disbursementId: REQUESTED });
  });

  it('warns when the money held no longer covers a pending withdrawal, and shows why one was rejected or when it was paid', () => {
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [item({ earmarkedPaise: 1_500_00 })] } };
    expect(render()).toContain('Only ₹1,500 is held for this request now.');
    hooks.queue = {
      isPending: false,
      isError: false,
      data: {
        disbursements: [
          item({ status: 'rejected', rejectionReason: 'Ask for the hospital’s share only.', earmarkedPaise: 0 }),
          item({ disbursementId: APPROVED, status: 'paid', paidOn: '2026-04-15', earmarkedPaise: 0 }),
        ],
      },
    };
    const html = render('status=rejected');
    expect(html).toContain('Reason: Ask for the hospital’s share only.');
    expect(html).toContain('Paid on 15 Apr 2026');
    expect(html).not.toContain('is held for this request now');
  });

  it('says when more have the status than are listed: the newest done ones, or the oldest waiting ones', () => {
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [item({ status: 'paid', paidOn: '2026-04-20' })], hasMore: true }, refetch: vi.fn() };
    expect(textOf(render('status=paid'))).toContain('Only the newest 1 are listed here; older ones are not shown.');
    expect(textOf(render('status=paid', 'hi'))).toContain('यहाँ केवल सबसे नए 1 दिखाए गए हैं; पुराने नहीं दिखाए गए।');
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [item()], hasMore: true }, refetch: vi.fn() };
    expect(textOf(render())).toContain('Only the oldest 1 are listed here; newer ones will appear as these are dealt with.');
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [item()], hasMore: false }, refetch: vi.fn() };
    expect(render()).not.toContain('data-testid="disbursements-more"');
  });

  it('says when nothing has the status, and when the list could not load', () => {
    hooks.queue = { isPending: false, isError: false, data: { disbursements: [] } };
    expect(render('status=paid')).toContain('No withdrawal request has this status.');
    hooks.queue = { isPending: false, isError: true, error: new Error('offline'), data: undefined, refetch: vi.fn() };
    const html = render();
    expect(html).toContain('Could not load the withdrawal requests.');
    expect(html).toContain('Retry');
  });

  it('speaks Hindi', () => {
    const html = render('', 'hi');
    expect(html).toContain('सहायता अनुरोधों से निकासी');
    expect(html).toContain('माँगी गई राशि');
    expect(html).toContain('स्वीकार करें');
  });
});

describe('the Details dialog', () => {
  function details(state: Record<string, unknown>, lang: Lang = 'en'): string {
    return renderToString(
      <I18nProvider initialLang={lang}>
        <DisbursementDetailsView details={{ isPending: false, error: null, ...state }} />
      </I18nProvider>,
    );
  }
  const full: TDisbursementDetails = {
    disbursementId: REQUESTED,
    requestId: 'ABCD2345',
    beneficiaryName: 'Ramesh Kumar',
    email: 'sunita@example.com',
    phone: '9876543210',
    upiId: 'ramesh@okbank',
    bankName: 'State Bank of India',
    accountHolder: 'Ramesh Kumar',
    accountNumber: '12345678901',
    ifsc: 'SBIN0001234',
    contactNumber: '+91 91234 56789',
    requesterName: 'Sunita Devi',
    upiHolder: 'beneficiary',
    bankHolder: 'beneficiary',
  };

  it('shows where to pay: e-mail, phone, UPI ID, bank, holder, account number, IFSC and the personal contact', () => {
    const text = textOf(details({ data: full }));
    expect(text).toContain('Each opening of these details is recorded with your name in the access log.');
    for (const fact of [
      'Beneficiary Ramesh Kumar',
      'E-mail sunita@example.com',
      'Phone 9876543210',
      'UPI ID ramesh@okbank',
      'Bank name State Bank of India',
      'Account holder Ramesh Kumar',
      'Account number 12345678901',
      'IFSC SBIN0001234',
      'Personal contact number +91 91234 56789',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('says whose account the UPI ID and the account number are, in both languages (issue 32)', () => {
    const requesters: TDisbursementDetails = { ...full, beneficiaryName: 'Kamla Devi', requesterName: 'Ravi Kumar', upiId: 'ravi.kumar@okaxis', accountHolder: 'RAVI KUMAR', upiHolder: 'requester', bankHolder: 'requester' };
    const text = textOf(details({ data: requesters }));
    expect(text).toContain('Beneficiary Kamla Devi');
    expect(text).toContain('UPI ID ravi.kumar@okaxis of Ravi Kumar, the requester — not the beneficiary');
    expect(text).toContain('Account number 12345678901 of RAVI KUMAR, the requester — not the beneficiary');
    const hindi = textOf(details({ data: requesters }, 'hi'));
    expect(hindi).toContain('ravi.kumar@okaxis Ravi Kumar की, जो अनुरोधकर्ता हैं — लाभार्थी की नहीं');
    expect(hindi).toContain('12345678901 RAVI KUMAR की, जो अनुरोधकर्ता हैं — लाभार्थी की नहीं');
    expect(textOf(details({ data: full }))).toContain('UPI ID ramesh@okbank of Ramesh Kumar, the beneficiary');
    const unnamed = textOf(details({ data: { ...requesters, upiHolder: 'unnamed', bankHolder: 'other', accountHolder: 'City Hospital' } }));
    expect(unnamed).toContain('ravi.kumar@okaxis holder not named — ask the requester whose it is');
    expect(unnamed).toContain('12345678901 of City Hospital — neither the beneficiary nor the requester');
  });

  it('says "N/A" for each detail the beneficiary did not give', () => {
    const html = details({ data: { ...full, email: null, upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null } });
    const text = textOf(html);
    for (const label of ['E-mail', 'UPI ID', 'Bank name', 'Account holder', 'Account number', 'IFSC']) expect(text).toContain(`${label} N/A`);
    expect(text).toContain('Phone 9876543210');
    expect(html.match(/N\/A/g)).toHaveLength(6);
    expect(textOf(details({ data: { ...full, email: null } }, 'hi'))).toContain('ई-मेल उपलब्ध नहीं');
  });

  it('says it is opening, or that it could not be opened', () => {
    expect(details({ isPending: true })).toContain('Opening…');
    expect(details({ error: new Error('offline') })).toContain('The details could not be opened.');
  });
});

describe('the decisions', () => {
  it('approves with help.admin.disbursements.approve and the withdrawal’s ID', () => {
    const approve = { mutate: vi.fn() };
    const done = callbacks();
    expect(sendApprove(approve, REQUESTED, done)).toEqual({});
    expect(approve.mutate).toHaveBeenCalledWith({ disbursementId: REQUESTED }, done);
  });

  it('rejects with the reason, trimmed; without a reason of 3 characters it sends nothing and says why', () => {
    const reject = { mutate: vi.fn() };
    const done = callbacks();
    expect(sendReject(reject, REQUESTED, '  The bill is for another patient.  ', done)).toEqual({});
    expect(reject.mutate).toHaveBeenCalledWith({ disbursementId: REQUESTED, reason: 'The bill is for another patient.' }, done);
    reject.mutate.mockClear();
    expect(sendReject(reject, REQUESTED, ' no ', callbacks())).toEqual({ reason: ['Give a reason of 3 to 500 characters.'] });
    expect(sendReject(reject, REQUESTED, '', callbacks())).toEqual({ reason: ['Give a reason of 3 to 500 characters.'] });
    expect(reject.mutate).not.toHaveBeenCalled();
  });

  it('marks paid with the UTR (as the bank writes it, normalised) and the date', () => {
    const markPaid = { mutate: vi.fn() };
    const done = callbacks();
    expect(sendMarkPaid(markPaid, APPROVED, ' 4123 5678 9012 ', '2026-04-15', done)).toEqual({});
    expect(markPaid.mutate).toHaveBeenCalledWith({ disbursementId: APPROVED, utr: '412356789012', paidOn: '2026-04-15' }, done);
    markPaid.mutate.mockClear();
    const refused = sendMarkPaid(markPaid, APPROVED, '', 'yesterday', callbacks());
    expect(Object.keys(refused).sort()).toEqual(['paidOn', 'utr']);
    expect(markPaid.mutate).not.toHaveBeenCalled();
  });

  it('has Hindi for the refusals finance can meet', () => {
    const hi = hiAdmin as { serverMessages: Record<string, string> };
    expect(translateServerMessage(hi, 'This withdrawal request has already been approved.')).toBe('यह निकासी अनुरोध पहले ही स्वीकृत हो चुका है।');
    expect(translateServerMessage(hi, 'Give a reason of 3 to 500 characters.')).toBe('3 से 500 अक्षरों में कारण लिखें।');
    expect(translateServerMessage(hi, 'The money held for this request no longer covers this withdrawal (a donation was cancelled). Reject it, or ask the beneficiary for a smaller amount.')).toMatch(/[\u0900-\u097F]/);
  });
});
