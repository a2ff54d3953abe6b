import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicSettingsOf, SiteDataProvider, SiteDataStore } from '#web/features/site/site-data.public.tsx';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { publicSiteFixture } from '#web/testing/public-site-fixture.ts';
import type { SubmittedApplication } from './registration-form.tsx';
import ReceiptStep from './receipt-step.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'kanyadan', 'kanyadanSteps']);
  await loadNamespaces('hi', ['core', 'kanyadan', 'kanyadanSteps']);
});

const APPLICATION: SubmittedApplication = {
  regNo: 'KNYDN1234567',
  status: 'payment_pending',
  submittedOn: '2026-04-10',
  girlName: 'Kavya Sharma',
  district: 'Pune',
  state: 'maharashtra',
  aadhaarMasked: 'XXXX XXXX 4321',
};

function render(lang: Lang, application: SubmittedApplication = APPLICATION): string {
  const data = publicSiteFixture();
  const store = new SiteDataStore({ settings: publicSettingsOf(data.settings), counters: data.counters, pages: {}, kanyadan: { origin: 'https://sahay.example' } });
  return renderToString(
    <I18nProvider initialLang={lang}>
      <SiteDataProvider store={store}>
        <ReceiptStep application={application} onStatus={() => undefined} />
      </SiteDataProvider>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').replaceAll('&amp;', '&');
const partOf = (html: string, testId: string) => textOf(new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(?:li|dd)>`).exec(html)?.[1] ?? '');

describe('the printed Kanyadan acknowledgement (issue 32)', () => {
  it.each([
    ['en', 'Check the status any time at https://sahay.example/kanyadanRegistration?step=status&lang=en with the registration number and the phone number.'],
    ['hi', 'पंजीकरण संख्या और फ़ोन नंबर से https://sahay.example/kanyadanRegistration?step=status पर कभी भी स्थिति देखें।'],
  ] as const)('prints the status page’s full address from the configured public URL, in its language (%s)', (lang, line) => {
    const html = render(lang);
    expect(partOf(html, 'receipt-status-address')).toBe(line);
    expect(html).toMatch(/<a href="https:\/\/sahay\.example\/kanyadanRegistration\?step=status[^"]*" class="receipt-address">/);
    expect(textOf(html)).not.toMatch(/on this page|इसी पेज/);
  });

  it.each([
    ['en', 'Waiting for the registration fee', 'Fee reference received, being checked'],
    ['hi', 'पंजीकरण शुल्क की प्रतीक्षा', 'शुल्क का संदर्भ (UTR) मिल गया, जाँच जारी'],
  ] as const)('says the fee’s reference was received once the UTR is sent (%s)', (lang, waiting, received) => {
    expect(partOf(render(lang), 'receipt-status')).toBe(waiting);
    expect(partOf(render(lang, { ...APPLICATION, feeUtrGiven: '412356789012' }), 'receipt-status')).toBe(received);
  });
});
