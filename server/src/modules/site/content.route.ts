import { adminProcedure, publicProcedure } from '#server/trpc/procedures';
import {
  ZContentHistoryResponseSchema,
  ZContentPageSchema,
  ZGetContentRequestSchema,
  ZGetContentVersionRequestSchema,
  ZPreviewContentRequestSchema,
  ZPreviewContentResponseSchema,
  ZRestoreContentRequestSchema,
  ZUpdateContentRequestSchema,
} from './content.schema.ts';
import { getContentHistory, getContentPage, getContentVersion, restoreContentVersion, updateContentPage } from './content.ts';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { getSettings } from './settings.ts';

export const getContentRoute = publicProcedure
  .input(ZGetContentRequestSchema)
  .output(ZContentPageSchema)
  .query(({ ctx, input }) => getContentPage(ctx.services.db, input.slug));

export const updateContentRoute = adminProcedure('content')
  .input(ZUpdateContentRequestSchema)
  .output(ZContentPageSchema)
  .mutation(({ ctx, input }) =>
    updateContentPage(ctx.services, input.slug, input.expectedVersion, input.data, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );

export const getContentHistoryRoute = adminProcedure('content')
  .input(ZGetContentRequestSchema)
  .output(ZContentHistoryResponseSchema)
  .query(async ({ ctx, input }) => ({ slug: input.slug, versions: await getContentHistory(ctx.services, input.slug) }));

export const getContentVersionRoute = adminProcedure('content')
  .input(ZGetContentVersionRequestSchema)
  .output(ZContentPageSchema)
  .query(({ ctx, input }) => getContentVersion(ctx.services, input.slug, input.version));

export const restoreContentRoute = adminProcedure('content')
  .input(ZRestoreContentRequestSchema)
  .output(ZContentPageSchema)
  .mutation(({ ctx, input }) =>
    restoreContentVersion(ctx.services, input.slug, input.version, input.expectedVersion, { actor: ctx.user.userId, correlationId: ctx.requestId, ip: ctx.ip }),
  );

export const previewContentRoute = adminProcedure('content')
  .input(ZPreviewContentRequestSchema)
  .output(ZPreviewContentResponseSchema)
  .mutation(async ({ ctx, input }) => {
    // As the saved page will show it: placeholders filled from the settings in force now.
    const { settings } = await getSettings(ctx.services.db);
    return { html: renderMarkdown(fillPlaceholders(input.markdown, settings, input.lang)) };
  });
