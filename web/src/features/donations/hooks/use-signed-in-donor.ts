import { useProcedureQuery } from '#web/api/use-procedure.ts';

export interface SignedInDonor {
  userId: string;
  fullName: string;
  email: string;
  phone: string;
}

/**
 * Who is giving, when a member is signed in: their name and contact prefill the donate form. Asked
 * by the browser once the public page has hydrated (the server renders it for everyone alike); a
 * visitor costs one small request that answers null. Admins are staff, not donors by default.
 */
export function useSignedInDonor(): SignedInDonor | null {
  const me = useProcedureQuery('identity.me', undefined);
  const isMember = me.data?.role === 'member';
  const profile = useProcedureQuery('identity.getProfile', undefined, { enabled: isMember });
  if (!me.data || !isMember || !profile.data) return null;
  return {
    userId: me.data.userId,
    fullName: me.data.fullName,
    email: profile.data.email,
    phone: profile.data.details.phone,
  };
}
