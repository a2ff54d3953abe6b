import type { SahayModule } from '#server/modules/module';
import { sendConfirmationEmailJob } from './email-confirmation.ts';
import { identityRest } from './identity.rest.ts';
import { usersProjection } from './users.projection.ts';

export const identityModule: SahayModule = {
  name: 'identity',
  inlineProjections: [usersProjection],
  jobs: [sendConfirmationEmailJob],
  rest: identityRest,
};
