/** The fundraisers module's public face for the web renderer and the admin console. */
export { getPublicFundraiser } from './fundraiser-reads.ts';
export type { TPublicFundraiser } from './fundraisers.schema.ts';
export { closeEndedFundraisers } from './fundraiser-commands.ts';
