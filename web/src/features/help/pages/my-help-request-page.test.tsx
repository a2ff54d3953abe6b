import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TDirectGift } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import type { TDisbursementRow, TDisbursementsOfRequest } from '@sahay/server/modules/help/disbursements/disbursements.schema';
import type { TMyHelpRequest } from '@sahay/server/modules/help/help.schema';
import hiMember from '#web/i18n/hi/member.json';
import { I18nProvider, loadNamespaces, translateServerMessage, type Lang } from '#web/i18n/i18n.tsx';
import { isAppPath } from '#web/pages.ts';
import { answerGift, splitGifts } from '../components/member/direct-gifts-received.tsx';
import { sendWithdrawal, WithdrawalPreviewLine } from '../components/member/disbursement-form.tsx';
import { sendUpdate } from '../components/post-update-form.tsx';
import { MyHelp } from './my-help-page.tsx';
import { MyHelpRequestMoney } from './my-help-request-page.tsx';

const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
const hooks = vi.hoisted(() => ({
  mine: {} as Record<string, unknown>,
  money: {} as Record<string, unknown>,
  request: {} as Record<string, unknown>,
  asked: [] as string[],
  gifts: {} as Record<string, unknown>,
  giftsAsked: [] as string[],
}));
vi.mock('../hooks/member-direct-gifts.ts', () => ({
  useGiftsForRequest: (id: string) => {
    hooks.giftsAsked.push(id);
    return hooks.gifts;
  },
  useGiftActions: () => ({ confirm: idle(), reject: idle() }),
  usePostHelpUpdate: () => idle(),
  useGivenGifts: () => ({ isPending: false, isError: false, data: { gifts: [] } }),
}));
vi.mock('../hooks/member-help-requests.ts', () => ({
  useMyHelpRequests: () => hooks.mine,
  useMyHelpActions: () => ({ answer: idle(), close: idle() }),
}));
vi.mock('../hooks/member-disbursements.ts', () => ({
  useMyDisbursements: (id: string) => {
    hooks.asked.push(id);
    return hooks.money;
  },
  useRequestDisbursement: () => hooks.request,
}));

const ID = 'ABCD2345';
const DISBURSEMENT_ID = '6f1c2a4e-8b7d-4e21-9a3c-5d6e7f8a9b0c';

function request(overrides: Partial<TMyHelpRequest> = {}): TMyHelpRequest {
  return {
    id: ID,
    category: 'medical',
    title: { en: 'Hip operation for my father', hi: 'पिता के कूल्हे का ऑपरेशन' },
    status: 'published',
    amountNeededPaise: 85_000_00,
    raisedPaise: 12_500_00,
    requestedAt: '2026-03-02T05:30:00.000Z',
    closesOn: '2026-06-01',
    question: null,
    rejectionReason: null,
    closedReason: null,
    ...overrides,
  };
}

function row(overrides: Partial<TDisbursementRow> = {}): TDisbursementRow {
  return {
    disbursementId: DISBURSEMENT_ID,
    amountPaise: 2_000_00,
    adminChargePaise: 50_00,
    netPaise: 1_950_00,
    status: 'requested',
    requestedAt: '2026-04-10T06:30:00.000Z',
    rejectionReason: null,
    paidOn: null,
    utr: null,
    ...overrides,
  };
}

function money(overrides: Partial<TDisbursementsOfRequest> = {}): TDisbursementsOfRequest {
  return { requestId: ID, earmarkedPaise: 12_500_00, availablePaise: 10_500_00, chargeBasisPoints: 250, disbursements: [], ...overrides };
}

function render(lang: Lang = 'en', id = ID): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath={`/my-help/${id}`}>
        <MyHelpRequestMoney id={id} />
      </Router>
    </I18nProvider>,
  );
}

/** The visible text, tags and React's text separators removed. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  // As pages.ts loads the page: 'help' holds the server messages it shares with the public gift form.
  await loadNamespaces('en', ['core', 'identity', 'member', 'messages', 'help']);
  await loadNamespaces('hi', ['core', 'identity', 'member', 'messages', 'help']);
});

beforeEach(() => {
  hooks.mine = { isPending: false, isError: false, data: { requests: [request()] }, refetch: vi.fn() };
  hooks.money = { isPending: false, isError: false, data: money(), refetch: vi.fn() };
  hooks.request = idle();
  hooks.asked = [];
  hooks.gifts = { isPending: false, isError: false, data: { gifts: [] }, refetch: vi.fn() };
  hooks.giftsAsked = [];
});

describe('/my-help/:id — money held for the member’s request', () => {
  it('is a member page, reached from each published or closed request on /my-help', () => {
    expect(isAppPath(`/my-help/${ID}`)).toBe(true);
    hooks.mine = { isPending: false, isError: false, data: { requests: [request(), request({ id: 'EFGH2345', status: 'closed', closedReason: 'funded' }), request({ id: 'JKMN2345', status: 'submitted' })] } };
    const list = renderToString(
      <I18nProvider initialLang="en">
        <Router ssrPath="/my-help">
          <MyHelp />
        </Router>
      </I18nProvider>,
    );
    const links = [...list.matchAll(/<a [^>]*href="\/my-help\/([A-Z0-9]{8})"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      [ID, 'Gifts, withdrawals and updates'],
      ['EFGH2345', 'Gifts, withdrawals and updates'],
    ]);
  });

  it('shows the request’s title, the verified donations held and what is available now', () => {
    const html = render();
    expect(html).toContain('<h1><span>Hip operation for my father</span></h1>');
    expect(html).toContain('Request number ABCD2345');
    expect(html).toMatch(/data-testid="withdraw-earmarked">₹12,500</);
    expect(html).toMatch(/data-testid="withdraw-available">₹10,500</);
    expect(hooks.asked).toEqual([ID]);
    expect(html).toContain('data-testid="withdraw-form"');
    expect(textOf(html)).toContain('In rupees: at least ₹1, at most ₹10,500.');
  });

  it('limits the contact number to 15 characters in the field itself', () => {
    const field = /<input[^>]*name="contactNumber"[^>]*>/.exec(render())?.[0] ?? '';
    expect(field).toContain('maxLength="15"');
    expect(field).toContain('type="tel"');
    expect(field).toContain('required');
  });

  it('says "No withdrawal requests found." before the first withdrawal', () => {
    const html = render();
    expect(html).toContain('data-testid="withdraw-history-empty"');
    expect(html).toContain('No withdrawal requests found.');
    expect(html).not.toContain('data-testid="withdraw-history"');
  });

  it('lists the withdrawals with the amount, the charge, the net amount, the status and when, with the reason or the date paid', () => {
    hooks.money = {
      isPending: false,
      isError: false,
      data: money({
        disbursements: [
          row({ disbursementId: 'a0000000-0000-4000-8000-000000000003', status: 'paid', paidOn: '2026-04-15' }),
          row({ disbursementId: 'a0000000-0000-4000-8000-000000000002', amountPaise: 500_00, adminChargePaise: 12_50, netPaise: 487_50, status: 'rejected', rejectionReason: 'Please ask for the hospital’s share only.' }),
          row({ disbursementId: 'a0000000-0000-4000-8000-000000000001' }),
        ],
      }),
    };
    const html = render();
    const table = /<table class="table table-cards" role="table" data-testid="withdraw-history">[\s\S]*<\/table>/.exec(html)?.[0] ?? '';
    const headers = [...table.matchAll(/<th scope="col" role="columnheader">([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['Requested Amount', 'Admin Charge', 'Net Amount', 'Status', 'Requested At']);
    const rows = [...table.matchAll(/<tr role="row">([\s\S]*?)<\/tr>/g)].slice(1).map((match) => textOf(match[1] ?? '').trim());
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^₹2,000 ₹50 ₹1,950 Paid Paid on 15 Apr 2026 10 Apr 2026, 12:00 pm$/i);
    expect(rows[1]).toContain('₹500 ₹12.50 ₹487.50 Rejected Reason: Please ask for the hospital’s share only.');
    expect(rows[2]).toContain('Waiting for approval');
    // On a phone each withdrawal is a card, every value labelled with its column; wider, the table scrolls in its own named, focusable box.
    expect([...table.matchAll(/<td role="cell" data-label="([^"]*)"/g)].slice(0, 5).map((match) => match[1])).toEqual(headers);
    expect(html).toMatch(/<div class="table-scroll" role="region" aria-label="Your withdrawal requests" tabindex="0"><table class="table table-cards" role="table" data-testid="withdraw-history">/);
    // One region by that name, not two nested.
    expect(html.match(/aria-label(?:ledby)?="(?:Your withdrawal requests|withdraw-history-heading)"/g)).toHaveLength(1);
  });

  it.each([
    ['en', 'Status', /^Paid Paid on 15 Apr 2026 UTR \(bank reference\): 412356789012$/],
    ['hi', 'स्थिति', /^भुगतान हो गया 15 अप्रैल 2026 को भुगतान हुआ UTR \(बैंक संदर्भ\): 412356789012$/],
  ] as const)('shows a paid withdrawal’s UTR, its status lines as one value of the card (%s)', (lang, statusLabel, expected) => {
    hooks.money = { isPending: false, isError: false, data: money({ disbursements: [row({ status: 'paid', paidOn: '2026-04-15', utr: '412356789012' })] }) };
    const html = render(lang);
    const cell = new RegExp(`<td role="cell" data-label="${statusLabel}"[^>]*>([\\s\\S]*?)</td>`).exec(html)?.[1] ?? '';
    expect(textOf(cell).trim()).toMatch(expected);
    // On a phone the cell is a grid of label and value: its content is one element, so no line falls into the label's column.
    expect(cell).toMatch(/^<div class="cell-lines"[^>]*>[\s\S]*<\/div>$/);
  });

  it('offers no form when less than ₹1 is available, and says why', () => {
    hooks.money = { isPending: false, isError: false, data: money({ availablePaise: 0, disbursements: [row()] }) };
    const html = render();
    expect(html).not.toContain('data-testid="withdraw-form"');
    expect(html).toContain('There is no money to withdraw right now.');
    expect(html).toContain('data-testid="withdraw-history"');
  });

  it('holds nothing for a request not yet published, and asks the server nothing about it', () => {
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'submitted' })] } };
    hooks.money = { isPending: true, isError: false, data: undefined };
    const html = render();
    expect(html).toContain('data-testid="withdraw-not-open"');
    expect(html).not.toContain('data-testid="withdraw-form"');
    expect(hooks.asked).toEqual([]);
  });

  it('says so for a number that is not one of the member’s requests', () => {
    const html = render('en', 'ZZZZ9999');
    expect(html).toContain('You have no help request with the number ZZZZ9999.');
    expect(html).not.toContain('data-testid="withdraw-form"');
  });

  it('speaks Hindi', () => {
    hooks.money = { isPending: false, isError: false, data: money({ disbursements: [row()] }) };
    const html = render('hi');
    expect(html).toContain('<h1><span>पिता के कूल्हे का ऑपरेशन</span></h1>');
    expect(html).toContain('माँगी गई राशि');
    expect(html).toContain('स्वीकृति की प्रतीक्षा में');
    expect(render('hi').includes('No withdrawal')).toBe(false);
  });
});

describe('the preview', () => {
  function preview(amountText: string, chargeBasisPoints = 250, availablePaise = 10_000_00, lang: Lang = 'en'): string {
    return textOf(
      renderToString(
        <I18nProvider initialLang={lang}>
          <WithdrawalPreviewLine amountText={amountText} availablePaise={availablePaise} chargeBasisPoints={chargeBasisPoints} />
        </I18nProvider>,
      ),
    ).trim();
  }

  it('says the charge and what the member receives as they type', () => {
    expect(preview('1000')).toBe('Admin charge ₹25 (2.5 %) · You receive ₹975');
    expect(preview('10.99')).toBe('Admin charge ₹0.27 (2.5 %) · You receive ₹10.72');
    expect(preview('1000', 0)).toBe('Admin charge ₹0 (0 %) · You receive ₹1,000');
    expect(preview('1000', 250, 10_000_00, 'hi')).toBe('एडमिन शुल्क ₹25 (2.5 %) · आपको मिलेंगे ₹975');
  });

  it('before an amount, or for one below ₹1, names the charge alone', () => {
    expect(preview('')).toBe('Admin charge: 2.5 % of the amount.');
    expect(preview('0.5')).toBe('Admin charge: 2.5 % of the amount.');
  });

  it('above the balance, previews the maximum the field is set to', () => {
    expect(preview('50000', 250, 100_00)).toBe('Admin charge ₹2.50 (2.5 %) · You receive ₹97.50');
  });
});

describe('sending a withdrawal', () => {
  const values = { id: ID, disbursementId: DISBURSEMENT_ID, availablePaise: 10_500_00 };

  it('sends help.disbursements.request with the amount in paise, the draft’s ID and the contact trimmed', () => {
    const mutation = { mutate: vi.fn() };
    const onSuccess = vi.fn();
    expect(sendWithdrawal(mutation, { ...values, amountText: '₹2,000.50', contactNumber: ' +91 98765 43210 ' }, onSuccess)).toEqual({ errors: {}, amountText: '₹2,000.50' });
    expect(mutation.mutate).toHaveBeenCalledWith({ id: ID, disbursementId: DISBURSEMENT_ID, amountPaise: 2_000_50, contactNumber: '+91 98765 43210' }, { onSuccess });
  });

  it('sends the same ID when pressed again for the same draft (a retry is not a second request)', () => {
    const mutation = { mutate: vi.fn() };
    sendWithdrawal(mutation, { ...values, amountText: '100', contactNumber: '9876543210' }, vi.fn());
    sendWithdrawal(mutation, { ...values, amountText: '100', contactNumber: '9876543210' }, vi.fn());
    expect(mutation.mutate.mock.calls.map((call) => (call[0] as { disbursementId: string }).disbursementId)).toEqual([DISBURSEMENT_ID, DISBURSEMENT_ID]);
  });

  it('sends nothing below ₹1 or without a contact number, and says why beside each field', () => {
    const mutation = { mutate: vi.fn() };
    expect(sendWithdrawal(mutation, { ...values, amountText: '0.99', contactNumber: '' }, vi.fn())).toEqual({
      errors: { amount: ['Invalid withdrawal amount'], contactNumber: ['Enter a contact number.'] },
      amountText: '0.99',
    });
    expect(sendWithdrawal(mutation, { ...values, amountText: '100', contactNumber: '+91 98765 4321012' }, vi.fn()).errors).toEqual({
      contactNumber: ['The contact number can have at most 15 characters.'],
    });
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('above the balance, sets the field to the maximum and says so, sending nothing', () => {
    const mutation = { mutate: vi.fn() };
    expect(sendWithdrawal(mutation, { ...values, amountText: '20000', contactNumber: '9876543210' }, vi.fn())).toEqual({
      errors: { amount: ['The amount is more than the balance of ₹10,500.'] },
      amountText: '10500',
    });
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('shows the server’s messages in Hindi, the balance included', () => {
    const hi = hiMember as { serverMessages: Record<string, string> };
    expect(translateServerMessage(hi, 'The amount is more than the balance of ₹1,250.50.')).toBe('यह राशि उपलब्ध शेष ₹1,250.50 से ज़्यादा है।');
    expect(translateServerMessage(hi, 'Invalid withdrawal amount')).toBe('निकासी की राशि सही नहीं है');
    expect(translateServerMessage(hi, 'The contact number can have at most 15 characters.')).toBe('संपर्क नंबर में ज़्यादा से ज़्यादा 15 अक्षर हो सकते हैं।');
  });
});

const PENDING = 'c0000000-0000-4000-8000-000000000001';
const CONFIRMED = 'c0000000-0000-4000-8000-000000000002';
const DECIDED = 'c0000000-0000-4000-8000-000000000003';

function gift(overrides: Partial<TDirectGift> = {}): TDirectGift {
  return {
    giftId: PENDING,
    requestId: ID,
    giverId: 'SH1234567',
    giverName: 'Asha Verma',
    amountPaise: 1_500_00,
    utr: '412345678901',
    status: 'pending',
    submittedAt: '2026-04-12T04:30:00.000Z',
    screenshotUrl: `/api/help/gifts/${PENDING}/screenshot`,
    decisionReason: null,
    ...overrides,
  };
}

describe('/my-help/:id — gifts sent to the beneficiary directly', () => {
  const sectionOf = (html: string) => /<section aria-labelledby="direct-gifts-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

  it('lists the gifts waiting for an answer first: amount, giver, UTR, when, the screenshot, and the two answers', () => {
    hooks.gifts = {
      isPending: false,
      isError: false,
      data: { gifts: [gift({ giftId: CONFIRMED, status: 'confirmed', giverName: null }), gift()] },
    };
    const section = sectionOf(render());
    expect(hooks.giftsAsked).toContain(ID);
    expect(section).toContain('Gifts sent to you directly');
    const pending = /data-testid="direct-gifts-pending">([\s\S]*?)<\/ul>/.exec(section)?.[1] ?? '';
    expect(textOf(pending)).toContain('₹1,500 From Asha Verma UTR 412345678901 · sent 12 Apr 2026, 10:00 am · See screenshot (opens in a new window) I received this I did not receive this');
    expect(pending).toMatch(new RegExp(`<a href="/api/help/gifts/${PENDING}/screenshot" target="_blank" rel="noopener noreferrer" data-testid="gift-screenshot">`));
    // Each button's name starts with the words it shows, then says which gift.
    expect(pending).toContain('aria-label="I received this (₹1,500, UTR 412345678901)"');
    expect(pending).toContain('aria-label="I did not receive this (₹1,500, UTR 412345678901)"');
    expect(pending).not.toContain(CONFIRMED);
    // The earlier one, with its status in words; a giver without a name is "a member".
    const earlier = /data-testid="direct-gifts-earlier">([\s\S]*?)<\/ul>/.exec(section)?.[1] ?? '';
    expect(textOf(earlier)).toContain('From a member');
    expect(textOf(earlier)).toContain('You confirmed it');
    expect(section.indexOf('direct-gifts-pending')).toBeLessThan(section.indexOf('direct-gifts-earlier'));
    // The question before a rejection is asked only once the button is pressed.
    expect(section).not.toContain('gift-reject-dialog');
  });

  it('says what became of each earlier gift, with staff’s reason for a decided dispute', () => {
    hooks.gifts = {
      isPending: false,
      isError: false,
      data: {
        gifts: [
          gift({ giftId: CONFIRMED, status: 'disputed' }),
          gift({ giftId: DECIDED, status: 'received', decisionReason: 'The bank statement shows the credit on 12 April.' }),
          gift({ giftId: 'c0000000-0000-4000-8000-000000000004', status: 'not-received', decisionReason: 'The screenshot is of another payment.' }),
        ],
      },
    };
    const section = sectionOf(render());
    expect(section).toContain('No gift is waiting for your answer.');
    expect(section).not.toContain('data-testid="gift-confirm"');
    const statuses = [...section.matchAll(/data-testid="gift-status">([\s\S]*?)<\/p>/g)].map((match) => textOf(match[1] ?? '').trim());
    expect(statuses).toEqual([
      'You said it did not arrive; the foundation’s staff are checking',
      'Staff found it was received Staff’s reason: The bank statement shows the credit on 12 April.',
      'Staff found it was not received Staff’s reason: The screenshot is of another payment.',
    ]);
    expect(textOf(sectionOf(render('hi')))).toContain('स्टाफ़ ने पाया कि यह नहीं मिली थी');
  });

  it('says when nobody has told of a gift yet, and asks nothing for a request not yet published', () => {
    expect(sectionOf(render())).toContain('Nobody has told you of a direct gift yet.');
    hooks.giftsAsked = [];
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'submitted' })] } };
    expect(render()).not.toContain('direct-gifts');
    expect(hooks.giftsAsked).toEqual([]);
  });

  it('sends "I received this" as help.gifts.confirm and "I did not receive this" as help.gifts.reject, for that gift only', () => {
    const actions = { confirm: { mutate: vi.fn() }, reject: { mutate: vi.fn() } };
    const callbacks = { onSuccess: vi.fn(), onError: vi.fn() };
    answerGift(actions, PENDING, 'received', callbacks);
    expect(actions.confirm.mutate).toHaveBeenCalledWith({ giftId: PENDING }, callbacks);
    expect(actions.reject.mutate).not.toHaveBeenCalled();
    answerGift(actions, CONFIRMED, 'not-received', callbacks);
    expect(actions.reject.mutate).toHaveBeenCalledWith({ giftId: CONFIRMED }, callbacks);
    expect(actions.confirm.mutate).toHaveBeenCalledTimes(1);
  });

  it('puts the pending gifts first, each part in the server’s order', () => {
    const gifts = [gift({ giftId: CONFIRMED, status: 'confirmed' }), gift(), gift({ giftId: DECIDED })];
    const { pending, others } = splitGifts(gifts);
    expect(pending.map((one) => one.giftId)).toEqual([PENDING, DECIDED]);
    expect(others.map((one) => one.giftId)).toEqual([CONFIRMED]);
  });

  it('shows the server’s refusals in Hindi', () => {
    const hi = hiMember as { serverMessages: Record<string, string> };
    expect(translateServerMessage(hi, 'This gift has already been confirmed.')).toBe('इस सहायता की पुष्टि पहले ही हो चुकी है।');
    expect(translateServerMessage(hi, 'Only the person who asked for this help can confirm or reject its gifts.')).toMatch(/[\u0900-\u097F]/);
  });
});

describe('/my-help/:id — an update for the public page', () => {
  it('offers the form on a published or closed request, in English and Hindi', () => {
    const html = render();
    expect(html).toContain('data-testid="post-update-form"');
    expect(html).toMatch(/<textarea(?=[^>]*name="textEn")[^>]*>/);
    expect(html).toMatch(/<textarea(?=[^>]*name="textHi")[^>]*>/);
    hooks.mine = { isPending: false, isError: false, data: { requests: [request({ status: 'information_requested' })] } };
    expect(render()).not.toContain('data-testid="post-update-form"');
  });

  it('sends help.postUpdate with the Hindi text alone when only Hindi was written', () => {
    const mutation = { mutate: vi.fn() };
    const onSuccess = vi.fn();
    expect(sendUpdate(mutation, ID, { textEn: '   ', textHi: 'ऑपरेशन हो गया, सबका धन्यवाद।' }, onSuccess)).toEqual({});
    expect(mutation.mutate).toHaveBeenCalledWith({ id: ID, textEn: null, textHi: 'ऑपरेशन हो गया, सबका धन्यवाद।' }, { onSuccess });
  });
});
