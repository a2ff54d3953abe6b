import type { ReactNode } from 'react';
import type { TMeResponse } from '@sahay/server/modules/identity/accounts/me.schema';
import { MemberFooterNav } from './member-footer-nav.tsx';
import { RequireSignedIn } from './require-signed-in.tsx';

/**
 * A member page: for a signed-in person only (others go to /login and come back), with the phone
 * footer navigation. `member-page` gives names typed in Devanagari the self-hosted font in English too.
 */
export function MemberArea({ children }: { children: (me: NonNullable<TMeResponse>) => ReactNode }) {
  return (
    <RequireSignedIn>
      {(me) => (
        <div className="member-page">
          {children(me)}
          <MemberFooterNav userId={me.userId} />
        </div>
      )}
    </RequireSignedIn>
  );
}
