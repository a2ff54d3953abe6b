import { countMembers, getUserNames } from '#server/modules/identity/identity.api';
import { getSettings, missingSetup, recentMoneySettingChanges } from '#server/modules/site/site.api';
import { adminProcedure } from '#server/trpc/procedures';
import { MONEY_CHANGE_NOTICE_DAYS, ZAdminDashboardResponseSchema } from './get-dashboard.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const getDashboardRoute = adminProcedure(null)
  .output(ZAdminDashboardResponseSchema)
  .query(async ({ ctx }) => {
    const since = new Date(ctx.services.now().getTime() - MONEY_CHANGE_NOTICE_DAYS * DAY_MS);
    const [memberCount, { settings }, moneyChanges] = await Promise.all([
      countMembers(ctx.services.db),
      getSettings(ctx.services.db),
      recentMoneySettingChanges(ctx.services.db, since),
    ]);
    const names = await getUserNames(ctx.services.db, [...new Set(moneyChanges.map((change) => change.actor))]);
    return {
      memberCount,
      setupMissing: missingSetup(settings),
      moneySettingsChanges: moneyChanges.map((change) => ({ at: change.at, by: { id: change.actor, name: names.get(change.actor) ?? null }, fields: change.fields })),
    };
  });
