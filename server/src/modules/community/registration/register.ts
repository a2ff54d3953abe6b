import type { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';
import { hashPassword } from '#server/lib/passwords';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import {
  EMAIL_TAKEN,
  emailHash,
  findActiveMember,
  generateUserId,
  isEmailTaken,
  isEmailUniqueViolation,
  userStreamId,
  type PersonalDetails,
} from '#server/modules/identity/identity.api';
import { getRegistrationSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { epinStreamId } from '../epins/epin.events.ts';
import { decideRegistration, evolveEpin, noEpin, type RegistrationState } from '../epins/epin.decider.ts';
import type { ZRegisterRequestSchema, ZRegisterRestRequestSchema } from './register.schema.ts';

/** The web form's input, or the REST payload's (whose PIN code may be empty: see ZRegisterRestRequestSchema). */
export type RegisterInput = z.output<typeof ZRegisterRequestSchema> | z.output<typeof ZRegisterRestRequestSchema>;

/**
 * Registers a member (PRODUCT.md §4). One transaction records the account and consumes the invite
 * code; of two registrations racing for one code, or one e-mail, exactly one succeeds.
 */
export async function registerMember(services: Services, input: RegisterInput, meta: RequestMeta): Promise<{ userId: string; fullName: string }> {
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('register', meta.ip), services.limits.registerPerIp, services.now());
  return recordRegistration(services, input, await hashPassword(input.password), meta);
}

/** The registration after the (deliberately slow) password hashing: settings, checks, events, projections. */
export async function recordRegistration(
  services: Services,
  input: RegisterInput,
  passwordHash: string,
  meta: RequestMeta,
): Promise<{ userId: string; fullName: string }> {
  const now = services.now();
  const settings = await getRegistrationSettings(services.db);
  const hashOfEmail = emailHash(services, input.email);
  const personal: PersonalDetails = {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    pinCode: input.pinCode,
  };
  try {
    const { state } = await handleCommand(services, {
      async read(tx) {
        // A new ID on every attempt: one that exists already makes the no_stream append conflict.
        const userId = generateUserId(settings.userIdPrefix);
        const versions: Record<string, number | null> = { [userStreamId(userId)]: null };
        let epin: RegistrationState['epin'];
        if (input.epin) {
          const folded = await foldStream(services.eventStore, tx, epinStreamId(input.epin), evolveEpin, noEpin);
          epin = { ...folded.state, code: input.epin };
          Object.assign(versions, folded.versions);
        }
        const state: RegistrationState & { userId: string } = {
          userId,
          sponsor: input.referralId ? await findActiveMember(tx, input.referralId) : undefined,
          epin,
          isEmailTaken: await isEmailTaken(tx, hashOfEmail),
          isInviteOnly: settings.isInviteOnly,
        };
        return { state, versions };
      },
      decide: async (state, { seal }) =>
        decideRegistration({ userId: state.userId, emailHash: hashOfEmail, passwordHash, personal: await seal(userStreamId(state.userId), personal), now }, state),
      // A visitor registering is the new member: the events name them as the actor.
      metadata: (state) => eventMetadata({ ...meta, actor: meta.actor === 'anonymous' ? state.userId : meta.actor }),
    });
    return { userId: state.userId, fullName: input.fullName };
  } catch (error) {
    if (isEmailUniqueViolation(error)) {
      throw new AppError('CONFLICT', { userMessage: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] }, cause: error });
    }
    throw error;
  }
}
