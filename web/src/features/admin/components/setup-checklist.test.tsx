import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { SetupItem } from '@sahay/server/modules/site/settings/setup-checklist.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { SetupChecklist } from './setup-checklist.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin']);
  await loadNamespaces('hi', ['core', 'admin']);
});

function render(missing: SetupItem[], canEdit: boolean, lang: Lang = 'en'): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router base="/admin" ssrPath="/admin/dashboard">
        <SetupChecklist missing={missing} canEdit={canEdit} />
      </Router>
    </I18nProvider>,
  );
}

const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the setup checklist on the dashboard', () => {
  it('links each missing fact to its group of settings for an admin who manages them, and says donations stay closed without a UPI ID', () => {
    const html = render(['registrationNo', 'upi'], true);
    expect(html).toContain('<a href="/admin/settings#settings-registration">The registration number</a>');
    expect(html).toContain('<a href="/admin/settings#settings-payments">The UPI ID and payee name</a>');
    expect(textOf(html)).toContain('the donate page says donations open soon');
  });

  it('lists the facts without links for an admin who cannot edit the settings, in Hindi too', () => {
    const html = render(['pan'], false, 'hi');
    expect(html).not.toContain('<a ');
    expect(textOf(html)).toContain('फ़ाउंडेशन का PAN');
    expect(textOf(html)).toContain('सेटिंग्स संभालने वाले एडमिन से');
    expect(textOf(html)).not.toContain('दान जल्द शुरू होंगे');
  });

  it('is gone once everything is set', () => {
    expect(render([], true)).toBe(renderToString(<I18nProvider initialLang="en">{null}</I18nProvider>));
  });
});
