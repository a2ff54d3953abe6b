import { adminProcedure } from '#server/trpc/procedures';
import { ZPreviewContentRequestSchema, ZPreviewContentResponseSchema } from './content.schema.ts';
import { fillPlaceholders, renderMarkdown } from './markdown.ts';
import { getSettings } from '../settings/settings.ts';

export const previewContentRoute = adminProcedure('content')
  .input(ZPreviewContentRequestSchema)
  .output(ZPreviewContentResponseSchema)
  .mutation(async ({ ctx, input }) => {
    // As the saved page will show it: placeholders filled from the settings in force now.
    const { settings } = await getSettings(ctx.services.db);
    return { html: renderMarkdown(fillPlaceholders(input.markdown, settings, input.lang)) };
  });
