import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TEpin } from '@sahay/server/modules/community/epins/epins.schema';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { EpinTable } from './epin-table.public.tsx';

const USED: TEpin = { code: 'AB12CD34EF', used: true, usedBy: 'SH1234567', usedAt: '2026-11-20T09:15:00.000Z', assignedTo: 'SH7654321', createdAt: '2026-11-01T04:30:00.000Z', reservedUntil: null };
const UNUSED: TEpin = { ...USED, code: 'ZX98YW76VU', used: false, usedBy: null, usedAt: null };

/** Each row's cells, as text, in the order of the table's columns. */
function rowsOf(lang: 'en' | 'hi'): string[][] {
  const html = renderToString(
    <I18nProvider initialLang={lang}>
      <EpinTable epins={[USED, UNUSED]} total={2} />
    </I18nProvider>,
  );
  const text = (cell: string) => cell.replace(/<[^>]+>/g, '').replaceAll('<!-- -->', '');
  const head = [...html.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((match) => text(match[1]!));
  const tbody = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  const body = [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => text(cell[1]!)));
  return [head, ...body];
}

beforeAll(async () => {
  await Promise.all([loadNamespaces('en', ['core', 'admin']), loadNamespaces('hi', ['core', 'admin'])]);
});

describe('the admin list of invite codes', () => {
  it('says who used each code and when (PRODUCT.md §5), in India’s time, and a dash for a code not used', () => {
    const [head, used, unused] = rowsOf('en');
    expect(head).toEqual(['Code', 'Status', 'Used by', 'Used on', 'Assigned to', 'Created']);
    expect(used!.slice(2, 4)).toEqual(['SH1234567', expect.stringMatching(/^20 Nov 2026, 2:45\s?pm$/i)]);
    expect(unused!.slice(2, 4)).toEqual(['—', '—']);
    expect(rowsOf('hi')[0]![3]).toBe('कब इस्तेमाल हुआ');
  });
});
