import { AppError } from '#server/errors/app-error';
import { recordOnStream } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findUser, getPayoutDetails } from '#server/modules/identity/identity.api';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import { renderPdfPage } from '#server/modules/kanyadan/kanyadan.api';
import type { Services } from '#server/services';
import { HELP_DOCUMENT_FILE_KIND } from './help-commands.ts';
import { HELP_REQUEST_NOT_FOUND } from '../help-request.decider.ts';
import { payoutHoldersOf, type PayoutHolders } from './payout-holder.ts';
import { helpAccessStreamId, helpStreamId, type HelpAccessEvent, type HelpBeneficiary, type HelpCloseReason, type HelpRequestStatus } from '../help.events.ts';
import {
  causeOfCategory,
  HELP_CAUSE_FILTERS,
  HELP_PAGE_SIZE,
  ZHelpListQuerySchema,
  ZHelpQueueQuerySchema,
  type THelpList,
  type THelpListQuery,
  type THelpQueue,
  type THelpQueueQuery,
  type THelpRequestAdminDetail,
  type TMyHelpRequest,
  type TPublicHelpRequest,
  type TPublicHelpRequestDetail,
} from '../help.schema.ts';

export const HELP_DOCUMENT_NOT_FOUND = 'This document is not available.';
export const HELP_PAGE_NOT_FOUND = 'This document has no such page.';

/** Staff queue page size. */
const QUEUE_PAGE_SIZE = 25;

interface PublicRow {
  id: string;
  category: TPublicHelpRequest['category'];
  title_en: string | null;
  title_hi: string | null;
  status: 'published' | 'closed';
  amount_needed_paise: string;
  raised_foundation_paise: string;
  raised_direct_paise: string;
  published_at: Date;
  closes_on: string;
  closure: { reason: HelpCloseReason } | null;
}

const PUBLIC_COLUMNS = `id, category, title_en, title_hi, status, amount_needed_paise, raised_foundation_paise, raised_direct_paise, published_at,
  to_char(closes_on, 'YYYY-MM-DD') AS closes_on, closure`;
/** Published requests, and closed ones that were published: a request rejected or never checked is never public, nor one erased (issue 29). */
const IS_PUBLIC = `status IN ('published', 'closed') AND published_at IS NOT NULL AND NOT is_erased`;

function publicOf(row: PublicRow): TPublicHelpRequest {
  return {
    id: row.id,
    category: row.category,
    title: { en: row.title_en, hi: row.title_hi },
    status: row.status,
    amountNeededPaise: Number(row.amount_needed_paise),
    raisedPaise: Number(row.raised_foundation_paise) + Number(row.raised_direct_paise),
    publishedAt: row.published_at.toISOString(),
    closesOn: row.closes_on,
    closedReason: row.closure?.reason ?? null,
  };
}

/** help.list and GET /api/help: published requests, open ones first (newest first), then closed ones. */
export async function listPublicRequests(services: Pick<Services, 'db'>, query: THelpListQuery): Promise<THelpList> {
  const { cause, page } = ZHelpListQuerySchema.parse(query);
  // Own keys only: `?cause=constructor` is no category (nor an object's prototype's function).
  const word = cause?.trim().toLowerCase() ?? '';
  const category = Object.hasOwn(HELP_CAUSE_FILTERS, word) ? (HELP_CAUSE_FILTERS[word] ?? null) : null;
  const filter = category ? `AND category = $1` : `AND $1::text IS NULL`;
  const { rows: counted } = await services.db.query<{ total: string }>(`SELECT count(*) AS total FROM help_requests WHERE ${IS_PUBLIC} ${filter}`, [category]);
  const total = Number(counted[0]?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / HELP_PAGE_SIZE));
  const { rows } = await services.db.query<PublicRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM help_requests WHERE ${IS_PUBLIC} ${filter}
      ORDER BY (status = 'published') DESC, published_at DESC, id LIMIT $2 OFFSET $3`,
    [category, HELP_PAGE_SIZE, (page - 1) * HELP_PAGE_SIZE],
  );
  return { requests: rows.map(publicOf), category, page, pageCount, total };
}

/** The first word of a name, as a public page says who is helped ("for Sunita"). */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Whose account each way of paying is: the requester's registered name and own profile's UPI ID are compared, never shown. */
export async function payoutHoldersOfRequest(services: Pick<Services, 'db'>, beneficiary: HelpBeneficiary, requesterId: string): Promise<PayoutHolders> {
  const [requester, profile] = await Promise.all([findUser(services.db, requesterId), getPayoutDetails(services.db, requesterId)]);
  return payoutHoldersOf(beneficiary, { fullName: requester?.full_name ?? null, profileUpiId: profile.upiId });
}

/** help.get and GET /api/help/:id: a published (or closed) request; anything else does not exist for the public. */
export async function getPublicRequest(services: Pick<Services, 'db'>, id: string): Promise<TPublicHelpRequestDetail> {
  const { rows } = await services.db.query<
    PublicRow & { story_en: string | null; story_hi: string | null; beneficiary: HelpBeneficiary | null; updates: TPublicHelpRequestDetail['updates']; requester_id: string }
  >(`SELECT ${PUBLIC_COLUMNS}, story_en, story_hi, beneficiary, updates, requester_id FROM help_requests WHERE id = $1 AND ${IS_PUBLIC}`, [id]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  const firstName = row.beneficiary ? firstNameOf(row.beneficiary.name) : null;
  const upiId = row.beneficiary?.payout.upiId ?? null;
  // Only while the request takes gifts: a closed request shows no UPI ID.
  const holders = row.status === 'published' && row.beneficiary && upiId ? await payoutHoldersOfRequest(services, row.beneficiary, row.requester_id) : null;
  return {
    ...publicOf(row),
    story: { en: row.story_en, hi: row.story_hi },
    beneficiaryFirstName: firstName,
    relation: row.beneficiary?.relation ?? null,
    directUpi: upiId && firstName && holders?.upi ? { upiId, payeeName: firstName, holder: holders.upi } : null,
    updates: [...row.updates].reverse().map(({ text, by, postedAt }) => ({ text, by, postedAt })),
  };
}

/** Every public request's page for the sitemap, newest first. */
export async function listPublishedRequestIds(services: Pick<Services, 'db'>): Promise<{ id: string; updatedAt: string }[]> {
  const { rows } = await services.db.query<{ id: string; updated_at: Date }>(`SELECT id, updated_at FROM help_requests WHERE ${IS_PUBLIC} ORDER BY published_at DESC, id LIMIT 40000`);
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at.toISOString() }));
}

interface OwnRow {
  id: string;
  category: TMyHelpRequest['category'];
  title_en: string | null;
  title_hi: string | null;
  status: HelpRequestStatus;
  amount_needed_paise: string;
  raised_foundation_paise: string;
  raised_direct_paise: string;
  requested_at: Date;
  closes_on: string | null;
  questions: { question: string | null; answer: string | null; answeredAt: string | null }[];
  rejection: { reason: string | null } | null;
  closure: { reason: HelpCloseReason } | null;
}

/** help.mine: the signed-in member's own requests, newest first, with staff's open question and reasons. */
export async function getMyRequests(services: Pick<Services, 'db'>, userId: string): Promise<{ requests: TMyHelpRequest[] }> {
  const { rows } = await services.db.query<OwnRow>(
    `SELECT id, category, title_en, title_hi, status, amount_needed_paise, raised_foundation_paise, raised_direct_paise, requested_at,
            to_char(closes_on, 'YYYY-MM-DD') AS closes_on, questions, rejection, closure
       FROM help_requests WHERE requester_id = $1 ORDER BY requested_at DESC, id LIMIT 100`,
    [userId],
  );
  return {
    requests: rows.map((row) => {
      const last = row.questions.at(-1);
      return {
        id: row.id,
        category: row.category,
        title: { en: row.title_en, hi: row.title_hi },
        status: row.status,
        amountNeededPaise: Number(row.amount_needed_paise),
        raisedPaise: Number(row.raised_foundation_paise) + Number(row.raised_direct_paise),
        requestedAt: row.requested_at.toISOString(),
        closesOn: row.closes_on,
        question: row.status === 'information_requested' && last && last.answeredAt === null ? last.question : null,
        rejectionReason: row.rejection?.reason ?? null,
        closedReason: row.closure?.reason ?? null,
      };
    }),
  };
}

/**
 * help.admin.getMany: the verification queue of one status, oldest first (first come, first
 * checked); or every request ('all'), newest first, for looking one up.
 */
export async function listQueue(services: Pick<Services, 'db'>, query: THelpQueueQuery): Promise<THelpQueue> {
  const { status, page } = ZHelpQueueQuerySchema.parse(query);
  const wanted = status ?? 'submitted';
  // $1 is null for 'all': the filter then keeps every row.
  const statusParam = wanted === 'all' ? null : wanted;
  const order = wanted === 'all' ? 'requested_at DESC, id DESC' : 'requested_at, id';
  const { rows: counted } = await services.db.query<{ total: string }>(`SELECT count(*) AS total FROM help_requests WHERE ($1::text IS NULL OR status = $1)`, [statusParam]);
  const total = Number(counted[0]?.total ?? 0);
  const { rows } = await services.db.query<{
    id: string;
    category: THelpQueue['requests'][number]['category'];
    title_en: string | null;
    title_hi: string | null;
    status: HelpRequestStatus;
    amount_needed_paise: string;
    requester_id: string;
    requested_at: Date;
    identity_check: { isMatched: boolean } | null;
  }>(
    `SELECT id, category, title_en, title_hi, status, amount_needed_paise, requester_id, requested_at, identity_check
       FROM help_requests WHERE ($1::text IS NULL OR status = $1) ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [statusParam, QUEUE_PAGE_SIZE, (page - 1) * QUEUE_PAGE_SIZE],
  );
  return {
    requests: rows.map((row) => ({
      id: row.id,
      category: row.category,
      title: { en: row.title_en, hi: row.title_hi },
      status: row.status,
      amountNeededPaise: Number(row.amount_needed_paise),
      requesterId: row.requester_id,
      requestedAt: row.requested_at.toISOString(),
      isIdentityMatched: row.identity_check?.isMatched ?? false,
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
    total,
  };
}

interface DetailRow extends OwnRow {
  story_en: string | null;
  story_hi: string | null;
  requester_id: string;
  published_at: Date | null;
  documents: { index: number; fileId: string; kind: THelpRequestAdminDetail['documents'][number]['kind']; mediaType: string; pages: number; documentDate: string | null }[];
  identity_check: THelpRequestAdminDetail['identityCheck'];
  questions: { question: string | null; askedBy: string; askedAt: string; answer: string | null; answeredAt: string | null }[];
  rejection: THelpRequestAdminDetail['rejection'];
  closure: THelpRequestAdminDetail['closure'];
  beneficiary: HelpBeneficiary | null;
}

async function findDetail(services: Pick<Services, 'db'>, id: string): Promise<DetailRow> {
  const { rows } = await services.db.query<DetailRow>(
    `SELECT id, category, title_en, title_hi, story_en, story_hi, status, amount_needed_paise, raised_foundation_paise, raised_direct_paise,
            requester_id, requested_at, published_at, to_char(closes_on, 'YYYY-MM-DD') AS closes_on, documents, identity_check, questions,
            rejection, closure, beneficiary
       FROM help_requests WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  return rows[0];
}

/** help.admin.get: everything staff decide on, except the beneficiary's personal details (revealBeneficiary). */
export async function getAdminDetail(services: Pick<Services, 'db'>, id: string): Promise<THelpRequestAdminDetail> {
  const row = await findDetail(services, id);
  const requester = await findUser(services.db, row.requester_id);
  return {
    id: row.id,
    category: row.category,
    title: { en: row.title_en, hi: row.title_hi },
    story: { en: row.story_en, hi: row.story_hi },
    status: row.status,
    amountNeededPaise: Number(row.amount_needed_paise),
    raisedPaise: Number(row.raised_foundation_paise) + Number(row.raised_direct_paise),
    requesterId: row.requester_id,
    requesterName: requester?.full_name ?? null,
    requestedAt: row.requested_at.toISOString(),
    documents: row.documents.map(({ index, kind, documentDate, mediaType, pages }) => ({ index, kind, documentDate, mediaType, pages })),
    identityCheck: row.identity_check,
    questions: row.questions.map(({ question, askedBy, askedAt, answer, answeredAt }) => ({ question, askedBy, askedAt, answer, answeredAt })),
    publishedAt: row.published_at?.toISOString() ?? null,
    closesOn: row.closes_on,
    rejection: row.rejection,
    closure: row.closure,
    payoutHolders: row.beneficiary ? payoutHoldersOf(row.beneficiary, { fullName: requester?.full_name ?? null, profileUpiId: (await getPayoutDetails(services.db, row.requester_id)).upiId }) : null,
  };
}

async function recordAccess(services: Services, requestId: string, event: HelpAccessEvent, meta: RequestMeta): Promise<void> {
  await recordOnStream(services, helpAccessStreamId(requestId), [event], eventMetadata(meta));
}

/** help.admin.reveal (verification): the beneficiary and the payout details; the view is recorded first. */
export async function revealBeneficiary(services: Services, id: string, meta: RequestMeta): Promise<{ beneficiary: (Omit<HelpBeneficiary, 'payout'> & HelpBeneficiary['payout']) | null }> {
  const row = await findDetail(services, id);
  if (!row.beneficiary) return { beneficiary: null };
  await recordAccess(services, id, { type: 'HelpBeneficiaryViewed', data: { requestId: id, viewerId: meta.actor, viewedAt: services.now().toISOString() } }, meta);
  const { name, relation, payout } = row.beneficiary;
  return { beneficiary: { name, relation, ...payout } };
}

/**
 * GET /api/admin/help/:id/documents/:index?page= (verification): a document as an image — the
 * re-encoded image, or one page of a PDF rendered to PNG (staff never open the PDF itself). The
 * view is recorded before the bytes go out.
 */
export async function viewHelpDocument(
  services: Services,
  input: { id: string; index: number; page: number },
  meta: RequestMeta,
): Promise<{ bytes: Buffer; mediaType: 'image/jpeg' | 'image/png' }> {
  const row = await findDetail(services, input.id);
  const document = row.documents.find((entry) => entry.index === input.index);
  if (!document) throw new AppError('NOT_FOUND', { userMessage: HELP_DOCUMENT_NOT_FOUND });
  const stored = await services.files.get(document.fileId, { subjectId: helpStreamId(input.id), kind: HELP_DOCUMENT_FILE_KIND });
  if (!stored) throw new AppError('NOT_FOUND', { userMessage: HELP_DOCUMENT_NOT_FOUND });
  if (input.page > document.pages) throw new AppError('NOT_FOUND', { userMessage: HELP_PAGE_NOT_FOUND });
  const image =
    stored.mediaType === 'application/pdf'
      ? { bytes: await renderPdfPage(stored.bytes, input.page), mediaType: 'image/png' as const }
      : { bytes: stored.bytes, mediaType: 'image/jpeg' as const };
  await recordAccess(
    services,
    input.id,
    { type: 'HelpDocumentViewed', data: { requestId: input.id, index: input.index, page: input.page, viewerId: meta.actor, viewedAt: services.now().toISOString() } },
    meta,
  );
  return image;
}

export const HELP_NOT_OPEN_FOR_GIFTS = 'This help request is closed and takes no new gifts.';

/**
 * For a gift through the foundation (donations.create with a help request): the request must be
 * published and open — not closed, not past its closing day in India. Anything unpublished is the
 * same "does not exist" as everywhere public. The cause the gift counts under comes with it.
 */
export async function findHelpRequestOpenForGifts(
  db: Pick<Services['db'], 'query'>,
  id: string,
  now: Date,
): Promise<{ id: string; cause: ReturnType<typeof causeOfCategory> }> {
  const { rows } = await db.query<{ status: string; category: string; closes_on: string | null }>(
    `SELECT status, category, to_char(closes_on, 'YYYY-MM-DD') AS closes_on FROM help_requests WHERE id = $1 AND ${IS_PUBLIC}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND, fieldErrors: { helpRequestId: [HELP_REQUEST_NOT_FOUND] } });
  if (row.status !== 'published' || (row.closes_on !== null && indiaToday(now) >= row.closes_on)) {
    throw new AppError('CONFLICT', { userMessage: HELP_NOT_OPEN_FOR_GIFTS });
  }
  return { id, cause: causeOfCategory(row.category) };
}
