import { ZInviteStaffRequestSchema, ZStaffInvitationCreatedSchema, ZStaffInvitationWithdrawnSchema } from '#server/modules/identity/staff/staff-invitations.schema';
import type { RequestHandler } from 'express';
import { z, type ZodType } from 'zod';
import { AppError } from '#server/errors/app-error';
import { CORRECT_THE_FIELDS, UNKNOWN_FIELD } from '#server/errors/field-errors';
import { ZMemberListSchema, ZSetPermissionsResponseSchema, ZSetPermissionsRestRequestSchema } from '#server/modules/admin/members/members.schema';
import { ZQueuesResponseSchema } from '#server/modules/admin/dashboard/queues.schema';
import { ZReplayCheckSchema } from '#server/modules/admin/replay-checks/replay-checks.schema';
import { ZAuditBundleSchema, ZAuditHistoryQuerySchema, ZAuditHistoryResponseSchema } from '#server/modules/admin/audit/audit.schema';
import {
  ZEpinListResponseSchema,
  ZEpinTransferHistorySchema,
  ZGenerateEpinsRequestSchema,
  ZTransferEpinsRequestSchema,
  ZTransferEpinsResponseSchema,
} from '#server/modules/community/epins.schema';
import { ZLevelQuerySchema, ZTeamMemberSchema, ZTeamSummarySchema } from '#server/modules/community/team.schema';
import { ZChangePasswordRequestSchema } from '#server/modules/identity/passwords/change-password.schema';
import { ZPublicCardSchema } from '#server/modules/identity/accounts/get-public-card.schema';
import { ZLoginRequestSchema, ZLoginResponseSchema } from '#server/modules/identity/accounts/login.schema';
import { ZPasswordMessageResponseSchema, ZRequestPasswordResetRequestSchema, ZResetPasswordRequestSchema } from '#server/modules/identity/passwords/password-reset.schema';
import { ZProfileSchema, ZRemoveIdPhotoResponseSchema, ZUpdateProfileRestRequestSchema, ZUploadIdPhotoResponseSchema, ZUploadProfileAssetsResponseSchema } from '#server/modules/identity/profile/profile.schema';
import { ZRegisterResponseSchema, ZRegisterRestRequestSchema } from '#server/modules/community/register.schema';
import { ZBankStatementSchema, ZStatementColumnsPreviewSchema, ZStatementFormFieldsSchema, ZVerifySureMatchesResponseSchema } from '#server/modules/donations/bank-statements.schema';
import { ZDonationsExportQuerySchema, ZFinancialYearQuerySchema } from '#server/modules/donations/exports.schema';
import { ZYearlyStatementQuerySchema } from '#server/modules/donations/yearly-statement.schema';
import { ZRequestStatementCodeRequestSchema, ZRequestStatementCodeResponseSchema, ZVerifyStatementCodeRequestSchema, ZVerifyStatementCodeResponseSchema } from '#server/modules/donations/statement-code.schema';
import { ZTransparencyCsvQuerySchema, ZTransparencyPaymentsCsvQuerySchema, ZTransparencyQuerySchema, ZTransparencySchema } from '#server/modules/transparency/transparency.schema';
import { ZWebVitalsReportSchema } from '#server/modules/site/web-vitals.schema';
import { ZCancelDonationRestRequestSchema, ZCancelDonationResponseSchema } from '#server/modules/donations/cancel-donation.schema';
import { ZCreateDonationRestRequestSchema, ZCreateDonationRestResponseSchema } from '#server/modules/donations/create-donation.schema';
import { ZContactQuerySchema, ZGetDonationStatusResponseSchema, ZOptionalContactQuerySchema } from '#server/modules/donations/get-donation-status.schema';
import { ZGetManyDonationsResponseSchema, ZGetManyDonationsRestQuerySchema } from '#server/modules/donations/get-many-donations.schema';
import { ZRecordOfflineDonationResponseSchema, ZRecordOfflineDonationRestRequestSchema } from '#server/modules/donations/record-offline-donation.schema';
import { ZRejectDonationResponseSchema, ZRejectDonationRestRequestSchema } from '#server/modules/donations/reject-donation.schema';
import { PROOF_SCREENSHOT_FIELD, ZProofFormSchema, ZSubmitProofResponseSchema } from '#server/modules/donations/submit-proof.schema';
import { ZVerifyDonationResponseSchema, ZVerifyDonationRestRequestSchema } from '#server/modules/donations/verify-donation.schema';
import {
  ZAskHelpQuestionRestRequestSchema,
  ZHelpListQuerySchema,
  ZHelpListRestSchema,
  ZHelpRequestCreatedSchema,
  ZHelpRequestDetailRestSchema,
  ZHelpRequestFieldsSchema,
  ZHelpStatusResponseSchema,
  ZRejectHelpRestRequestSchema,
} from '#server/modules/help/help.schema';
import {
  ZDisbursementCreatedRestSchema,
  ZDisbursementDetailsSchema,
  ZDisbursementQueueQuerySchema,
  ZDisbursementQueueRestSchema,
  ZDisbursementsOfRequestRestSchema,
  ZDisbursementStatusSchema,
  ZMarkDisbursementPaidRestSchema,
  ZRejectDisbursementRestSchema,
  ZRequestDisbursementRestSchema,
} from '#server/modules/help/disbursements.schema';
import { ZDecideDisputeRestSchema, ZDirectGiftCreatedSchema, ZDirectGiftFieldsSchema, ZDirectGiftStatusSchema } from '#server/modules/help/direct-gifts.schema';
import { ZApplicationFieldsSchema } from '#server/modules/kanyadan/kanyadan-fields.schema';
import {
  ZApplicationDetailSchema,
  ZApplicationFilterSchema,
  ZApplicationPageSchema,
  ZApplicationStatusSchema,
  ZApproveBenefitRestRequestSchema,
  ZBenefitRequestFieldsSchema,
  ZDecisionResponseSchema,
  ZDisburseRestRequestSchema,
  ZEraseApplicationResponseSchema,
  ZEraseApplicationRestRequestSchema,
  ZRecordFeeRestRequestSchema,
  ZRejectApplicationRestRequestSchema,
  ZSubmitApplicationResponseSchema,
  ZSubmitFeeProofRestRequestSchema,
} from '#server/modules/kanyadan/kanyadan-routes.schema';
import type { AccessPolicy } from './access-policy.ts';

interface Endpoint {
  method: 'get' | 'post' | 'put';
  path: string;
  summary: string;
  /** Who may call it (see AccessPolicy); the authorisation matrix test holds the route to it. */
  auth: AccessPolicy;
  request?: ZodType;
  /** A multipart upload instead of a JSON body: the name of its one file field. */
  fileField?: string;
  /** With fileField: the file may be left out (the other form fields are `request`, also accepted as JSON). */
  isFileOptional?: boolean;
  /** A multipart form of several files (and the text fields of `request`), never JSON. */
  formFiles?: readonly { name: string; required: boolean }[];
  /** Query parameters, from an object schema. */
  query?: ZodType;
  /** The JSON answer; none for a 204. */
  response?: ZodType;
  /** A binary answer (an image) instead of JSON. */
  produces?: string | readonly string[];
  /** Served before the session middleware (no cookie is read): no CSRF refusal. */
  isSessionless?: boolean;
  status: number;
  errors: number[];
}

const ZRestTeamSummarySchema = z.object({
  totalMembers: z.number().int(),
  directMembers: z.number().int(),
  tier: ZTeamSummarySchema.shape.tier,
});
const ZRestDirectSchema = z.object({
  members: z.array(z.object({ userId: z.string(), fullName: z.string(), joinedAt: z.string(), isActive: z.boolean() })),
});
const ZRestLevelsSchema = z.object({
  levels: z.array(
    z.object({ level: z.number().int(), count: z.number().int(), members: z.array(ZTeamMemberSchema), page: z.number().int().optional(), pageCount: z.number().int().optional() }),
  ),
});

const ZLogoutRequestSchema = z.strictObject({});
const ZLogoutResponseSchema = z.object({ ok: z.literal(true) });

const ZErrorSchema = z.object({
  message: z.string(),
  requestId: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Every REST path of PRODUCT.md §12 served so far; the document is generated from the same zod schemas. */
export const REST_ENDPOINTS: readonly Endpoint[] = [
  { method: 'post', path: '/api/users/login', summary: 'Log in by user ID or e-mail; returns a bearer token, valid BEARER_TTL_HOURS (default 24)', auth: 'public', request: ZLoginRequestSchema, response: ZLoginResponseSchema, status: 200, errors: [400, 401, 403, 413, 429] },
  { method: 'post', path: '/api/users/logout', summary: 'Sign out: the token this request carries (bearer, or the cookie) no longer signs anyone in; already ended or unknown is fine too', auth: 'public', request: ZLogoutRequestSchema, response: ZLogoutResponseSchema, status: 200, errors: [400, 403, 413] },
  { method: 'post', path: '/api/users/register', summary: 'Register a member with an invite code. `state` is one of India’s states and union territories (its key, such as madhya-pradesh, or its English name) and `pinCode` the 6-digit postal PIN code (optional here, as it was not in the original payload; checked when given); an empty field is a 400 saying “Please enter …” beside it', auth: 'public', request: ZRegisterRestRequestSchema, response: ZRegisterResponseSchema, status: 201, errors: [400, 409, 413, 429] },
  { method: 'post', path: '/api/users/verify-user', summary: 'Forgot password, step 1: e-mail a 6-digit code to the account with this user ID and phone', auth: 'public', request: ZRequestPasswordResetRequestSchema, response: ZPasswordMessageResponseSchema, status: 200, errors: [400, 413, 429] },
  { method: 'put', path: '/api/users/reset-password', summary: 'Forgot password, step 2: set a new password with the code (5 tries, 10 minutes); signs out every session', auth: 'public', request: ZResetPasswordRequestSchema, response: ZPasswordMessageResponseSchema, status: 200, errors: [400, 413, 429] },
  { method: 'put', path: '/api/users/change-password', summary: 'Change the password, giving the current one; signs out every other session', auth: 'signed-in', request: ZChangePasswordRequestSchema, response: ZPasswordMessageResponseSchema, status: 200, errors: [400, 401, 403, 413, 429] },
  { method: 'get', path: '/api/users/profile/{id}', summary: "A member's profile: your own, or any member's for admins with the members permission (its payout details and UPI QR image only for its member and finance)", auth: { ownerOr: 'members' }, response: ZProfileSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'put', path: '/api/users/profile/{id}', summary: 'Save your own profile (phone, address, payout details); send only the fields that change, an empty string clears a payout field. The original names ifscCode, accountHolderName and personalContact are accepted for ifsc, accountHolder and phone; any other unknown field is a 400. A new accountNumber may come with confirmAccountNumber, the same digits typed again (never stored; optional here, as it was not in the original payload; given, it must match); the IFSC must be in the banks’ published list (RBI’s, as Razorpay publishes it), else a 400 naming the field', auth: 'owner', request: ZUpdateProfileRestRequestSchema, response: ZProfileSchema, status: 200, errors: [400, 401, 403, 409, 413] },
  { method: 'post', path: '/api/users/upload-profile-assets/{id}', summary: "Upload your UPI QR image (JPEG, PNG or WebP, at most 5 MB, at most 40 megapixels); one that does not decode is a 400. Answers the upload's ID; the image is re-encoded and shown once the profile's qrCode.status is 'ready'", auth: 'owner', fileField: 'qrCode', response: ZUploadProfileAssetsResponseSchema, status: 202, errors: [400, 401, 403, 413, 429] },
  { method: 'get', path: '/api/users/profile-assets/{id}/qr-code/{uploadId}', summary: "A processed UPI QR image (WebP): it says where the member's money goes, so for its member and admins with the finance permission only (issue 29)", auth: { ownerOr: 'finance' }, response: z.string(), produces: 'image/webp', status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/users/profile-assets/{id}/id-photo', summary: "Upload the photo for your I-card (JPEG, PNG or WebP, at most 5 MB, at most 40 megapixels); one that does not decode is a 400. Answers the upload's ID; the photo is cropped to a 300 × 375 portrait, re-encoded without metadata and shown once the profile's idPhoto.status is 'ready'", auth: 'owner', fileField: 'idPhoto', response: ZUploadIdPhotoResponseSchema, status: 202, errors: [400, 401, 403, 413, 429] },
  { method: 'post', path: '/api/users/profile-assets/{id}/id-photo/remove', summary: 'Take the photo off your I-card (and drop an upload still being processed); with none, nothing changes. Answers the profile\'s idPhoto', auth: 'owner', request: z.strictObject({}), response: ZRemoveIdPhotoResponseSchema, status: 200, errors: [400, 401, 403, 409, 413] },
  { method: 'get', path: '/api/users/profile-assets/{id}/id-photo/{uploadId}', summary: "A processed I-card photo (WebP, 300 × 375), for its member and admins with the members permission; never public (the card check at /verify shows no photo)", auth: { ownerOr: 'members' }, response: z.string(), produces: 'image/webp', status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/users/{id}', summary: "A member's public card (user ID and name), 120 look-ups per 15 minutes per address", auth: 'public', response: ZPublicCardSchema, status: 200, errors: [400, 404, 429] },
  { method: 'post', path: '/api/epins/generate-epins', summary: 'Generate invite codes, held by the admin (permission: members)', auth: { admin: ['members'] }, request: ZGenerateEpinsRequestSchema, response: ZEpinListResponseSchema, status: 201, errors: [400, 401, 403] },
  { method: 'get', path: '/api/epins/epins', summary: 'Every invite code with its status (permission: members)', auth: { admin: ['members'] }, response: ZEpinListResponseSchema, status: 200, errors: [401, 403] },
  { method: 'get', path: '/api/users/team-summary/{id}', summary: 'Team size within the 20 levels, direct joinees and recognition tier: your own, or any for admins with members', auth: { ownerOr: 'members' }, response: ZRestTeamSummarySchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/users/downline/direct/{id}', summary: 'Direct joinees, with whether each is active (e-mail confirmed, not suspended)', auth: { ownerOr: 'members' }, response: ZRestDirectSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/users/downline-levels/{id}', summary: 'Counts of levels 1–20; the members of one level, 50 a page, with ?level=&page=', auth: { ownerOr: 'members' }, query: ZLevelQuerySchema, response: ZRestLevelsSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/epintransfer/user/{id}', summary: 'Invite codes a member holds (own only; admins with members: any)', auth: { ownerOr: 'members' }, response: ZEpinListResponseSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/epintransfer/transfer-history/{id}', summary: 'Invite-code transfers sent and received', auth: { ownerOr: 'members' }, response: ZEpinTransferHistorySchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/epintransfer/transfer', summary: 'Pass unused invite codes, oldest first, to another member', auth: 'signed-in', request: ZTransferEpinsRequestSchema, response: ZTransferEpinsResponseSchema, status: 201, errors: [400, 401, 404, 409, 413] },
  { method: 'post', path: '/api/admin/staff', summary: 'Invite a staff member by e-mail: a one-time link, valid 48 hours, sets the password of a new staff account holding these permissions; recorded as StaffInvited. Only an admin holding every permission may; an address that has an account is refused (permission: members)', auth: { admin: ['members'] }, request: ZInviteStaffRequestSchema, response: ZStaffInvitationCreatedSchema, status: 201, errors: [400, 401, 403, 409, 413] },
  { method: 'post', path: '/api/admin/staff/invitations/{invitationId}/withdraw', summary: 'Withdraw a staff invitation nobody has used (expired ones too): its link no longer opens an account; recorded as StaffInvitationWithdrawn, once however often asked. Only an admin holding every permission may; a used invitation is a 409 (permission: members)', auth: { admin: ['members'] }, request: z.strictObject({}), response: ZStaffInvitationWithdrawnSchema, status: 200, errors: [400, 401, 403, 404, 409, 413] },
  { method: 'put', path: '/api/admin/staff/{userId}/permissions', summary: "Grant or revoke a staff account's permissions: the full set it is to hold, with a reason, recorded as StaffPermissionsChanged. Only an admin holding every permission may; nobody reduces their own; the last super-admin keeps every permission (permission: members)", auth: { admin: ['members'] }, request: ZSetPermissionsRestRequestSchema, response: ZSetPermissionsResponseSchema, status: 200, errors: [400, 401, 403, 404, 409, 413] },
  { method: 'post', path: '/api/admin/replay-checks', summary: 'Check all read models: queues a job that rebuilds every read model from the events into fresh tables and compares them with the live ones, without blocking requests; while one is queued or running, answers that one. The request and outcome are events with the actor (permission: settings)', auth: { admin: ['settings'] }, request: z.strictObject({}), response: ZReplayCheckSchema, status: 202, errors: [400, 401, 403, 413] },
  { method: 'get', path: '/api/admin/replay-checks/{checkId}', summary: "A read-model check's progress (events replayed of the total) and, once done, each projection as equal or with its differing rows (permission: settings)", auth: { admin: ['settings'] }, response: ZReplayCheckSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/queues', summary: 'The staff queues the caller may work, each with its count and its oldest item\'s age; for any admin, who sees only the queues their permissions cover', auth: 'any-admin', response: ZQueuesResponseSchema, status: 200, errors: [401, 403] },
  { method: 'post', path: '/api/admin/audit/{streamId}/bundle', summary: "Ask for a record's dispute bundle: a job makes one PDF with every event, its actors, the references and the payment screenshots' thumbnails; asking is itself an event (AuditBundleRequested). For any admin whose permissions cover the record", auth: 'any-admin', request: z.strictObject({}), response: ZAuditBundleSchema, status: 202, errors: [400, 401, 403, 404, 413] },
  { method: 'get', path: '/api/admin/audit/bundles/{bundleId}.pdf', summary: 'Download a dispute bundle once made (409 while it is still being made); for any admin whose permissions cover its record', auth: 'any-admin', response: z.string(), produces: 'application/pdf', status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'get', path: '/api/admin/audit/{streamId}', summary: "A record's history: every event of the stream up to ?asOf= (an ISO time; now without it) with its actor, time, client address while kept, correlation and causation, personal fields revealed; and the read-model rows those events alone fold to as of then. For any admin whose permissions cover the record (403 otherwise); every look is recorded as AuditRecordViewed", auth: 'any-admin', query: ZAuditHistoryQuerySchema, response: ZAuditHistoryResponseSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/company-directs', summary: 'Members with no sponsor, newest first (permission: members)', auth: { admin: ['members'] }, response: ZMemberListSchema, status: 200, errors: [401, 403] },
  { method: 'post', path: '/api/kanyadan/applications', summary: "A Kanyadan application (girl aged 0–14; the parent's or guardian's consent): multipart text fields and the documents girlAadhaar, fatherAadhaar (optional), birthCertificate (JPEG, PNG, WebP or PDF) and photo (image), each at most 5 MB, type checked from the content; an Idempotency-Key header (UUID) makes a retry return the same registration number", auth: 'public', formFiles: [{ name: 'girlAadhaar', required: false }, { name: 'fatherAadhaar', required: false }, { name: 'birthCertificate', required: true }, { name: 'photo', required: true }], request: ZApplicationFieldsSchema, response: ZSubmitApplicationResponseSchema, status: 201, errors: [400, 413, 429] },
  { method: 'get', path: '/api/kanyadan/applications/{regNo}/status', summary: "An application's state by its registration number and the phone given with it, with the reason in both languages when rejected; one 404 for every wrong pair; rate-limited per address and per number", auth: 'public', query: z.object({ phone: z.string() }), response: ZApplicationStatusSchema, status: 200, errors: [400, 404, 429] },
  { method: 'post', path: '/api/kanyadan/applications/{regNo}/fee-proof', summary: "The family's UTR of the registration fee they paid (when a fee applies), with the phone given in the application; finance records the payment once the money is seen; rate-limited as the look-up", auth: 'public', request: ZSubmitFeeProofRestRequestSchema, response: ZApplicationStatusSchema, status: 200, errors: [400, 404, 409, 429] },
  { method: 'get', path: '/api/admin/kanyadan/applications', summary: 'The Kanyadan queue, newest first, filtered by state, district, age, submission dates and likely duplicates (permission: verification or finance)', auth: { admin: ['verification', 'finance'] }, query: ZApplicationFilterSchema, response: ZApplicationPageSchema, status: 200, errors: [400, 401, 403] },
  { method: 'get', path: '/api/admin/kanyadan/applications/{regNo}', summary: 'An application, masked, with its documents, decisions and full history including every view of personal data (permission: verification or finance)', auth: { admin: ['verification', 'finance'] }, response: ZApplicationDetailSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/kanyadan/applications/{regNo}/documents/{kind}', summary: 'A document as an image (image/jpeg, or image/webp for documents stored before JPEG; a PDF as image/png of page ?page=, from 1); every view is recorded with the viewer (permission: verification)', auth: { admin: ['verification'] }, query: z.object({ page: z.number().int().min(1).optional() }), response: z.string(), produces: ['image/jpeg', 'image/webp', 'image/png'], status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/verify', summary: 'Verify an application (permission: verification)', auth: { admin: ['verification'] }, request: z.object({}), response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/reject', summary: 'Reject an application with a reason (sent to the family in both languages) and an optional note without personal data (permission: verification)', auth: { admin: ['verification'] }, request: ZRejectApplicationRestRequestSchema, response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/benefit-request', summary: 'Request the benefit for a verified application whose girl is 18 or older today: the marriage date, the bank account (accountNumber and confirmAccountNumber, the same digits typed twice; the copy is never stored; an IFSC in the banks’ published list, else a 400 naming the field) and the proof that the marriage is fixed (marriageProof, optionally marriageProof2; image or PDF, at most 5 MB) (permission: verification)', auth: { admin: ['verification'] }, formFiles: [{ name: 'marriageProof', required: true }, { name: 'marriageProof2', required: false }], request: ZBenefitRequestFieldsSchema, response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409, 413, 429] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/benefit-approve', summary: 'Approve the requested benefit, in paise, within the range in settings (permission: finance)', auth: { admin: ['finance'] }, request: ZApproveBenefitRestRequestSchema, response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/disburse', summary: 'Record the payment of the approved benefit to the account in the request: the UTR (used once) and the date (permission: finance)', auth: { admin: ['finance'] }, request: ZDisburseRestRequestSchema, response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/fee-paid', summary: 'Record the registration fee paid, when one applies: the UTR (used once) and the date (permission: finance)', auth: { admin: ['finance'] }, request: ZRecordFeeRestRequestSchema, response: ZDecisionResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/kanyadan/applications/{regNo}/erase', summary: "Erase the application's personal data and documents for good (its key is destroyed); the number, states and actors stay (permission: verification)", auth: { admin: ['verification'] }, request: ZEraseApplicationRestRequestSchema, response: ZEraseApplicationResponseSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/help', summary: 'Published help requests (checked by staff: documents and the requester’s photo ID), open ones first; ?cause= a category or a home-page cause word; amounts in rupees', auth: 'public', query: ZHelpListQuerySchema, response: ZHelpListRestSchema, status: 200, errors: [400] },
  { method: 'get', path: '/api/help/{id}', summary: 'A published (or closed) help request with its story and progress; any other request is a 404', auth: 'public', response: ZHelpRequestDetailRestSchema, status: 200, errors: [400, 404] },
  { method: 'post', path: '/api/help', summary: 'Ask for help (a signed-in member): multipart text fields and up to 4 documents document1…document4 (JPEG, PNG, WebP or PDF, at most 5 MB each, type checked from the content), each with documentNKind and documentNDate (estimates and bills at most 6 months old); payout fields left empty take the profile’s; an accountNumber given comes with confirmAccountNumber, the same digits typed again (never stored), and its IFSC must be in the banks’ published list, else a 400 naming the field; amountNeeded in rupees; an Idempotency-Key header (UUID) makes a retry return the same request', auth: 'signed-in', formFiles: [{ name: 'document1', required: true }, { name: 'document2', required: false }, { name: 'document3', required: false }, { name: 'document4', required: false }], request: ZHelpRequestFieldsSchema, response: ZHelpRequestCreatedSchema, status: 201, errors: [400, 401, 413, 429] },
  { method: 'get', path: '/api/admin/help/{id}/documents/{index}', summary: 'A help request’s document as an image (image/jpeg; a PDF as image/png of page ?page=, from 1); every view is recorded with the viewer (permission: verification)', auth: { admin: ['verification'] }, query: z.object({ page: z.number().int().min(1).optional() }), response: z.string(), produces: ['image/jpeg', 'image/png'], status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/admin/help/{id}/publish', summary: 'Publish a help request once the requester’s photo ID was matched and no question waits; open for 90 days; never one’s own request (permission: verification)', auth: { admin: ['verification'] }, request: z.object({}), response: ZHelpStatusResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/help/{id}/reject', summary: 'Reject a help request before publishing, with a reason the requester sees (permission: verification)', auth: { admin: ['verification'] }, request: ZRejectHelpRestRequestSchema, response: ZHelpStatusResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/help/{id}/ask', summary: 'Ask the requester a question, shown on their page until answered; one at a time (permission: verification)', auth: { admin: ['verification'] }, request: ZAskHelpQuestionRestRequestSchema, response: ZHelpStatusResponseSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/help/{requestId}/gifts', summary: 'A signed-in giver says they paid a published, open request’s beneficiary directly (to the UPI ID its page shows): multipart amount (rupees), utr and the file screenshot (JPEG, PNG or WebP, at most 5 MB, re-encoded); not to one’s own request, and not while one’s earlier gift to it waits for the beneficiary', auth: 'signed-in', formFiles: [{ name: 'screenshot', required: true }], request: ZDirectGiftFieldsSchema, response: ZDirectGiftCreatedSchema, status: 201, errors: [400, 401, 403, 404, 409, 413, 429] },
  { method: 'get', path: '/api/help/gifts/{giftId}/screenshot', summary: 'A direct gift’s screenshot (image/jpeg), for its giver, the beneficiary, and verification staff (whose every view is recorded)', auth: 'signed-in', response: z.string(), produces: 'image/jpeg', status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/help/gifts/{giftId}/confirm', summary: 'The beneficiary confirms a direct gift arrived; it then counts towards the request’s progress and the giver’s verified giving', auth: 'signed-in', request: z.object({}), response: ZDirectGiftStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/help/gifts/{giftId}/reject', summary: 'The beneficiary says a direct gift did not arrive; it goes to staff’s dispute queue', auth: 'signed-in', request: z.object({}), response: ZDirectGiftStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/help/gifts/{giftId}/decide', summary: 'Decide a disputed direct gift (received or not-received) with a reason, after seeing both sides’ evidence; never a gift one gave or received (permission: verification)', auth: { admin: ['verification'] }, request: ZDecideDisputeRestSchema, response: ZDirectGiftStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/help/{requestId}/disbursements', summary: 'The requester asks for money the foundation holds for their request (verified earmarked donations, less what is already asked for or paid): amount in rupees (at least ₹1), contact number (at most 15 characters); answers the admin charge (a setting) and the net amount; an Idempotency-Key header (UUID) names the withdrawal, so a retry finds it', auth: 'signed-in', request: ZRequestDisbursementRestSchema, response: ZDisbursementCreatedRestSchema, status: 201, errors: [400, 401, 403, 404, 409] },
  { method: 'get', path: '/api/help/{requestId}/disbursements', summary: 'The requester’s withdrawals of money held for their request, newest first, with what is held and what may be taken now (rupees)', auth: 'signed-in', response: ZDisbursementsOfRequestRestSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/disbursements', summary: 'Withdrawals in one state (?status=, requested by default), at most 500: waiting ones oldest first, paid and rejected ones newest first, with each request’s held money (permission: finance)', auth: { admin: ['finance'] }, query: ZDisbursementQueueQuerySchema, response: ZDisbursementQueueRestSchema, status: 200, errors: [400, 401, 403] },
  { method: 'get', path: '/api/admin/disbursements/{id}/details', summary: 'Where a withdrawal goes: the beneficiary’s name, e-mail, phone, UPI ID, bank account and contact number (null where missing); every opening is recorded (permission: finance)', auth: { admin: ['finance'] }, response: ZDisbursementDetailsSchema, status: 200, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/admin/disbursements/{id}/approve', summary: 'Approve a requested withdrawal, within the money held; never one for a request of one’s own (permission: finance)', auth: { admin: ['finance'] }, request: z.object({}), response: ZDisbursementStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/disbursements/{id}/reject', summary: 'Reject a requested withdrawal with a reason the beneficiary sees; its amount returns to the balance (permission: finance)', auth: { admin: ['finance'] }, request: ZRejectDisbursementRestSchema, response: ZDisbursementStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/admin/disbursements/{id}/paid', summary: 'Record the bank transfer of an approved withdrawal: the UTR (used once) and the date (permission: finance)', auth: { admin: ['finance'] }, request: ZMarkDisbursementPaidRestSchema, response: ZDisbursementStatusSchema, status: 200, errors: [400, 401, 403, 404, 409] },
  { method: 'post', path: '/api/vitals', isSessionless: true, summary: 'Core Web Vitals of one sampled visit (page as a route pattern; LCP and INP in ms, CLS); nothing about the visitor is stored', auth: 'public', request: ZWebVitalsReportSchema, status: 204, errors: [400, 413, 429] },
  { method: 'get', path: '/api/transparency', summary: 'What /transparency shows: money received and disbursed in the last 24 months by month and by cause, page ?page= (20 a page, newest first) of the verified donations with the donor named only when they agreed (else null: "Anonymous"), and page ?paidPage= (20 a page, newest first) of the payments to beneficiaries, nobody named', auth: 'public', query: ZTransparencyQuerySchema, response: ZTransparencySchema, status: 200, errors: [400] },
  { method: 'get', path: '/api/transparency.csv', summary: 'Page ?page= of the verified donations as the page lists them (date, amount in rupees, cause, donor or "Anonymous"), headings in ?lang= (en or hi); UTF-8 with a BOM', auth: 'public', query: ZTransparencyCsvQuerySchema, response: z.string(), produces: 'text/csv', status: 200, errors: [400] },
  { method: 'get', path: '/api/transparency/payments.csv', summary: 'Page ?paidPage= of the payments to beneficiaries as the page lists them (date paid, amount in rupees, cause, paid as a Kanyadan benefit or help), headings in ?lang= (en or hi); UTF-8 with a BOM; nobody named', auth: 'public', query: ZTransparencyPaymentsCsvQuerySchema, response: z.string(), produces: 'text/csv', status: 200, errors: [400] },
  { method: 'get', path: '/api/admin/direct-company-joiners', summary: 'The same members, oldest first, with their total (permission: members)', auth: { admin: ['members'] }, response: ZMemberListSchema.extend({ total: z.number().int() }), status: 200, errors: [401, 403] },
  { method: 'post', path: '/api/donations', summary: 'Pledge a donation (amount in rupees, up to 2 decimals; ₹1 to ₹10,00,000 online; an e-mail or a phone); answers the reference, the UPI link and the bank details', auth: 'public', request: ZCreateDonationRestRequestSchema, response: ZCreateDonationRestResponseSchema, status: 201, errors: [400, 413, 429] },
  { method: 'post', path: '/api/donations/{reference}/proof', summary: 'Proof of payment: the contact given with the donation, the UTR (12 digits UPI/IMPS, 16–22 letters and digits NEFT/RTGS) and optionally a screenshot (JPEG, PNG or WebP, at most 5 MB); multipart, or JSON without the screenshot', auth: 'public', fileField: PROOF_SCREENSHOT_FIELD, isFileOptional: true, request: ZProofFormSchema, response: ZSubmitProofResponseSchema, status: 200, errors: [400, 404, 409, 413, 429] },
  { method: 'get', path: '/api/donations/{reference}/status', summary: "A donation's state by its reference and the e-mail or phone given with it; one 404 for every wrong pair; rate-limited", auth: 'public', query: ZContactQuerySchema, response: ZGetDonationStatusResponseSchema, status: 200, errors: [400, 404, 429] },
  { method: 'get', path: '/api/donations/{reference}/receipt.pdf', summary: 'The receipt PDF (marked CANCELLED once cancelled): for the donor with ?contact=, or signed in for the member who gave it and finance admins', auth: 'public', query: ZOptionalContactQuerySchema, response: z.string(), produces: 'application/pdf', status: 200, errors: [400, 404, 429] },
  { method: 'post', path: '/api/donations/statement-code', summary: "A one-time code (6 digits, 10 minutes, 5 tries) mailed or texted to the e-mail address or mobile number, to download what was gathered across its donations (the yearly statement); the same 202 whether or not the contact gave anything; limited per address and per contact", auth: 'public', request: ZRequestStatementCodeRequestSchema, response: ZRequestStatementCodeResponseSchema, status: 202, errors: [400, 413, 429] },
  { method: 'post', path: '/api/donations/statement-code/verify', summary: 'The code entered with its contact: a right code gives a proof that downloads the statement (?proof=) for 30 minutes; a wrong one says how many tries are left', auth: 'public', request: ZVerifyStatementCodeRequestSchema, response: ZVerifyStatementCodeResponseSchema, status: 200, errors: [400, 413, 429] },
  { method: 'get', path: '/api/donations/statement.pdf', summary: "A donor's statement of a financial year that is over (?fy=2025-26), in English and Hindi: every verified donation with its receipt serial and the total. For the donor with the ?proof= a right one-time code gave (every gift given with that e-mail or phone), or signed in for the member's own gifts. ?reference= with ?contact= (a reference anyone can create by pledging) answers 403 saying a code is needed", auth: 'public', query: ZYearlyStatementQuerySchema, response: z.string(), produces: 'application/pdf', status: 200, errors: [400, 403, 404] },
  { method: 'get', path: '/api/admin/donations', summary: 'The donations queue, newest first, 50 a page, filtered by state, cause, pledge dates, amount (rupees) and PAN (permission: finance)', auth: { admin: ['finance'] }, query: ZGetManyDonationsRestQuerySchema, response: ZGetManyDonationsResponseSchema, status: 200, errors: [400, 401, 403] },
  { method: 'post', path: '/api/admin/donations/offline', summary: 'Record a cash, cheque or DD gift received at the office, verified on entry with the next receipt serial (permission: finance)', auth: { admin: ['finance'] }, request: ZRecordOfflineDonationRestRequestSchema, response: ZRecordOfflineDonationResponseSchema, status: 201, errors: [400, 401, 403, 409, 413] },
  { method: 'post', path: '/api/admin/donations/{reference}/verify', summary: 'Verify a donation whose proof arrived, with the date the money arrived and the mode; issues the next gap-free receipt serial of that financial year; a UTR verifies one donation only (permission: finance)', auth: { admin: ['finance'] }, request: ZVerifyDonationRestRequestSchema, response: ZVerifyDonationResponseSchema, status: 200, errors: [400, 401, 403, 404, 409, 413] },
  { method: 'post', path: '/api/admin/donations/{reference}/reject', summary: 'Reject a donation that cannot be matched to money received, with a reason the donor sees (permission: finance)', auth: { admin: ['finance'] }, request: ZRejectDonationRestRequestSchema, response: ZRejectDonationResponseSchema, status: 200, errors: [400, 401, 403, 404, 409, 413] },
  { method: 'post', path: '/api/admin/donations/{reference}/cancel', summary: 'Cancel a verified donation with a reason; its receipt keeps its serial and is re-issued marked CANCELLED (permission: finance)', auth: { admin: ['finance'] }, request: ZCancelDonationRestRequestSchema, response: ZCancelDonationResponseSchema, status: 200, errors: [400, 401, 403, 404, 409, 413] },
  { method: 'get', path: '/api/admin/donations/{reference}/screenshot', summary: 'The proof screenshot, re-encoded without metadata (WebP) (permission: finance)', auth: { admin: ['finance'] }, response: z.string(), produces: 'image/webp', status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/donations/{reference}/receipt.pdf', summary: 'The receipt PDF of any donation (permission: finance)', auth: { admin: ['finance'] }, response: z.string(), produces: 'application/pdf', status: 200, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/admin/exports/10bd', summary: "Form 10BD Part B for financial year ?fy= (like 2026-27) as the income-tax portal's CSV template: one row per donor (by PAN) and nature of donation, amounts of the same nature added up (rule 18AB), cash apart; UTF-8 with a BOM; the export is recorded with the admin (permission: finance)", auth: { admin: ['finance'] }, query: ZFinancialYearQuerySchema, response: z.string(), produces: 'text/csv', status: 200, errors: [400, 401, 403] },
  { method: 'get', path: '/api/admin/exports/10bd-missing-id', summary: 'The verified donations of ?fy= that Form 10BD cannot list for want of a donor ID, for staff to ask the donors; recorded with the admin (permission: finance)', auth: { admin: ['finance'] }, query: ZFinancialYearQuerySchema, response: z.string(), produces: 'text/csv', status: 200, errors: [400, 401, 403] },
  { method: 'get', path: '/api/admin/exports/donations', summary: 'Every donation dated ?from= to ?to= (YYYY-MM-DD; the day the money arrived, else of the pledge; at most 5 years) with every field staff need; PANs masked unless ?fullPan=true, which the recorded export notes with the admin (permission: finance)', auth: { admin: ['finance'] }, query: ZDonationsExportQuerySchema, response: z.string(), produces: 'text/csv', status: 200, errors: [400, 401, 403] },
  { method: 'post', path: '/api/admin/bank-statements/columns', summary: "A bank statement's header row and the columns to read: remembered for this layout, else guessed; records nothing (permission: finance)", auth: { admin: ['finance'] }, formFiles: [{ name: 'file', required: true }], request: ZStatementFormFieldsSchema, response: ZStatementColumnsPreviewSchema, status: 200, errors: [400, 401, 403, 413] },
  { method: 'post', path: '/api/admin/bank-statements', summary: 'Upload a bank statement (CSV, at most 5 MB; mapping: JSON {date, narration, reference, credit} naming the columns, remembered for the layout); its credit lines matched to pledges: sure (UTR and amount agree), possible (amount and date, or UTR with another amount), unmatched. The same file again changes nothing and answers the same (permission: finance)', auth: { admin: ['finance'] }, formFiles: [{ name: 'file', required: true }], request: ZStatementFormFieldsSchema, response: ZBankStatementSchema, status: 200, errors: [400, 401, 403, 413] },
  { method: 'post', path: '/api/admin/bank-statements/{id}/verify-sure-matches', summary: 'Verify every sure match of the statement as it stands now, each with its own receipt serial, dated the day the bank credited it; those refused are listed with the reason (permission: finance)', auth: { admin: ['finance'] }, request: z.object({}), response: ZVerifySureMatchesResponseSchema, status: 200, errors: [400, 401, 403, 404, 413] },
];

/**
 * Express middleware for /api: a route that documents no query parameters refuses any it is sent,
 * as every body and query schema refuses unknown fields (a 400 naming them), instead of ignoring
 * them. Routes with a query check theirs with their own strict schema.
 */
export function refuseUndocumentedQueries(): RequestHandler {
  const withoutQuery = REST_ENDPOINTS.filter((endpoint) => !endpoint.query).map((endpoint) => ({
    method: endpoint.method.toUpperCase(),
    path: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  return (req, _res, next) => {
    const keys = Object.keys(req.query);
    const fullPath = req.baseUrl + req.path;
    if (keys.length > 0 && withoutQuery.some((endpoint) => endpoint.method === req.method && endpoint.path.test(fullPath))) {
      throw new AppError('BAD_REQUEST', { userMessage: CORRECT_THE_FIELDS, fieldErrors: Object.fromEntries(keys.map((key) => [key, [UNKNOWN_FIELD]])) });
    }
    next();
  };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many requests',
};

/**
 * OpenAPI 3.0 says a `nullable` enum admits null only when null is among its values (ajv and the
 * generators read it so), and zod writes `nullable: true` beside an enum without it: added here.
 */
function withNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withNullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null)) record.enum.push(null);
  Object.values(record).forEach(withNullInNullableEnums);
}

function schema(type: ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  withNullInNullableEnums(json);
  return json;
}

/**
 * Schemas several operations share, by the name a generated client gives their type; every other
 * JSON body is a component named after its operation (postUsersLogin → PostUsersLoginRequest).
 */
const SHARED_COMPONENTS = new Map<ZodType, string>([
  [ZErrorSchema, 'Error'],
  [ZProfileSchema, 'Profile'],
  [ZEpinListResponseSchema, 'InviteCodeList'],
  [ZPasswordMessageResponseSchema, 'PasswordMessage'],
  [ZMemberListSchema, 'MemberList'],
  [ZTeamMemberSchema, 'TeamMember'],
  [ZApplicationStatusSchema, 'KanyadanApplicationStatus'],
  [ZDecisionResponseSchema, 'KanyadanDecision'],
]);

const pascalCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The document's named schemas (components.schemas): a body's schema is referenced by name, and a
 * shared schema nested in another is referenced there too, so a client generator makes one type of
 * each. Answers are described as the server writes them (zod's output), requests as it reads them.
 */
function createComponents() {
  const registries = { output: z.registry<{ id: string }>(), input: z.registry<{ id: string }>() };
  for (const [type, id] of SHARED_COMPONENTS) registries.output.add(type, { id });
  return {
    ref(type: ZodType, io: 'input' | 'output', name: string) {
      const registry = registries[io];
      if (!registry.has(type)) registry.add(type, { id: name });
      return { $ref: `#/components/schemas/${registry.get(type)!.id}` };
    },
    schemas(): Record<string, unknown> {
      const documents = (['output', 'input'] as const).map(
        (io) => z.toJSONSchema(registries[io], { io, unrepresentable: 'any', target: 'openapi-3.0', uri: (id) => `#/components/schemas/${id}` }).schemas,
      );
      const all: Record<string, Record<string, unknown>> = {};
      for (const [id, json] of documents.flatMap((document) => Object.entries(document))) {
        if (all[id]) throw new Error(`OpenAPI: two schemas named ${id}`);
        // OpenAPI 3.0 has no $id: a component is named by its key.
        const { $id: _id, ...rest } = json as Record<string, unknown>;
        withNullInNullableEnums(rest);
        all[id] = rest;
      }
      return all;
    },
  };
}

/** Each property of an object schema as an optional or required query parameter. */
function queryParameters(query: ZodType | undefined) {
  if (!query) return [];
  const json = schema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: property }));
}

/** A multipart form: the file field, plus the text fields of `fields` (which may also come as `asJson`, a JSON body). */
function multipartContent(fileField: string, isFileOptional: boolean, fields: ZodType | undefined, asJson: unknown) {
  const json = fields ? (schema(fields, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : {};
  const form = {
    type: 'object',
    required: [...(isFileOptional ? [] : [fileField]), ...(json.required ?? [])],
    properties: { ...json.properties, [fileField]: { type: 'string', format: 'binary' } },
  };
  return { 'multipart/form-data': { schema: form }, ...(fields ? { 'application/json': { schema: asJson } } : {}) };
}

/** A multipart form of several files and the text fields of `fields`. */
function multipartFormContent(files: readonly { name: string; required: boolean }[], fields: ZodType | undefined) {
  const json = fields ? (schema(fields, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : {};
  const form = {
    type: 'object',
    required: [...files.filter((file) => file.required).map((file) => file.name), ...(json.required ?? [])],
    properties: { ...json.properties, ...Object.fromEntries(files.map((file) => [file.name, { type: 'string', format: 'binary' }])) },
  };
  return { 'multipart/form-data': { schema: form } };
}

/**
 * A stable name for an operation, for generated clients: the method and the path's words in camel
 * case, parameters as "By" + name (GET /api/users/{id} → getUsersById).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    // A parameter may carry a suffix ("{bundleId}.pdf"): the suffix stays as written.
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
      return parameter ? ['by', `${parameter[1]}${parameter[2]}`] : segment.split(/[-_]/);
    });
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const isStateChanging = (endpoint: Endpoint) => endpoint.method !== 'get';
const CSRF_REFUSAL = 'or a request riding on the session cookie without the header X-Sahay-CSRF: 1 or an Origin of this site (CSRF)';

/**
 * The error answers an operation can give: its own, and for every POST and PUT the two the whole API
 * gives — 413 above the body limit, and 403 for a cookie without the CSRF header (see session-middleware).
 */
function errorsOf(endpoint: Endpoint): number[] {
  const errors = new Set(endpoint.errors);
  if (isStateChanging(endpoint)) {
    errors.add(413);
    if (!endpoint.isSessionless) errors.add(403);
  }
  return [...errors].sort((a, b) => a - b);
}

const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };

export function buildOpenApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = createComponents();
  const error = { 'application/json': { schema: components.ref(ZErrorSchema, 'output', 'Error') } };
  for (const endpoint of REST_ENDPOINTS) {
    const operationId = operationIdOf(endpoint.method, endpoint.path);
    const success = endpoint.produces
      ? Object.fromEntries([endpoint.produces].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
      : endpoint.response
        ? { 'application/json': { schema: components.ref(endpoint.response, 'output', `${pascalCase(operationId)}Response`) } }
        : undefined;
    const responses: Record<string, unknown> = {
      [endpoint.status]: success ? { description: 'OK', content: success } : { description: 'No content' },
      500: { description: 'Something went wrong', content: error },
    };
    for (const status of errorsOf(endpoint)) {
      responses[status] = {
        description: status === 403 && isStateChanging(endpoint) && !endpoint.isSessionless ? `${ERROR_TEXT[403]}; ${CSRF_REFUSAL}` : ERROR_TEXT[status],
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER_HEADER } : {}),
        content: error,
      };
    }
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method]: {
        operationId,
        summary: endpoint.summary,
        security: endpoint.auth === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
        parameters: [
          ...[...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
          ...queryParameters(endpoint.query),
        ],
        requestBody: endpoint.formFiles
          ? { required: true, content: multipartFormContent(endpoint.formFiles, endpoint.request) }
          : endpoint.fileField
          ? {
              required: true,
              content: multipartContent(endpoint.fileField, endpoint.isFileOptional === true, endpoint.request, endpoint.request && components.ref(endpoint.request, 'input', `${pascalCase(operationId)}Request`)),
            }
          : endpoint.request
            ? { required: true, content: { 'application/json': { schema: components.ref(endpoint.request, 'input', `${pascalCase(operationId)}Request`) } } }
            : undefined,
        responses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Sahay REST API',
      version: '1.0.0',
      description:
        'REST adapters for other clients. Errors: {message, requestId, fieldErrors?}; unknown fields in a body or query are refused (400, named in fieldErrors). ' +
        'A 429 (and a 503 when busy) says in Retry-After how many seconds to wait. CORS: same origin only — the API sends no Access-Control-Allow-* headers, ' +
        'so a page on another site cannot call it from a browser; other clients (apps, servers, scripts) call it directly with a bearer token.',
    },
    servers: [{ url: publicUrl }],
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/users/login' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'sahay_session' },
      },
    },
    paths,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable page for people; machines take /api/docs/openapi.json. No scripts, so the CSP stays strict. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml((operation as { summary: string }).summary)}</td></tr>`,
      ),
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sahay REST API</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}</style></head>
<body><main><h1>Sahay REST API</h1><p>OpenAPI 3 document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/users/login</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
}
