/**
 * What the platform may use of the transparency module: the public site's data (settings, content,
 * counters) and the transparency report. Everything else in this folder is internal.
 */
export { getPublicSiteData, getPublicTransparency, type PublicSiteData } from './public-data.ts';
export { ZTransparencyQuerySchema, type TTransparency } from './transparency.schema.ts';
export { getTransparency } from './transparency.ts';
