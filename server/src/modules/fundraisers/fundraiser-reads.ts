import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import type { Services } from '#server/services';
import type { Cause } from '#server/shared/causes';
import { indiaToday } from '#server/shared/india';
import { FUNDRAISER_NOT_FOUND } from './fundraiser.decider.ts';
import { FUNDRAISER_PHOTO_FILE_KIND } from './fundraiser-commands.ts';
import { fundraiserStreamId } from './fundraisers.events.ts';
import type { TMyFundraiser, TPublicFundraiser, TStaffFundraiser } from './fundraisers.schema.ts';

export const FUNDRAISER_NOT_OPEN_FOR_GIFTS = 'This fundraiser has closed and takes no more gifts. You can still give to the foundation’s causes.';

/** How many supporters the page lists (the newest first); the count of gifts counts them all. */
const SUPPORTERS_SHOWN = 50;

interface FundraiserRow {
  id: string;
  organiser_id: string;
  status: TMyFundraiser['status'];
  cause: Cause;
  help_request_id: string | null;
  title_en: string | null;
  title_hi: string | null;
  story_en: string | null;
  story_hi: string | null;
  goal_paise: string;
  ends_on: string;
  rejection_reason: string | null;
  started_at: Date;
  raised_paise: string;
  gifts: number;
}

// The progress: verified gifts only (a cancelled or refunded one has left 'verified').
const COLUMNS = `f.id, f.organiser_id, f.status, f.cause, f.help_request_id, f.title_en, f.title_hi, f.story_en, f.story_hi, f.goal_paise,
  to_char(f.ends_on, 'YYYY-MM-DD') AS ends_on, f.rejection_reason, f.started_at,
  COALESCE((SELECT sum(g.amount_paise) FROM fundraiser_gifts g WHERE g.fundraiser_id = f.id AND g.status = 'verified'), 0)::text AS raised_paise,
  (SELECT count(*)::int FROM fundraiser_gifts g WHERE g.fundraiser_id = f.id AND g.status = 'verified') AS gifts`;

/** Public once approved (open, or closed after it was public), and never after its organiser's erasure. */
const IS_PUBLIC = `f.was_approved AND NOT f.is_erased`;

export function fundraiserPhotoUrl(id: string): string {
  return `/api/fundraisers/${id}/photo`;
}

function isOpen(row: Pick<FundraiserRow, 'status' | 'ends_on'>, now: Date): boolean {
  return row.status === 'approved' && indiaToday(now) <= row.ends_on;
}

function progressOf(row: FundraiserRow) {
  return { goalPaise: Number(row.goal_paise), raisedPaise: Number(row.raised_paise), gifts: row.gifts };
}

/** The public page's fundraiser, with its supporters; a pending, refused or unknown one is a 404. */
export async function getPublicFundraiser(services: Pick<Services, 'db' | 'now'>, id: string): Promise<TPublicFundraiser> {
  const { rows } = await services.db.query<FundraiserRow>(`SELECT ${COLUMNS} FROM fundraisers f WHERE f.id = $1 AND ${IS_PUBLIC}`, [id]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_NOT_FOUND });
  const { rows: supporters } = await services.db.query<{ supporter_name: string | null; message: string | null; verified_at: Date }>(
    `SELECT supporter_name, CASE WHEN is_hidden THEN NULL ELSE message END AS message, verified_at
       FROM fundraiser_gifts
      WHERE fundraiser_id = $1 AND status = 'verified' AND (supporter_name IS NOT NULL OR (message IS NOT NULL AND NOT is_hidden))
      ORDER BY verified_at DESC, reference LIMIT ${SUPPORTERS_SHOWN}`,
    [id],
  );
  return {
    id: row.id,
    isOpen: isOpen(row, services.now()),
    cause: row.cause,
    helpRequestId: row.help_request_id,
    title: { en: row.title_en, hi: row.title_hi },
    story: { en: row.story_en, hi: row.story_hi },
    ...progressOf(row),
    endsOn: row.ends_on,
    photoUrl: fundraiserPhotoUrl(row.id),
    supporters: supporters.map((supporter) => ({ name: supporter.supporter_name, message: supporter.message, givenAt: supporter.verified_at.toISOString() })),
  };
}

/** The organiser's fundraisers with their progress, newest first; the query holds the ownership. */
export async function listMyFundraisers(services: Pick<Services, 'db' | 'now'>, organiserId: string): Promise<TMyFundraiser[]> {
  const { rows } = await services.db.query<FundraiserRow>(`SELECT ${COLUMNS} FROM fundraisers f WHERE f.organiser_id = $1 AND NOT f.is_erased ORDER BY f.started_at DESC LIMIT 100`, [organiserId]);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    isOpen: isOpen(row, services.now()),
    title: { en: row.title_en, hi: row.title_hi },
    ...progressOf(row),
    endsOn: row.ends_on,
    rejectionReason: row.rejection_reason,
  }));
}

function staffOf(row: FundraiserRow): Omit<TStaffFundraiser, 'messages'> {
  return {
    id: row.id,
    status: row.status,
    organiserId: row.organiser_id,
    cause: row.cause,
    helpRequestId: row.help_request_id,
    title: { en: row.title_en, hi: row.title_hi },
    story: { en: row.story_en, hi: row.story_hi },
    ...progressOf(row),
    endsOn: row.ends_on,
    photoUrl: fundraiserPhotoUrl(row.id),
    startedAt: row.started_at.toISOString(),
    rejectionReason: row.rejection_reason,
  };
}

/** `verification`'s queue: pending ones oldest first, the others newest first. */
export async function listFundraiserQueue(db: Queryable, status: TMyFundraiser['status']): Promise<Omit<TStaffFundraiser, 'messages'>[]> {
  const order = status === 'pending' ? 'ASC' : 'DESC';
  const { rows } = await db.query<FundraiserRow>(`SELECT ${COLUMNS} FROM fundraisers f WHERE f.status = $1 AND NOT f.is_erased ORDER BY f.started_at ${order} LIMIT 200`, [status]);
  return rows.map(staffOf);
}

/** One fundraiser for staff, with the messages to moderate (names only as shown publicly; never a contact). */
export async function getStaffFundraiser(db: Queryable, id: string): Promise<TStaffFundraiser> {
  const { rows } = await db.query<FundraiserRow>(`SELECT ${COLUMNS} FROM fundraisers f WHERE f.id = $1 AND NOT f.is_erased`, [id]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_NOT_FOUND });
  const { rows: messages } = await db.query<{ reference: string; supporter_name: string | null; message: string; is_hidden: boolean; verified_at: Date | null; pledged_at: Date }>(
    `SELECT reference, supporter_name, message, is_hidden, verified_at, pledged_at FROM fundraiser_gifts
      WHERE fundraiser_id = $1 AND status = 'verified' AND message IS NOT NULL ORDER BY verified_at DESC, reference LIMIT 500`,
    [id],
  );
  return {
    ...staffOf(row),
    messages: messages.map((message) => ({ reference: message.reference, name: message.supporter_name, message: message.message, isHidden: message.is_hidden, givenAt: (message.verified_at ?? message.pledged_at).toISOString() })),
  };
}

/**
 * A fundraiser a gift may be given through (services.ts FundraiserTarget): approved and open on
 * `now`'s day in India. Unknown (or never public): 404; closed or past its end date: 409.
 */
export async function findFundraiserOpenForGifts(db: Queryable, id: string, now: Date): Promise<{ id: string; cause: Cause; helpRequestId: string | null }> {
  const { rows } = await db.query<{ status: FundraiserRow['status']; cause: Cause; help_request_id: string | null; ends_on: string }>(
    `SELECT f.status, f.cause, f.help_request_id, to_char(f.ends_on, 'YYYY-MM-DD') AS ends_on FROM fundraisers f WHERE f.id = $1 AND ${IS_PUBLIC}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: FUNDRAISER_NOT_FOUND, fieldErrors: { fundraiserId: [FUNDRAISER_NOT_FOUND] } });
  if (!isOpen(row, now)) throw new AppError('CONFLICT', { userMessage: FUNDRAISER_NOT_OPEN_FOR_GIFTS });
  return { id, cause: row.cause, helpRequestId: row.help_request_id };
}

/**
 * The photo: anyone's once the fundraiser is public; before that (or after a refusal) only its
 * organiser's and `verification` staff's. Null when there is none to show (a 404, never a 403 that
 * would say a pending fundraiser exists).
 */
export async function findFundraiserPhoto(services: Pick<Services, 'db' | 'files'>, id: string, viewer: { userId: string; isStaff: boolean } | null): Promise<{ bytes: Buffer; mediaType: string } | null> {
  const { rows } = await services.db.query<{ photo_file_id: string; organiser_id: string; is_public: boolean }>(
    `SELECT f.photo_file_id, f.organiser_id, (${IS_PUBLIC}) AS is_public FROM fundraisers f WHERE f.id = $1 AND NOT f.is_erased`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.is_public && !(viewer && (viewer.isStaff || viewer.userId === row.organiser_id))) return null;
  const file = await services.files.get(row.photo_file_id, { subjectId: fundraiserStreamId(id), kind: FUNDRAISER_PHOTO_FILE_KIND });
  return file ? { bytes: file.bytes, mediaType: file.mediaType } : null;
}
