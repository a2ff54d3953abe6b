import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { z } from 'zod';
import { GIFT_REASON_LENGTH, type ZDisputesSchema } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import hiAdmin from '#web/i18n/hi/admin.json';
import { I18nProvider, loadNamespaces, translateServerMessage, type Lang } from '#web/i18n/i18n.tsx';
import { DECISION_REQUIRED, HelpDisputes, sendDecision } from './help-disputes-page.tsx';

type Dispute = z.infer<typeof ZDisputesSchema>['gifts'][number];

const idle = () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: undefined });
const hooks = vi.hoisted(() => ({ disputes: {} as Record<string, unknown> }));
vi.mock('../hooks/use-gift-disputes.ts', () => ({
  useGiftDisputes: () => hooks.disputes,
  useDecideDispute: () => idle(),
}));

const OLDER = 'e0000000-0000-4000-8000-000000000001';
const NEWER = 'e0000000-0000-4000-8000-000000000002';

function dispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    giftId: OLDER,
    requestId: 'ABCD2345',
    giverId: 'SH1234567',
    giverName: 'Asha Verma',
    amountPaise: 2_500_00,
    utr: '412345678901',
    status: 'disputed',
    submittedAt: '2026-04-12T04:30:00.000Z',
    screenshotUrl: `/api/help/gifts/${OLDER}/screenshot`,
    decisionReason: null,
    requestTitle: { en: 'Hip operation for my father', hi: null },
    requesterId: 'SH7654321',
    disputedAt: '2026-04-13T05:00:00.000Z',
    ...overrides,
  };
}

function render(lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/help/disputes">
        <HelpDisputes />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages', 'help']);
  await loadNamespaces('hi', ['core', 'admin', 'messages', 'help']);
});

beforeEach(() => {
  hooks.disputes = {
    isPending: false,
    isError: false,
    data: { gifts: [dispute(), dispute({ giftId: NEWER, requestId: 'WXYZ2345', giverName: null, requestTitle: { en: null, hi: 'बेटी की फ़ीस' }, screenshotUrl: `/api/help/gifts/${NEWER}/screenshot`, disputedAt: '2026-04-14T05:00:00.000Z' })] },
    refetch: vi.fn(),
  };
});

describe('/admin/help/disputes', () => {
  it('lists the disputes in the server’s order (oldest first), each with both sides’ evidence', () => {
    const html = render();
    expect(html).toContain('<h1>Disputed direct gifts</h1>');
    const cards = [...html.matchAll(/<article class="panel" aria-labelledby="[^"]+" data-testid="dispute-([^"]+)">([\s\S]*?)<\/article>/g)];
    expect(cards.map((card) => card[1])).toEqual([OLDER, NEWER]);
    const first = cards[0]![2]!;
    expect(first).toContain('₹2,500 to help request ABCD2345');
    expect(first).toMatch(/<a href="\/help\/ABCD2345" class="mono">ABCD2345<\/a>/);
    expect(textOf(first)).toContain('Hip operation for my father');
    expect(textOf(first)).toContain('Beneficiary (requester) SH7654321');
    expect(textOf(first)).toContain('Giver Asha Verma ( SH1234567 )');
    expect(first).toMatch(/data-testid="dispute-utr"><span class="mono">412345678901<\/span>/);
    expect(textOf(first)).toContain('Told on 12 Apr 2026, 10:00 am');
    expect(textOf(first)).toContain('Disputed on 13 Apr 2026, 10:30 am');
    expect(first).toContain(`<a href="/api/help/gifts/${OLDER}/screenshot" target="_blank" rel="noopener noreferrer" data-testid="dispute-screenshot">`);
    // A request titled only in Hindi shows that title; a giver without a name shows none.
    const second = cards[1]![2]!;
    expect(textOf(second)).toContain('बेटी की फ़ीस');
    expect(textOf(second)).toContain('Giver — ( SH1234567 )');
  });

  it('asks each dispute’s decision: received or not received, and a reason both sides read', () => {
    const form = /<form[^>]*data-testid="dispute-decision-form">([\s\S]*?)<\/form>/.exec(render())?.[1] ?? '';
    expect(form).toContain('<legend>Your decision</legend>');
    const options = [...form.matchAll(/<input type="radio" name="decision" value="([^"]+)"/g)].map((match) => match[1]);
    expect(options).toEqual(['received', 'not-received']);
    expect(textOf(form)).toContain('Received: the money reached the beneficiary');
    expect(textOf(form)).toContain('Not received: the money did not reach the beneficiary');
    expect(form).toMatch(/<textarea(?=[^>]*name="reason")(?=[^>]*required="")(?=[^>]*maxLength="500")[^>]*>/);
    expect(form).toContain('Record the decision');
  });

  it('says when nothing is disputed, and when the list could not load', () => {
    hooks.disputes = { isPending: false, isError: false, data: { gifts: [] } };
    expect(render()).toContain('No disputed gift is waiting for a decision.');
    hooks.disputes = { isPending: false, isError: true, error: new Error('offline'), refetch: vi.fn() };
    expect(render()).toContain('Could not load the disputed gifts.');
  });

  it('speaks Hindi', () => {
    const html = render('hi');
    expect(html).toContain('विवादित सीधी सहायता');
    expect(html).toContain('मिली: पैसा लाभार्थी तक पहुँचा');
    expect(html).not.toContain('Record the decision');
  });
});

describe('sendDecision', () => {
  const callbacks = () => ({ onSuccess: vi.fn(), onError: vi.fn() });

  it('sends help.admin.gifts.decide with the gift, the decision and the reason trimmed', () => {
    const mutation = { mutate: vi.fn() };
    const on = callbacks();
    expect(sendDecision(mutation, OLDER, 'not-received', '  The bank statement shows no credit with this UTR.  ', on)).toEqual({});
    expect(mutation.mutate).toHaveBeenCalledWith({ giftId: OLDER, decision: 'not-received', reason: 'The bank statement shows no credit with this UTR.' }, on);
    sendDecision(mutation, NEWER, 'received', 'Credit seen on 12 April.', on);
    expect(mutation.mutate).toHaveBeenLastCalledWith({ giftId: NEWER, decision: 'received', reason: 'Credit seen on 12 April.' }, on);
  });

  it('sends nothing without a decision or a reason of 5 to 500 characters, and says why beside each', () => {
    const mutation = { mutate: vi.fn() };
    expect(sendDecision(mutation, OLDER, '', 'Credit seen.', callbacks())).toEqual({ decision: [DECISION_REQUIRED] });
    expect(sendDecision(mutation, OLDER, 'received', 'ok', callbacks())).toEqual({ reason: [GIFT_REASON_LENGTH] });
    expect(sendDecision(mutation, OLDER, '', '', callbacks())).toEqual({ decision: [DECISION_REQUIRED], reason: [GIFT_REASON_LENGTH] });
    expect(sendDecision(mutation, OLDER, 'received', 'x'.repeat(501), callbacks())).toEqual({ reason: [GIFT_REASON_LENGTH] });
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('has the staff’s messages in Hindi', () => {
    const hi = hiAdmin as { serverMessages: Record<string, string> };
    for (const message of [DECISION_REQUIRED, GIFT_REASON_LENGTH, 'This gift is not disputed.', 'You cannot decide a dispute about a gift you gave or received.']) {
      expect(translateServerMessage(hi, message), message).toMatch(/[\u0900-\u097F]/);
    }
  });
});
