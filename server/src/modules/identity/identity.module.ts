import type { SahayModule } from '#server/modules/module';
import { sendConfirmationEmailJob } from './email-confirmation.ts';
import { identityEventSchemas } from './identity.events.ts';
import { identityRest } from './identity.rest.ts';
import { memberProfilesProjection } from './member-profiles.projection.ts';
import { sendPasswordResetCodeJob } from './password-reset.ts';
import { eraseQrCodeFilesJob, processQrCodeJob } from './qr-code.ts';
import { usersProjection } from './users.projection.ts';

export const identityModule: SahayModule = {
  name: 'identity',
  inlineProjections: [usersProjection, memberProfilesProjection],
  eventSchemas: identityEventSchemas,
  jobs: [sendConfirmationEmailJob, sendPasswordResetCodeJob, processQrCodeJob, eraseQrCodeFilesJob],
  rest: identityRest,
};
