import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { defineRestRoute } from '#server/http/rest-route';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';
import { getMemberEntry, MEMBER_NOT_FOUND, type SessionUser } from '#server/modules/identity/identity.api';
import type { RestRoute, Services } from '#server/services';
import { listHeldEpins, listTransfers, transferEpins } from '../epins/epin-transfers.ts';
import { ZEpinListResponseSchema, ZEpinTransferHistorySchema, ZTransferEpinsRequestSchema, ZTransferEpinsResponseSchema } from '../epins/epins.schema.ts';
import { OWN_RECORDS_ONLY } from '../owner.ts';
import { registerMember } from '../registration/register.ts';
import { ZRegisterResponseSchema, ZRegisterRestRequestSchema } from '../registration/register.schema.ts';
import { getDirectJoinees, getLevelMembers, getTeamLevels, getTeamSummary } from './team.ts';
import { ZLevelQuerySchema, ZTeamMemberSchema, ZTeamSummarySchema } from './team.schema.ts';

const ZIdParamSchema = z.object({ id: ZUserIdSchema });

/**
 * The member named in the path (the route's policy let the caller in: their own, or an admin with
 * `members`); an ID that names no account is a 404, not a page of zeros.
 */
async function memberOf(services: Services, user: SessionUser, id: string): Promise<string> {
  if (id !== user.userId && !(await getMemberEntry(services.db, id))) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  return id;
}

// The answers as the original site's clients read them.
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

/** REST adapters of PRODUCT.md §12 for the team and invite-code transfers. */
export const communityRest: readonly RestRoute[] = [
  defineRestRoute({
    method: 'post',
    path: '/api/users/register',
    summary: 'Register a member with an invite code. `state` is one of India’s states and union territories (its key, such as madhya-pradesh, or its English name) and `pinCode` the 6-digit postal PIN code (optional here, as it was not in the original payload; checked when given); an empty field is a 400 saying “Please enter …” beside it',
    auth: 'public',
    request: ZRegisterRestRequestSchema,
    response: ZRegisterResponseSchema,
    status: 201,
    errors: [400, 409, 413, 429],
    handler: async ({ res, services, meta, body }) => {
      const input = body();
      res.status(201).json(await registerMember(services, input, meta));
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/team-summary/{id}',
    params: ZIdParamSchema,
    summary: 'Team size within the 20 levels, direct joinees and recognition tier: your own, or any for admins with members',
    auth: { ownerOr: 'members' },
    response: ZRestTeamSummarySchema,
    status: 200,
    notYours: OWN_RECORDS_ONLY,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      const summary = await getTeamSummary(services.db, await memberOf(services, user, params().id));
      res.json({ totalMembers: summary.teamSize, directMembers: summary.directJoinees, tier: summary.tier });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/downline/direct/{id}',
    params: ZIdParamSchema,
    summary: 'Direct joinees, with whether each is active (e-mail confirmed, not suspended)',
    auth: { ownerOr: 'members' },
    response: ZRestDirectSchema,
    status: 200,
    notYours: OWN_RECORDS_ONLY,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      const { active, nonActive } = await getDirectJoinees(services.db, await memberOf(services, user, params().id));
      const members = [...active, ...nonActive]
        .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))
        .map(({ userId, fullName, joinedAt, isActive }) => ({ userId, fullName, joinedAt, isActive }));
      res.json({ members });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/users/downline-levels/{id}',
    params: ZIdParamSchema,
    summary: 'Counts of levels 1–20; the members of one level, 50 a page, with ?level=&page=',
    auth: { ownerOr: 'members' },
    query: ZLevelQuerySchema,
    response: ZRestLevelsSchema,
    status: 200,
    notYours: OWN_RECORDS_ONLY,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, query, params }) => {
      const userId = await memberOf(services, user, params().id);
      const asked = query();
      const levels = await getTeamLevels(services.db, userId);
      const page = asked.level ? await getLevelMembers(services.db, userId, asked.level, asked.page) : null;
      res.json({
        levels: levels.map((level) => ({
          ...level,
          // Members come a page at a time, for the level asked with ?level=&page=.
          members: page && page.level === level.level ? page.members : [],
          ...(page && page.level === level.level ? { page: page.page, pageCount: page.pageCount } : {}),
        })),
      });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/epintransfer/user/{id}',
    params: ZIdParamSchema,
    summary: 'Invite codes a member holds (own only; admins with members: any)',
    auth: { ownerOr: 'members' },
    response: ZEpinListResponseSchema,
    status: 200,
    notYours: OWN_RECORDS_ONLY,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      res.json({ epins: await listHeldEpins(services.db, await memberOf(services, user, params().id), services.now()) });
    },
  }),

  defineRestRoute({
    method: 'get',
    path: '/api/epintransfer/transfer-history/{id}',
    params: ZIdParamSchema,
    summary: 'Invite-code transfers sent and received',
    auth: { ownerOr: 'members' },
    response: ZEpinTransferHistorySchema,
    status: 200,
    notYours: OWN_RECORDS_ONLY,
    errors: [400, 401, 403, 404],
    handler: async ({ res, services, user, params }) => {
      res.json({ transfers: await listTransfers(services.db, await memberOf(services, user, params().id)) });
    },
  }),

  defineRestRoute({
    method: 'post',
    path: '/api/epintransfer/transfer',
    summary: 'Pass unused invite codes, oldest first, to another member',
    auth: 'signed-in',
    request: ZTransferEpinsRequestSchema,
    response: ZTransferEpinsResponseSchema,
    status: 201,
    errors: [400, 401, 404, 409, 413],
    handler: async ({ res, services, user, meta, body }) => {
      const input = body();
      res.status(201).json(await transferEpins(services, user.userId, input.toUserId, input.count, meta));
    },
  }),
];
