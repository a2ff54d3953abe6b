import { countMembers, getUserNames } from '#server/modules/identity/identity.api';
import { getSettings, missingSetup, recentMoneySettingChanges, validityWarnings } from '#server/modules/site/site.api';
import { hasAnyPermission } from '#server/shared/access';
import { adminProcedure } from '#server/trpc/procedures';
import { MONEY_CHANGE_NOTICE_DAYS, ZAdminDashboardResponseSchema } from './get-dashboard.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const getDashboardRoute = adminProcedure(null)
  .output(ZAdminDashboardResponseSchema)
  .query(async ({ ctx }) => {
    const since = new Date(ctx.services.now().getTime() - MONEY_CHANGE_NOTICE_DAYS * DAY_MS);
    // A renewal is finance's and the settings' staff's to see to.
    const seesValidity = hasAnyPermission(ctx.user, ['finance', 'settings']);
    const [memberCount, { settings }, moneyChanges, warnings] = await Promise.all([
      countMembers(ctx.services.db),
      getSettings(ctx.services.db),
      recentMoneySettingChanges(ctx.services.db, since),
      seesValidity ? validityWarnings(ctx.services.db, ctx.services.now()) : Promise.resolve([]),
    ]);
    const names = await getUserNames(ctx.services.db, [...new Set(moneyChanges.map((change) => change.actor))]);
    return {
      memberCount,
      setupMissing: missingSetup(settings),
      moneySettingsChanges: moneyChanges.map((change) => ({ at: change.at, by: { id: change.actor, name: names.get(change.actor) ?? null }, fields: change.fields })),
      validityWarnings: warnings,
    };
  });
