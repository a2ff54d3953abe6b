import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces } from '#web/i18n/i18n.tsx';
import { KanyadanHistory } from './kanyadan-history.tsx';

const ACTORS = ['anonymous', 'system', '4f1c2b7e-5d3a-4c1e-9b2f-7a6d8e9c0b1a'];
const history = ACTORS.map((actor, index) => ({
  position: String(index + 1),
  type: 'KanyadanApplicationVerified',
  at: '2035-01-02T03:04:05.000Z',
  actor,
  summary: 'Application verified',
}));

function actorsShown(lang: 'en' | 'hi'): string[] {
  const html = renderToString(
    <I18nProvider initialLang={lang}>
      <KanyadanHistory history={history} />
    </I18nProvider>,
  );
  // The actor is the third cell of each row, in the table and in the phone's cards alike.
  return [...html.matchAll(/<td[^>]*class="mono"[^>]*>([^<]*)</g)].map((match) => match[1]!);
}

beforeAll(async () => {
  await Promise.all([loadNamespaces('en', ['core', 'admin', 'messages']), loadNamespaces('hi', ['core', 'admin', 'messages'])]);
});

describe('who did what, in the Kanyadan history', () => {
  it('names the family and the automatic jobs in words of the page’s language, and staff by their user ID', () => {
    expect(actorsShown('en')).toEqual(['The family', 'System (automatic job)', ACTORS[2]]);
    expect(actorsShown('hi')).toEqual(['परिवार', 'सिस्टम (स्वचालित कार्य)', ACTORS[2]]);
  });
});
