import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { createSession } from '../accounts/sessions.ts';
import { acceptStaffInvitation, lookUpInvitation } from './staff-invitations.ts';
import {
  ZAcceptStaffInvitationSchema,
  ZStaffInvitationAcceptedSchema,
  ZStaffInvitationLookupSchema,
  ZStaffInvitationViewSchema,
} from './staff-invitations.schema.ts';

/** identity.staffInvitation.get: whose invitation the link is and what it grants (the link's token is the credential). */
export const getStaffInvitationRoute = publicProcedure
  .input(ZStaffInvitationLookupSchema)
  .output(ZStaffInvitationViewSchema)
  .query(({ ctx, input }) => lookUpInvitation(ctx.services, input.token));

/**
 * identity.staffInvitation.accept: the invited person chooses a password; the staff account opens
 * and signs in on this browser (the link proved the address), to set up two-factor sign-in next
 * when its permissions require it.
 */
export const acceptStaffInvitationRoute = publicProcedure
  .input(ZAcceptStaffInvitationSchema)
  .output(ZStaffInvitationAcceptedSchema)
  .mutation(async ({ ctx, input }) => {
    const accepted = await acceptStaffInvitation(ctx.services, input, metaOf(ctx));
    const { services } = ctx;
    ctx.setSessionCookie(await createSession(services.db, accepted.userId, 'cookie', services.now(), services.config.SESSION_TTL_HOURS));
    return accepted;
  });
