import { eraseContact, erasePerson } from '#server/modules/identity/identity.api';
import {
  ZEraseContactRequestSchema,
  ZEraseContactResponseSchema,
  ZErasePersonRequestSchema,
  ZErasePersonResponseSchema,
} from '#server/modules/identity/erasure/erase-person.schema';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';

/** admin.members.erase: a person's personal data destroyed for good (their request, or the law), with a reason. */
export const eraseMemberRoute = adminProcedure('members')
  .input(ZErasePersonRequestSchema)
  .output(ZErasePersonResponseSchema)
  .mutation(({ ctx, input }) => erasePerson(ctx.services, { ...input, by: ctx.user }, metaOf(ctx)));

/** admin.members.eraseContact: a donor who never had an account, by the e-mail address or phone they gave (issue 29). */
export const eraseContactRoute = adminProcedure('members')
  .input(ZEraseContactRequestSchema)
  .output(ZEraseContactResponseSchema)
  .mutation(({ ctx, input }) => eraseContact(ctx.services, input, metaOf(ctx)));
