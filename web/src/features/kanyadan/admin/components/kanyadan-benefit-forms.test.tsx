import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_CONFIRM_REQUIRED, ACCOUNT_NUMBERS_DIFFER, IFSC_NOT_IN_LIST } from '@sahay/server/modules/identity/profile/profile.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { AccountReadBack, checkBenefitRequest, utrComparison } from './kanyadan-benefit-forms.tsx';

const VALUES = { marriageDate: '2026-05-10', accountHolder: ' Sunita  Devi ', accountNumber: '3012 4567 8901', confirmAccountNumber: '301245678901', ifsc: 'sbin0001234' };
const proof = new File(['%PDF-1.7'], 'card.pdf', { type: 'application/pdf' });
const FILES = { marriageProof: proof, marriageProof2: null };
const LISTED = { isInList: true, bankName: 'State Bank of India' };
const noFileProblem = (file: File | null, isRequired: boolean) => (isRequired && !file ? 'Attach the proof.' : undefined);
const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) await loadNamespaces(lang, ['core', 'admin', 'member', 'messages']);
});

describe('the Kanyadan benefit request’s account (issue 16)', () => {
  it('is read back, as the server will store it, before anything is sent, and sends the second copy the server asks for', () => {
    const checked = checkBenefitRequest(VALUES, FILES, LISTED, noFileProblem);
    expect(checked).toEqual({
      request: { marriageDate: '2026-05-10', accountHolder: 'Sunita Devi', accountNumber: '301245678901', confirmAccountNumber: '301245678901', ifsc: 'SBIN0001234', marriageProof: proof, marriageProof2: null },
      readBack: { upiId: '', accountHolder: 'Sunita Devi', accountNumber: '301245678901', ifsc: 'SBIN0001234', bankName: 'State Bank of India' },
    });
    // The list not asked yet: read back without the bank's name; the server checks the list.
    expect(checkBenefitRequest(VALUES, FILES, undefined, noFileProblem)).toMatchObject({ readBack: { bankName: null } });
  });

  it('is refused beside its fields: the number typed once or differently, an IFSC not in the list', () => {
    expect(checkBenefitRequest({ ...VALUES, confirmAccountNumber: '' }, FILES, LISTED, noFileProblem)).toEqual({ errors: { confirmAccountNumber: [ACCOUNT_NUMBER_CONFIRM_REQUIRED] } });
    expect(checkBenefitRequest({ ...VALUES, confirmAccountNumber: '301245678910' }, FILES, LISTED, noFileProblem)).toEqual({ errors: { confirmAccountNumber: [ACCOUNT_NUMBERS_DIFFER] } });
    expect(checkBenefitRequest(VALUES, FILES, { isInList: false, bankName: null }, noFileProblem)).toEqual({ errors: { ifsc: [IFSC_NOT_IN_LIST] } });
    expect(checkBenefitRequest(VALUES, { marriageProof: null, marriageProof2: null }, LISTED, noFileProblem)).toEqual({ errors: { marriageProof: ['Attach the proof.'] } });
  });

  it('reads the account back in English and Hindi, with Confirm and Change', () => {
    const readBack = { upiId: '', accountHolder: 'Sunita Devi', accountNumber: '301245678901', ifsc: 'SBIN0001234', bankName: 'State Bank of India' };
    const render = (lang: Lang) =>
      textOf(
        renderToString(
          <I18nProvider initialLang={lang}>
            <AccountReadBack readBack={readBack} isBusy={false} onConfirm={() => undefined} onChange={() => undefined} />
          </I18nProvider>,
        ),
      );
    expect(render('en')).toBe(
      'Check the account before recording The benefit will be paid into this account. Check each detail against the family’s passbook or cheque book. Account holder Sunita Devi, account number 301245678901, IFSC SBIN0001234 (State Bank of India) Confirm and record Change',
    );
    expect(render('hi')).toContain('खाताधारक Sunita Devi, खाता संख्या 301245678901, IFSC कोड SBIN0001234 (State Bank of India)');
    expect(render('hi')).toContain('पुष्टि करें और दर्ज करें');
  });
});

describe('the fee’s UTR from the bank statement (issue 32)', () => {
  it('is compared with the family’s, ignoring spaces and case; without one from the family there is nothing to compare', () => {
    expect(utrComparison('123456789012', '123456789012')).toBe('same');
    expect(utrComparison(' 1234 5678 9012 ', '123456789012')).toBe('same');
    expect(utrComparison('hdfcr52026112912345678', 'HDFCR52026112912345678')).toBe('same');
    expect(utrComparison('123456789013', '123456789012')).toBe('differs');
    expect(utrComparison('123456789012', null)).toBe('none');
  });
});
