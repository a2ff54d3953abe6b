import type { SahayModule } from '#server/modules/module';
import { epinsProjection } from './epins.projection.ts';
import { epinsRest } from './epins.rest.ts';

export const communityModule: SahayModule = {
  name: 'community',
  inlineProjections: [epinsProjection],
  rest: epinsRest,
};
