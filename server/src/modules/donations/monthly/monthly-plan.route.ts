import { metaOf } from '#server/trpc/context';
import { adminProcedure, publicProcedure } from '#server/trpc/procedures';
import {
  ZGetMonthlyPlanRequestSchema,
  ZManageMonthlyPlanRequestSchema,
  ZMonthlyPlansListRequestSchema,
  ZMonthlyPlansListResponseSchema,
  ZMonthlyPlanViewSchema,
  ZStartMonthlyPlanRequestSchema,
  ZStartMonthlyPlanResponseSchema,
} from './monthly-plan.schema.ts';
import { getMonthlyPlan, manageMonthlyPlan, startMonthlyPlan } from './monthly-plans.ts';
import { listMonthlyPlans } from './monthly-plans-list.ts';

/** `donations.monthly.start` (public): a monthly plan; the manage link goes to the donor's e-mail or phone. */
export const startMonthlyPlanRoute = publicProcedure
  .input(ZStartMonthlyPlanRequestSchema)
  .output(ZStartMonthlyPlanResponseSchema)
  .mutation(({ ctx, input }) => startMonthlyPlan(ctx.services, input, metaOf(ctx)));

/** `donations.monthly.get` (public, by the signed link): that plan only, nothing about its donor. */
export const getMonthlyPlanRoute = publicProcedure
  .input(ZGetMonthlyPlanRequestSchema)
  .output(ZMonthlyPlanViewSchema)
  .query(({ ctx, input }) => getMonthlyPlan(ctx.services, input));

/** `donations.monthly.manage` (public, by the signed link): pause, resume, change the amount or day, stop. */
export const manageMonthlyPlanRoute = publicProcedure
  .input(ZManageMonthlyPlanRequestSchema)
  .output(ZMonthlyPlanViewSchema)
  .mutation(({ ctx, input }) => manageMonthlyPlan(ctx.services, input, metaOf(ctx)));

/** `donations.admin.monthlyPlans` (finance): plans by state, halted subscriptions first. IDs and amounts only. */
export const monthlyPlansRoute = adminProcedure('finance')
  .input(ZMonthlyPlansListRequestSchema)
  .output(ZMonthlyPlansListResponseSchema)
  .query(({ ctx, input }) => listMonthlyPlans(ctx.services, input ?? {}));
