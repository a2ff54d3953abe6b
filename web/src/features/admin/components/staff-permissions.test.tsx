import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { StaffPermissions } from './staff-permissions.tsx';

vi.mock('../hooks/use-members.ts', () => ({
  useSetPermissions: () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, isSuccess: false, error: null }),
}));

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

const render = (canChange: boolean, lang: Lang = 'en') =>
  renderToString(
    <I18nProvider initialLang={lang}>
      <StaffPermissions userId="SH4500021" permissions={['content', 'finance']} canChange={canChange} />
    </I18nProvider>,
  );
const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('a staff account’s permissions on the member page', () => {
  it('offers a super-admin a box for each permission, ticked as held, and a reason', () => {
    const html = render(true);
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(html).toMatch(/id="permission-finance"[^>]*checked=""/);
    expect(html).not.toMatch(/id="permission-settings"[^>]*checked=""/);
    expect(textOf(html)).toContain('Finance — donations, receipts');
    expect(html).toContain('name="permissions-reason"');
  });

  it('only lists them for a members admin who cannot change them, in Hindi too', () => {
    const html = render(false, 'hi');
    expect(html).not.toContain('type="checkbox"');
    expect(textOf(html)).toContain('सामग्री');
    expect(textOf(html)).toContain('वित्त');
    expect(textOf(html)).toContain('केवल सभी अनुमतियों वाला एडमिन');
  });
});
