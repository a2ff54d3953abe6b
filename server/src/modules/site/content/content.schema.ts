import { z } from 'zod';

export const CONTENT_SLUGS = ['about', 'mission', 'donor', 'plan', 'legals'] as const;
export const ZContentSlugSchema = z.enum(CONTENT_SLUGS, { error: 'Unknown page' });
export type TContentSlug = z.infer<typeof ZContentSlugSchema>;

export const MAX_CONTENT_BODY = 50_000;

const ZBilingualTitle = z.object({
  en: z.string().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  hi: z.string().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
});
const ZBilingualBody = z.object({
  en: z.string().trim().min(1, 'Text is required').max(MAX_CONTENT_BODY, `At most ${MAX_CONTENT_BODY} characters`),
  hi: z.string().trim().min(1, 'Text is required').max(MAX_CONTENT_BODY, `At most ${MAX_CONTENT_BODY} characters`),
});

/** A content page: Markdown in both languages. The web renders it safely (no raw HTML, no scripts). */
export const ZContentPageSchema = z.object({
  slug: ZContentSlugSchema,
  version: z.number().int().min(1),
  title: ZBilingualTitle,
  body: ZBilingualBody,
  /**
   * The body rendered by the server: Markdown with raw HTML escaped, only http(s), mailto, tel and
   * site-relative links, and the {{placeholders}} filled from settings. Safe to insert as HTML.
   */
  html: z.object({ en: z.string(), hi: z.string() }),
  updatedAt: z.string(),
  /** User ID of the admin who saved it, or "system" for the seed. */
  updatedBy: z.string(),
});
export type TContentPage = z.infer<typeof ZContentPageSchema>;

export const ZGetContentRequestSchema = z.strictObject({ slug: ZContentSlugSchema });

export const ZUpdateContentRequestSchema = z.strictObject({
  slug: ZContentSlugSchema,
  /** The version the editor was loaded at: another admin's save meanwhile is a conflict (409). */
  expectedVersion: z.number().int().min(1),
  /** Strict at every level; ZBilingualTitle and ZBilingualBody themselves also describe answers, so stay as they are. */
  data: z.strictObject({ title: ZBilingualTitle.strict(), body: ZBilingualBody.strict() }),
});
export type TUpdateContentRequest = z.input<typeof ZUpdateContentRequestSchema>;

export const ZContentHistoryEntrySchema = z.object({
  version: z.number().int(),
  title: ZBilingualTitle,
  updatedAt: z.string(),
  updatedBy: z.string(),
  restoredFromVersion: z.number().int().nullable(),
});
export const ZContentHistoryResponseSchema = z.object({ slug: ZContentSlugSchema, versions: z.array(ZContentHistoryEntrySchema) });
export type TContentHistoryResponse = z.infer<typeof ZContentHistoryResponseSchema>;

export const ZGetContentVersionRequestSchema = z.strictObject({ slug: ZContentSlugSchema, version: z.number().int().min(1) });

export const ZRestoreContentRequestSchema = z.strictObject({
  slug: ZContentSlugSchema,
  version: z.number().int().min(1),
  expectedVersion: z.number().int().min(1),
});

export const ZPreviewContentRequestSchema = z.strictObject({
  markdown: z.string().max(MAX_CONTENT_BODY, `At most ${MAX_CONTENT_BODY} characters`),
  /** Which language's settings fill the {{placeholders}} (the foundation's name, address…). */
  lang: z.enum(['en', 'hi']).default('en'),
});
export const ZPreviewContentResponseSchema = z.object({ html: z.string() });
