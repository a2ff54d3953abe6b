import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces, type MessageKey } from '#web/i18n/i18n.tsx';
import { useActorName } from './actor-name.public.ts';

function Names({ anonymous }: { anonymous: MessageKey }) {
  const actorName = useActorName(anonymous);
  return <>{['anonymous', 'system', 'SH1234567'].map(actorName).join('|')}</>;
}

const names = (lang: 'en' | 'hi', anonymous: MessageKey) =>
  renderToString(
    <I18nProvider initialLang={lang}>
      <Names anonymous={anonymous} />
    </I18nProvider>,
  ).split('|');

beforeAll(async () => {
  await Promise.all([loadNamespaces('en', ['core', 'admin', 'donations']), loadNamespaces('hi', ['core', 'admin', 'donations'])]);
});

describe('who did what, in the console’s histories (a member’s, a donation’s, an application’s)', () => {
  it('names the automatic jobs and nobody-signed-in in the page’s language, and people by their user ID', () => {
    expect(names('en', 'admin.members.notSignedIn')).toEqual(['Someone not signed in', 'System (automatic job)', 'SH1234567']);
    expect(names('hi', 'admin.members.notSignedIn')).toEqual(['बिना लॉग इन किए कोई', 'सिस्टम (स्वचालित कार्य)', 'SH1234567']);
    expect(names('en', 'adminDonations.theDonor')).toEqual(['the donor', 'System (automatic job)', 'SH1234567']);
  });
});
