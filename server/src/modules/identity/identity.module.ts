import type { SahayModule } from '#server/modules/module';
import { identityRest } from './identity.rest.ts';
import { usersProjection } from './users.projection.ts';

export const identityModule: SahayModule = {
  name: 'identity',
  inlineProjections: [usersProjection],
  rest: identityRest,
};
