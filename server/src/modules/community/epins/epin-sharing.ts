import { AppError } from '#server/errors/app-error';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { decideShareEpin, epinStream } from './epin.decider.ts';
import { epinStreamId, type EpinReserved } from './epin.events.ts';

export const SHARE_NO_CODE = 'You have no unused invite code to share. Ask the member who invited you, or the foundation, for more.';

/**
 * A member shares an invite code in a link (issue 16): the code named, or — when none is — the code
 * of a link still open, else the oldest free one. Ten taps at once share one code: the first keeps
 * it, and the others, read again, find the link open and change nothing.
 */
export async function shareEpin(services: Services, holder: string, input: { code?: string | undefined }, meta: RequestMeta): Promise<{ code: string; reservedUntil: string }> {
  const now = services.now();
  const { state, events } = await handleCommand(services, {
    async read(tx) {
      let code = input.code;
      if (!code) {
        const { rows } = await tx.query<{ code: string }>(
          `SELECT code FROM epins WHERE held_by = $1 AND used_by IS NULL
           ORDER BY (reserved_until IS NOT NULL AND reserved_until > $2) DESC, created_at, code LIMIT 1`,
          [holder, now],
        );
        code = rows[0]?.code;
        if (!code) throw new AppError('NOT_FOUND', { userMessage: SHARE_NO_CODE });
      }
      const folded = await foldStreamOf(services.eventStore, tx, epinStream, code);
      return { state: { code, epin: folded.state }, versions: folded.versions };
    },
    decide: ({ code, epin }) => [{ streamId: epinStreamId(code), events: decideShareEpin({ code, holder, now }, epin) }],
    metadata: eventMetadata(meta),
  });
  const reserved = events[0]?.data as EpinReserved['data'] | undefined;
  return { code: state.code, reservedUntil: reserved?.reservedUntil ?? state.epin.reservedUntil! };
}
