import { Router, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { handle, parseInput, requestMeta, requireUser } from '#server/http/rest';
import { getMemberEntry, MEMBER_NOT_FOUND } from '#server/modules/identity/identity.api';
import { ZUserIdSchema } from '#server/modules/identity/fields.schema';
import type { Services } from '#server/services';
import { listHeldEpins, listTransfers, transferEpins } from './epin-transfers.ts';
import { ZTransferEpinsRequestSchema } from './epins.schema.ts';
import { resolveOwner } from './owner.ts';
import { registerMember } from './register.ts';
import { ZRegisterRestRequestSchema } from './register.schema.ts';
import { getDirectJoinees, getLevelMembers, getTeamLevels, getTeamSummary } from './team.ts';
import { ZLevelQuerySchema } from './team.schema.ts';

const ZIdParamSchema = z.object({ id: ZUserIdSchema });

/**
 * The member named in the path, if the caller may see them (own, or an admin with `members`); an ID
 * that names no account is a 404, not a page of zeros.
 */
async function owner(services: Services, res: Response, params: unknown): Promise<string> {
  const user = requireUser(res);
  const userId = resolveOwner(user, parseInput(ZIdParamSchema, params).id);
  if (userId !== user.userId && !(await getMemberEntry(services.db, userId))) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  return userId;
}

/** REST adapters of PRODUCT.md §12 for the team and invite-code transfers. */
export function communityRest(services: Services): Router {
  const rest = Router();

  rest.post(
    '/users/register',
    handle(async (req, res) => {
      const input = parseInput(ZRegisterRestRequestSchema, req.body);
      res.status(201).json(await registerMember(services, input, requestMeta(req, res)));
    }),
  );

  rest.get(
    '/users/team-summary/:id',
    handle(async (req, res) => {
      const summary = await getTeamSummary(services.db, await owner(services, res, req.params));
      res.json({ totalMembers: summary.teamSize, directMembers: summary.directJoinees, tier: summary.tier });
    }),
  );

  rest.get(
    '/users/downline/direct/:id',
    handle(async (req, res) => {
      const { active, nonActive } = await getDirectJoinees(services.db, await owner(services, res, req.params));
      const members = [...active, ...nonActive]
        .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))
        .map(({ userId, fullName, joinedAt, isActive }) => ({ userId, fullName, joinedAt, isActive }));
      res.json({ members });
    }),
  );

  rest.get(
    '/users/downline-levels/:id',
    handle(async (req, res) => {
      const userId = await owner(services, res, req.params);
      const query = parseInput(ZLevelQuerySchema, req.query);
      const levels = await getTeamLevels(services.db, userId);
      const page = query.level ? await getLevelMembers(services.db, userId, query.level, query.page) : null;
      res.json({
        levels: levels.map((level) => ({
          ...level,
          // Members come a page at a time, for the level asked with ?level=&page=.
          members: page && page.level === level.level ? page.members : [],
          ...(page && page.level === level.level ? { page: page.page, pageCount: page.pageCount } : {}),
        })),
      });
    }),
  );

  rest.get(
    '/epintransfer/user/:id',
    handle(async (req, res) => {
      res.json({ epins: await listHeldEpins(services.db, await owner(services, res, req.params), services.now()) });
    }),
  );

  rest.get(
    '/epintransfer/transfer-history/:id',
    handle(async (req, res) => {
      res.json({ transfers: await listTransfers(services.db, await owner(services, res, req.params)) });
    }),
  );

  rest.post(
    '/epintransfer/transfer',
    handle(async (req, res) => {
      const user = requireUser(res);
      const input = parseInput(ZTransferEpinsRequestSchema, req.body);
      res.status(201).json(await transferEpins(services, user.userId, input.toUserId, input.count, requestMeta(req, res)));
    }),
  );

  return rest;
}
