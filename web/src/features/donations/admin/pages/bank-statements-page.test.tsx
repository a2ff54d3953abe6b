import { renderToString } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TBankStatement, TVerifySureMatchesResponse } from '@sahay/server/modules/donations/bank-statements/bank-statements.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { cardsOf, donationHref } from '../components/bank-statement-lines.tsx';
import { choiceOf, columnsOf, StatementMatcher } from './bank-statements-page.tsx';

const hooks = vi.hoisted(() => ({
  upload: {} as Record<string, unknown>,
  verify: {} as Record<string, unknown>,
}));
vi.mock('../hooks/use-bank-statements.ts', () => ({
  STATEMENT_MAX_BYTES: 5 * 1024 * 1024,
  useStatementColumns: () => ({ data: undefined, error: null, isPending: false }),
  useUploadStatement: () => hooks.upload,
  useVerifySureMatches: () => hooks.verify,
}));

const line = { date: '2026-04-12', narration: 'UPI/CR/412345678901/RAMESH KUMAR/SBIN0001234/ABCD2345', amountPaise: 1_250_00, utrs: ['412345678901'] };

function statementWith(overrides: Partial<TBankStatement> = {}): TBankStatement {
  return {
    id: '0123456789abcdef0123456789abcdef',
    columns: { date: 'Txn Date', narration: 'Description', reference: 'Ref No', credit: 'Credit' },
    creditLines: 4,
    sure: [{ ...line, line: 2, reference: 'ABCD-2345' }],
    possible: [{ ...line, line: 3, reference: 'NEFT-REF-77', references: ['EFGH-2345', 'JKMN-6789'], amountPaise: 500_00 }],
    unmatched: [{ ...line, line: 4, reference: '', utrs: [], narration: 'INTEREST CREDIT' }],
    verified: [{ ...line, line: 5, reference: 'PQRS-2345' }],
    ...overrides,
  };
}

function render(lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router ssrPath="/bank-statements">
        <StatementMatcher />
      </Router>
    </I18nProvider>,
  );
}

/** The section with this test ID, up to the next section. */
function section(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

beforeEach(() => {
  hooks.upload = { data: undefined, error: null, isPending: false };
  hooks.verify = { data: undefined, error: null, isPending: false };
});

describe('the columns chosen', () => {
  const headers = ['Txn Date', 'Description', 'Ref No', 'Credit'];

  it('are prefilled from the remembered or guessed ones, but only with columns the file has', () => {
    expect(choiceOf({ date: 'Txn Date', narration: 'Description', reference: null, credit: 'Credit' }, headers)).toEqual({ date: 'Txn Date', narration: 'Description', reference: '', credit: 'Credit' });
    expect(choiceOf({ date: 'Value Date', narration: 'Description', reference: 'Ref No', credit: 'Deposit' }, headers)).toEqual({ date: '', narration: 'Description', reference: 'Ref No', credit: '' });
    expect(choiceOf(null, headers)).toEqual({ date: '', narration: '', reference: '', credit: '' });
  });

  it('are sent with "(none)" as no reference column, and not sent while a required one is missing', () => {
    expect(columnsOf({ date: 'Txn Date', narration: 'Description', reference: '', credit: 'Credit' })).toEqual({ columns: { date: 'Txn Date', narration: 'Description', reference: null, credit: 'Credit' } });
    expect(columnsOf({ date: 'Txn Date', narration: 'Description', reference: 'Ref No', credit: 'Credit' })).toEqual({ columns: { date: 'Txn Date', narration: 'Description', reference: 'Ref No', credit: 'Credit' } });
    expect(columnsOf({ date: '', narration: 'Description', reference: 'Ref No', credit: '' })).toEqual({ missing: ['date', 'credit'] });
  });
});

describe('the statement lines', () => {
  it('tell the donation apart from the bank reference, which the answer names alike', () => {
    const cards = cardsOf(statementWith());
    expect(cards.sure).toEqual([{ ...line, line: 2, bankReference: null, donations: ['ABCD-2345'] }]);
    expect(cards.possible[0]).toMatchObject({ line: 3, bankReference: 'NEFT-REF-77', donations: ['EFGH-2345', 'JKMN-6789'] });
    expect(cards.unmatched[0]).toMatchObject({ line: 4, bankReference: null, donations: [] });
    expect(cards.verified[0]).toMatchObject({ line: 5, bankReference: null, donations: ['PQRS-2345'] });
  });

  it('link a donation within the admin routes, by its canonical reference', () => {
    expect(donationHref('ABCD-2345')).toBe('/donations/ABCD2345');
    expect(donationHref('not a reference')).toBe('/donations/not a reference');
  });
});

describe('the first step', () => {
  it('asks for the statement file (CSV, text or Excel) with a labelled input, and shows no results before a statement is matched', () => {
    const html = render();
    expect(html).toContain('<h1>Match a bank statement</h1>');
    expect(html).toMatch(
      /<label for="([^"]+)">Bank statement \(CSV, text or Excel file\)<\/label>[\s\S]*<input id="\1"[^>]*type="file"[^>]*accept=".csv,.txt,.xls,.xlsx,text\/csv,text\/plain,application\/vnd.ms-excel,application\/vnd.openxmlformats-officedocument.spreadsheetml.sheet"[^>]*data-testid="statement-file"/,
    );
    expect(html).not.toContain('data-testid="statement-match"');
    expect(html).not.toContain('data-testid="statement-sure"');
  });
});

describe('the results', () => {
  it('show each section with its count, each line as a card with its links, and the verify button', () => {
    hooks.upload = { data: statementWith(), error: null, isPending: false };
    const html = render();
    expect(html).toContain('Credit lines in the statement: 4.');
    const sure = section(html, 'statement-sure');
    expect(sure).toContain('Sure matches (UTR and amount agree): 1');
    expect(sure).toMatch(/href="\/donations\/ABCD2345"[^>]*>ABCD-2345</);
    expect(sure).toContain('₹1,250 on 12 Apr 2026');
    expect(sure).toContain('UPI/CR/412345678901/RAMESH KUMAR/SBIN0001234/ABCD2345');
    expect(sure).toMatch(/data-testid="statement-verify"[^>]*>Verify 1 sure match</);
    const possible = section(html, 'statement-possible');
    expect(possible).toContain('Possible matches — check by hand: 1');
    expect(possible).toContain('href="/donations/EFGH2345"');
    expect(possible).toContain('href="/donations/JKMN6789"');
    expect(possible).toContain('NEFT-REF-77');
    const unmatched = section(html, 'statement-unmatched');
    expect(unmatched).toContain('Unmatched credits: 1');
    expect(unmatched).not.toContain('href="/donations/');
    expect(section(html, 'statement-verified')).toContain('href="/donations/PQRS2345"');
    // Cards that read at 360 px, not a table.
    expect(html).not.toContain('<table');
  });

  it('hide the verify button when there is no sure match, and disable it while verifying', () => {
    hooks.upload = { data: statementWith({ sure: [] }), error: null, isPending: false };
    expect(render()).not.toContain('data-testid="statement-verify"');
    hooks.upload = { data: statementWith(), error: null, isPending: false };
    hooks.verify = { data: undefined, error: null, isPending: true };
    expect(render()).toMatch(/<button[^>]*disabled=""[^>]*data-testid="statement-verify"[^>]*>Verifying…</);
  });

  it('after verifying, tell what was verified with its receipt and what was refused with the reason, over the statement as it is now', () => {
    hooks.upload = { data: statementWith(), error: null, isPending: false };
    const result: TVerifySureMatchesResponse = {
      verified: [
        { line: 2, reference: 'ABCD-2345', receiptSerial: 'SF/2026-27/0042' },
        { line: 6, reference: 'TUVW-2345', receiptSerial: 'SF/2026-27/0043' },
      ],
      refused: [{ line: 7, reference: 'XYZA-2345', message: 'A reason the server gives.' }],
      statement: statementWith({ sure: [], verified: [{ ...line, line: 2, reference: 'ABCD-2345' }] }),
    };
    hooks.verify = { data: result, error: null, isPending: false };
    const html = render();
    const notice = html.slice(html.indexOf('data-testid="statement-verified-notice"'), html.indexOf('data-testid="statement-sure"'));
    expect(notice).toContain('Verified 2 donations; their receipts are being sent.');
    expect(notice).toMatch(/href="\/donations\/ABCD2345"[^>]*>ABCD-2345<\/a> — (<!-- -->)?receipt SF\/2026-27\/0042/);
    expect(notice).toContain('receipt SF/2026-27/0043');
    expect(notice).toMatch(/href="\/donations\/XYZA2345"[^>]*>XYZA-2345<\/a> — (<!-- -->)?line 7: A reason the server gives\./);
    expect(html).toMatch(/role="status" data-testid="statement-verified-notice"/);
    expect(section(html, 'statement-sure')).toContain('Sure matches (UTR and amount agree): 0');
    expect(html).not.toContain('data-testid="statement-verify"');
  });

  it('read in Hindi, with the server reason translated', () => {
    hooks.upload = { data: statementWith(), error: null, isPending: false };
    hooks.verify = {
      data: { verified: [], refused: [{ line: 2, reference: 'ABCD-2345', message: 'This statement has not been uploaded.' }], statement: statementWith() },
      error: null,
      isPending: false,
    };
    const html = render('hi');
    expect(html).toContain('पक्के मिलान (यूटीआर और राशि मेल खाते हैं): 1');
    expect(html).toContain('कोई दान सत्यापित नहीं हुआ।');
    expect(html).toContain('पंक्ति 2: यह विवरण (स्टेटमेंट) अपलोड नहीं किया गया है।');
  });
});
