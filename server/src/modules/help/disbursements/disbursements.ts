import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, recordOnStream, type DecideTools } from '#server/event-store/command-handler';

import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { HELP_REQUEST_NOT_FOUND, availableBalance, DISBURSEMENT_NOT_FOUND, NOT_THE_REQUESTER, decideApproveWithdrawal, decideMarkWithdrawalPaid, decideRejectWithdrawal, decideRequestWithdrawal, evolveHeldMoney, helpDisbursementIdStreamId, helpUtrStreamId, noHeldMoney, refuseWithdrawalRequest, type HeldMoney, type MarkWithdrawalPaidState, type RequestWithdrawalState } from '../help-request.decider.ts';
import { helpAccessStreamId, helpStreamId, type HelpDisbursementIdClaimed, type HelpBeneficiary, type HelpDisbursementUtrClaimed, type HelpLedgerEvent, type HelpRequestEvent } from '../help.events.ts';
import { causeOfCategory } from '../help.schema.ts';
import { isListedNewestFirst, type TDisbursementDetails, type TDisbursementQueue, type TDisbursementsOfRequest, type TRequestDisbursement } from './disbursements.schema.ts';
import { getPayoutDetails, getUserContact, getUserNames } from '#server/modules/identity/identity.api';
import { payoutHoldersOf } from '../requests/payout-holder.ts';

type DisbursementStatus = 'requested' | 'approved' | 'rejected' | 'paid';

/** The request a withdrawal belongs to (the read model is inline, so it knows every recorded one). */
async function requestOfDisbursement(services: Pick<Services, 'db'>, disbursementId: string): Promise<string> {
  const { rows } = await services.db.query<{ request_id: string }>(`SELECT request_id FROM help_disbursements WHERE disbursement_id = $1`, [disbursementId]);
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: DISBURSEMENT_NOT_FOUND });
  return rows[0].request_id;
}

/**
 * help.disbursements.request and POST /api/help/:id/disbursements: the requester asks for money
 * held for their request. The balance is the ledger folded from the stream in this very attempt,
 * and the append is at the version read: two requests racing for the last rupees cannot both pass.
 */
export async function requestDisbursement(services: Services, input: TRequestDisbursement, meta: RequestMeta): Promise<{ id: string; adminChargePaise: number; netPaise: number }> {
  const now = services.now();
  const streamId = helpStreamId(input.id);
  // A withdrawal's ID names one withdrawal of one request: finance finds its request by it.
  const idStreamId = helpDisbursementIdStreamId(input.disbursementId);
  const { events, state } = await handleCommand<RequestWithdrawalState, HelpLedgerEvent | HelpDisbursementIdClaimed>(services, {
    async read(tx) {
      const folded = await foldStream(services.eventStore, tx, streamId, evolveHeldMoney, noHeldMoney);
      const claim = await foldStream<string | null, HelpDisbursementIdClaimed>(services.eventStore, tx, idStreamId, (_, event) => event.data.requestId, null);
      const { settings } = await getSettings(tx);
      return {
        state: { ...folded.state, chargeBasisPoints: settings.disbursementChargeBasisPoints, idClaimedBy: claim.state },
        versions: { ...folded.versions, ...claim.versions },
      };
    },
    async decide(held, { seal }) {
      // Refused before anything is sealed for a stranger; then decided with the number sealed.
      refuseWithdrawalRequest(held, meta.actor);
      return decideRequestWithdrawal(
        {
          requestId: input.id,
          disbursementId: input.disbursementId,
          amountPaise: input.amountPaise,
          contactNumber: input.contactNumber,
          sealedContactNumber: await seal(streamId, input.contactNumber.trim()),
          requesterId: meta.actor,
          now,
        },
        held,
      );
    },
    metadata: eventMetadata(meta),
  });
  const recorded = events.find((event) => event.type === 'DisbursementRequested')?.data as { adminChargePaise: number; netPaise: number } | undefined;
  if (recorded) return { id: input.disbursementId, adminChargePaise: recorded.adminChargePaise, netPaise: recorded.netPaise };
  // The same request again (a retry): its first answer.
  const earlier = state.ledger.disbursements[input.disbursementId]!;
  return { id: input.disbursementId, adminChargePaise: earlier.adminChargePaise, netPaise: earlier.netPaise };
}

interface DisbursementRow {
  disbursement_id: string;
  request_id: string;
  amount_paise: string;
  admin_charge_paise: string;
  net_paise: string;
  status: DisbursementStatus;
  requested_at: Date;
  requested_by: string;
  approved_by: string | null;
  rejection_reason: string | null;
  paid_on: string | null;
  utr: string | null;
}

/** The columns rowOf reads, from help_disbursements as `alias`. */
function rowColumns(alias: string): string {
  return ['disbursement_id', 'request_id', 'amount_paise', 'admin_charge_paise', 'net_paise', 'status', 'requested_at', 'requested_by', 'approved_by', 'rejection_reason', 'utr']
    .map((column) => `${alias}.${column}`)
    .concat(`to_char(${alias}.paid_on, 'YYYY-MM-DD') AS paid_on`)
    .join(', ');
}

function rowOf(row: DisbursementRow) {
  return {
    disbursementId: row.disbursement_id,
    amountPaise: Number(row.amount_paise),
    adminChargePaise: Number(row.admin_charge_paise),
    netPaise: Number(row.net_paise),
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    rejectionReason: row.rejection_reason,
    paidOn: row.paid_on,
    utr: row.utr,
  };
}

/** help.disbursements.get: the requester's view — what is held, what may be taken now, the charge, and the history. */
export async function getDisbursementsOfRequest(services: Services, id: string, meta: RequestMeta): Promise<TDisbursementsOfRequest> {
  const { state } = await services.db.transaction((tx) => foldStream(services.eventStore, tx, helpStreamId(id), evolveHeldMoney, noHeldMoney));
  if (!state.request.exists) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  if (state.request.requesterId !== meta.actor) throw new AppError('FORBIDDEN', { userMessage: NOT_THE_REQUESTER });
  const { settings } = await getSettings(services.db);
  const { rows } = await services.db.query<DisbursementRow>(`SELECT ${rowColumns('d')} FROM help_disbursements d WHERE d.request_id = $1 ORDER BY d.requested_at DESC, d.disbursement_id`, [id]);
  return {
    requestId: id,
    earmarkedPaise: state.ledger.earmarkedPaise,
    availablePaise: availableBalance(state.ledger),
    chargeBasisPoints: settings.disbursementChargeBasisPoints,
    disbursements: rows.map(rowOf),
  };
}

/** How many withdrawals the finance list shows at once. */
export const DISBURSEMENT_LIST_LIMIT = 500;

/** Oldest first by when asked; newest first by the day paid (none for a rejected one), then by when asked. */
const OLDEST_FIRST = 'd.requested_at, d.disbursement_id';
const NEWEST_FIRST = 'd.paid_on DESC NULLS LAST, d.requested_at DESC, d.disbursement_id DESC';

/**
 * help.admin.disbursements.getMany (finance): the withdrawals in one state, in its order (isListedNewestFirst), at most
 * `limit` of them; `hasMore` says that more are in that state than are listed.
 */
export async function listDisbursements(
  services: Pick<Services, 'db'>,
  query: { status?: DisbursementStatus },
  limit = DISBURSEMENT_LIST_LIMIT,
): Promise<TDisbursementQueue> {
  const status = query.status ?? 'requested';
  const { rows: found } = await services.db.query<DisbursementRow & { title_en: string | null; title_hi: string | null; requester_id: string; raised_foundation_paise: string }>(
    `SELECT ${rowColumns('d')}, r.title_en, r.title_hi, r.requester_id, r.raised_foundation_paise
       FROM help_disbursements d JOIN help_requests r ON r.id = d.request_id
      WHERE d.status = $1 ORDER BY ${isListedNewestFirst(status) ? NEWEST_FIRST : OLDEST_FIRST} LIMIT $2`,
    [status, limit + 1],
  );
  const rows = found.slice(0, limit);
  return {
    disbursements: rows.map((row) => ({
      ...rowOf(row),
      requestId: row.request_id,
      requestTitle: { en: row.title_en, hi: row.title_hi },
      requesterId: row.requester_id,
      earmarkedPaise: Number(row.raised_foundation_paise),
      approvedBy: row.approved_by,
    })),
    hasMore: found.length > limit,
  };
}

/**
 * help.admin.disbursements.details and GET /api/admin/disbursements/:id/details (finance): where the
 * money goes and how to reach the beneficiary. The opening is recorded before anything is shown.
 */
export async function revealDisbursementDetails(services: Services, disbursementId: string, meta: RequestMeta): Promise<TDisbursementDetails> {
  const { rows } = await services.db.query<{ request_id: string; contact_number: string | null; beneficiary: HelpBeneficiary | null; requester_id: string }>(
    `SELECT d.request_id, d.contact_number, r.beneficiary, r.requester_id
       FROM help_disbursements d JOIN help_requests r ON r.id = d.request_id
      WHERE d.disbursement_id = $1`,
    [disbursementId],
  );
  const found = rows[0];
  if (!found) throw new AppError('NOT_FOUND', { userMessage: DISBURSEMENT_NOT_FOUND });
  const [contact, names, profile] = await Promise.all([
    getUserContact(services.db, found.requester_id),
    getUserNames(services.db, [found.requester_id]),
    getPayoutDetails(services.db, found.requester_id),
  ]);
  const requesterName = names.get(found.requester_id) ?? null;
  const row = { ...found, email: contact?.email ?? null, phone: contact?.phone ?? null };
  await recordOnStream(
    services,
    helpAccessStreamId(row.request_id),
    [{ type: 'HelpDisbursementDetailsViewed', data: { requestId: row.request_id, disbursementId, viewerId: meta.actor, viewedAt: services.now().toISOString() } }],
    eventMetadata(meta),
  );
  const payout = row.beneficiary?.payout;
  const holders = row.beneficiary ? payoutHoldersOf(row.beneficiary, { fullName: requesterName, profileUpiId: profile.upiId }) : null;
  return {
    disbursementId,
    requestId: row.request_id,
    beneficiaryName: row.beneficiary?.name ?? null,
    email: row.email,
    phone: row.phone,
    upiId: payout?.upiId ?? null,
    bankName: payout?.bankName ?? null,
    accountHolder: payout?.accountHolder ?? null,
    accountNumber: payout?.accountNumber ?? null,
    ifsc: payout?.ifsc ?? null,
    contactNumber: row.contact_number,
    requesterName,
    upiHolder: holders?.upi ?? null,
    bankHolder: holders?.bank ?? null,
  };
}

/** A finance decision on a withdrawal, on its request's stream (the decider refuses the request's own requester). */
async function decideOnDisbursement(
  services: Services,
  disbursementId: string,
  meta: RequestMeta,
  decide: (held: HeldMoney, requestId: string, tools: DecideTools) => HelpLedgerEvent[] | Promise<HelpLedgerEvent[]>,
): Promise<{ disbursementId: string; status: DisbursementStatus }> {
  const requestId = await requestOfDisbursement(services, disbursementId);
  const { state, events } = await handleCommand<HeldMoney, HelpRequestEvent | HelpLedgerEvent>(services, {
    streamId: helpStreamId(requestId),
    evolve: evolveHeldMoney,
    initialState: noHeldMoney,
    decide: (held, tools) => decide(held, requestId, tools),
    metadata: eventMetadata(meta),
  });
  const after = events.reduce(evolveHeldMoney, state);
  return { disbursementId, status: after.ledger.disbursements[disbursementId]?.status ?? 'requested' };
}

export function approveDisbursement(services: Services, input: { disbursementId: string }, meta: RequestMeta) {
  return decideOnDisbursement(services, input.disbursementId, meta, (held, requestId) =>
    decideApproveWithdrawal({ requestId, disbursementId: input.disbursementId, approvedBy: meta.actor, now: services.now() }, held),
  );
}

/** help.admin.disbursements.reject: the reason (as the decider trimmed it) is sealed under the request's key (it may name the requester; issue 29). */
export function rejectDisbursement(services: Services, input: { disbursementId: string; reason: string }, meta: RequestMeta) {
  return decideOnDisbursement(services, input.disbursementId, meta, (held, requestId, { seal }) => {
    const events = decideRejectWithdrawal({ requestId, disbursementId: input.disbursementId, reason: input.reason, rejectedBy: meta.actor, now: services.now() }, held);
    return Promise.all(events.map(async (event) => ({ ...event, data: { ...event.data, reason: await seal(helpStreamId(requestId), event.data.reason) } })));
  });
}

/**
 * Finance records the bank transfer: the UTR is claimed on its own stream in the same transaction,
 * so one bank payment is never recorded for two withdrawals, however they race.
 */
export async function markDisbursementPaid(
  services: Services,
  input: { disbursementId: string; utr: string; paidOn: string },
  meta: RequestMeta,
): Promise<{ disbursementId: string; status: DisbursementStatus }> {
  const requestId = await requestOfDisbursement(services, input.disbursementId);
  const streamId = helpStreamId(requestId);
  const utrStreamId = helpUtrStreamId(input.utr);
  const now = services.now();
  await handleCommand<MarkWithdrawalPaidState & { category: string | null }, HelpLedgerEvent | HelpDisbursementUtrClaimed>(services, {
    async read(tx) {
      const held = await foldStream(services.eventStore, tx, streamId, evolveHeldMoney, noHeldMoney);
      const claim = await foldStream<string | null, HelpDisbursementUtrClaimed>(services.eventStore, tx, utrStreamId, (_, event) => event.data.disbursementId, null);
      const { rows } = await tx.query<{ category: string }>(`SELECT category FROM help_requests WHERE id = $1`, [requestId]);
      return { state: { ...held.state, category: rows[0]?.category ?? null, claimedBy: claim.state }, versions: { ...held.versions, ...claim.versions } };
    },
    decide: (state) =>
      decideMarkWithdrawalPaid(
        { requestId, disbursementId: input.disbursementId, utr: input.utr, paidOn: input.paidOn, paidBy: meta.actor, cause: causeOfCategory(state.category), now },
        state,
      ),
    metadata: eventMetadata(meta),
  });
  return { disbursementId: input.disbursementId, status: 'paid' };
}
