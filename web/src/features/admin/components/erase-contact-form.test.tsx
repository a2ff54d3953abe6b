import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEraseContactResponse } from '@sahay/server/modules/identity/erasure/erase-person.schema';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { EraseContactForm } from './erase-contact-form.tsx';

const current = vi.hoisted(() => ({ data: undefined as unknown }));
vi.mock('../hooks/use-members.ts', () => ({
  useEraseContact: () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null, data: current.data }),
}));

const ERASED: TEraseContactResponse = {
  erasedAt: '2031-07-01T06:00:00.000Z',
  isErasedNow: true,
  erased: { donations: 2, contactMessages: 1 },
  kept: [{ kind: 'donation-receipt', reference: 'ABCD2345 (SAHAY/2031-32/0007)', why: 'Income-tax law', keptUntil: '2040-03-31' }],
};

function render(lang: 'en' | 'hi', data?: TEraseContactResponse): string {
  current.data = data;
  return renderToString(
    <I18nProvider initialLang={lang}>
      <EraseContactForm />
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

/** Issue 29: the console erases a donor who never had an account, and says what went and what the law keeps, in both languages. */
describe('EraseContactForm', () => {
  it('asks for the contact, a reason and a confirmation, labelled, in English and Hindi', () => {
    const en = render('en');
    expect(en).toContain('Erase a donor who has no account');
    const labelFor = /<label for="([^"]+)">E-mail address or mobile number the donor gave/.exec(en)?.[1];
    expect(en).toMatch(new RegExp(`<input[^>]*(?:id="${labelFor}"[^>]*name="erase-contact"|name="erase-contact"[^>]*id="${labelFor}")`));
    expect(en).toContain('id="erase-contact-confirm"');
    const hi = render('hi');
    expect(hi).toContain('बिना खाते वाले दानदाता की जानकारी मिटाएँ');
    expect(hi).toContain('दानदाता का दिया हुआ ई-मेल पता या मोबाइल नंबर');
    expect(hi).not.toContain('Erase a donor who has no account');
  });

  it('after an erasure, says how many records went and which receipt is kept until when', () => {
    const en = render('en', ERASED);
    expect(en).toContain('Records erased: 3.');
    expect(en).toContain('Receipt data of donation ABCD2345 (SAHAY/2031-32/0007), until');
    expect(en).toMatch(/2040/);
    const hi = render('hi', ERASED);
    expect(hi).toContain('मिटाए गए रिकॉर्ड: 3।');
    expect(hi).toContain('दान ABCD2345 (SAHAY/2031-32/0007) की रसीद की जानकारी');
    expect(render('en', { ...ERASED, isErasedNow: false, erased: {}, kept: [] })).toContain('Nothing given with this e-mail address or phone number is left to erase');
  });
});
