import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { TStaffInvitationList } from '@sahay/server/modules/identity/staff/staff-invitations.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';

/**
 * The staff invitations list (issue 29): an unused invitation, still valid, has a button to withdraw
 * it, named for the person; a used, withdrawn or expired one has none, and a withdrawn one says so.
 */
const state = vi.hoisted(() => ({ invitations: [] as unknown[] }));
vi.mock('../hooks/use-staff.ts', () => ({
  useStaffInvitations: () => ({ data: { invitations: state.invitations }, isPending: false, isError: false }),
  useInviteStaff: () => ({ error: null, isPending: false, isSuccess: false, reset: () => undefined, mutate: () => undefined }),
  useWithdrawStaffInvitation: () => ({ error: null, isPending: false, variables: undefined, mutate: () => undefined }),
}));

const { StaffInvitations } = await import('./staff-page.tsx');

beforeAll(async () => {
  for (const lang of ['en', 'hi'] as const) await loadNamespaces(lang, ['core', 'admin', 'messages']);
});

const FUTURE = new Date(Date.now() + 24 * 3600_000).toISOString();
const PAST = new Date(Date.now() - 24 * 3600_000).toISOString();
const base = { email: 'x@example.org', permissions: ['content'], invitedBy: 'SH1000001', invitedAt: PAST, acceptedAt: null, userId: null, withdrawnAt: null };
type Invitation = TStaffInvitationList['invitations'][number];
const INVITATIONS: Invitation[] = [
  { ...base, invitationId: 'waiting000000000000000', fullName: 'Meena Joshi', expiresAt: FUTURE } as Invitation,
  { ...base, invitationId: 'withdrawn0000000000000', fullName: 'Ravi Kumar', expiresAt: FUTURE, withdrawnAt: PAST } as Invitation,
  { ...base, invitationId: 'used000000000000000000', fullName: 'Asha Devi', expiresAt: FUTURE, acceptedAt: PAST, userId: 'SH1000002' } as Invitation,
  { ...base, invitationId: 'expired000000000000000', fullName: 'Old Invitee', expiresAt: PAST } as Invitation,
];

function render(lang: Lang): string {
  state.invitations = INVITATIONS;
  return renderToString(
    <I18nProvider initialLang={lang}>
      <Router base="/admin" ssrPath="/admin/staff">
        <StaffInvitations />
      </Router>
    </I18nProvider>,
  );
}

const cards = (html: string) => [...html.matchAll(/<li class="card">([\s\S]*?)<\/li>/g)].map((match) => match[1]!);

describe('withdrawing a staff invitation from the console', () => {
  it.each([
    ['en', 'Withdraw the invitation', 'Withdraw the invitation for Meena Joshi', 'Withdrawn on'],
    ['hi', 'आमंत्रण वापस लें', 'Meena Joshi का आमंत्रण वापस लें', 'को बिना इस्तेमाल वापस लिया गया'],
  ] as const)('(%s) offers a named button on the unused, valid invitation only, and says which was withdrawn', (lang, label, name, withdrawn) => {
    const [waiting, withdrawnCard, used, expired] = cards(render(lang));
    expect(waiting).toMatch(new RegExp(`<button type="button"[^>]*aria-label="${name}"[^>]*>${label}</button>`));
    for (const card of [withdrawnCard, used, expired]) expect(card).not.toContain('data-testid="withdraw-invitation"');
    expect(withdrawnCard).toContain(withdrawn);
  });
});
