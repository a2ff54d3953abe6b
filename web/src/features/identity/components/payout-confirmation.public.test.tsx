import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { IfscBankStatus, PayoutConfirmation, type PayoutReadBack } from './payout-confirmation.public.tsx';

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const noop = () => undefined;
const BANK: PayoutReadBack = { upiId: '', accountHolder: 'Asha Kumari', accountNumber: '123456789012', ifsc: 'SBIN0001234', bankName: 'State Bank of India' };

function render(payout: PayoutReadBack, lang: Lang = 'en', isBusy = false): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <PayoutConfirmation payout={payout} isBusy={isBusy} onConfirm={noop} onChange={noop} />
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'member', 'messages']);
  await loadNamespaces('hi', ['core', 'member', 'messages']);
});

describe('the payout confirmation step', () => {
  it('reads the bank account back with the bank’s name, then offers Confirm and Change', () => {
    const text = textOf(render(BANK));
    expect(text).toContain('Account holder Asha Kumari, account number 123456789012, IFSC SBIN0001234 (State Bank of India)');
    expect(text).toContain('Confirm and save');
    expect(text).toContain('Change');
  });

  it('reads back a UPI ID, and says so when every payout detail is being removed', () => {
    expect(textOf(render({ ...BANK, accountNumber: '', upiId: 'asha@okbank' }))).toContain('UPI ID asha@okbank');
    expect(textOf(render({ ...BANK, accountNumber: '', upiId: '' }))).toContain('No payout details');
  });

  it('leaves the brackets out when the bank is not known yet', () => {
    expect(textOf(render({ ...BANK, bankName: null }))).toContain('IFSC SBIN0001234');
    expect(textOf(render({ ...BANK, bankName: null }))).not.toContain('(');
  });

  it('speaks Hindi', () => {
    const text = textOf(render(BANK, 'hi'));
    expect(text).toContain('खाताधारक Asha Kumari, खाता संख्या 123456789012, IFSC कोड SBIN0001234 (State Bank of India)');
    expect(text).toContain('पुष्टि करें और सहेजें');
    expect(text).toContain('बदलें');
  });

  it('disables both buttons while saving', () => {
    const html = render(BANK, 'en', true);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(textOf(html)).toContain('Submitting');
  });
});

describe('the bank under the IFSC field', () => {
  const status = (lookup: Parameters<typeof IfscBankStatus>[0]['lookup'], lang: Lang = 'en', isListRuleShown = false) =>
    textOf(renderToString(<I18nProvider initialLang={lang}><IfscBankStatus lookup={lookup} isListRuleShown={isListRuleShown} /></I18nProvider>));

  it('names the bank of a listed IFSC, or says the list does not have it', () => {
    expect(status({ isLoading: false, data: { ifsc: 'SBIN0001234', isInList: true, bankName: 'State Bank of India' } })).toBe('Bank: State Bank of India');
    expect(status({ isLoading: false, data: { ifsc: 'SBIN0999999', isInList: false, bankName: null } })).toBe('This IFSC is not in the banks’ published list. Check it on your cheque book or passbook.');
    expect(status({ isLoading: false, data: { ifsc: 'SBIN0999999', isInList: false, bankName: null } }, 'hi')).toContain('प्रकाशित सूची में नहीं है');
    expect(status({ isLoading: true, data: undefined })).toBe('Looking up the bank…');
    expect(status({ isLoading: false, data: undefined })).toBe('');
  });

  it('does not repeat the list rule the field already shows as its error, but still names a bank', () => {
    expect(status({ isLoading: false, data: { ifsc: 'SBIN0999999', isInList: false, bankName: null } }, 'en', true)).toBe('');
    const html = renderToString(<I18nProvider initialLang="en"><IfscBankStatus lookup={{ isLoading: false, data: { ifsc: 'SBIN0999999', isInList: false, bankName: null } }} isListRuleShown /></I18nProvider>);
    expect(html).not.toContain('field-error');
    expect(status({ isLoading: false, data: { ifsc: 'SBIN0001234', isInList: true, bankName: 'State Bank of India' } }, 'en', true)).toBe('Bank: State Bank of India');
  });
});
