import type { SahayModule } from '#server/modules/module';
import { closeExpiredHelpRequestsJob } from './close-expired-requests.job.ts';
import { findHelpRequestOpenForGifts, helpErasurePart } from './help.api.ts';
import { earmarkDonationsJob } from './earmark-donations.job.ts';
import {
  DIRECT_GIFT_DECIDED_SCHEMA_VERSION,
  DISBURSEMENT_REJECTED_SCHEMA_VERSION,
  HELP_INFORMATION_REQUESTED_SCHEMA_VERSION,
  HELP_REQUEST_REJECTED_SCHEMA_VERSION,
  HELP_REQUESTED_SCHEMA_VERSION,
  HELP_UPDATE_POSTED_SCHEMA_VERSION,
  upcastHelpRequestedV1,
} from './help.events.ts';
import { helpProjection } from './help.projection.ts';
import { notifyHelpRequesterJob } from './notify-requester.job.ts';
import { helpRest } from './help.rest.ts';
import { resealHelpText } from './reseal-help-text.ts';

export const helpModule: SahayModule = {
  name: 'help',
  // The requester sees their request, and staff the queue, change at once (docs/decisions/015).
  inlineProjections: [helpProjection],
  eventSchemas: [
    { type: 'HelpRequested', currentVersion: HELP_REQUESTED_SCHEMA_VERSION, upcasters: { 1: upcastHelpRequestedV1 } },
    // Version 1's clear text is a valid version 2 text (sealed or not).
    { type: 'HelpUpdatePosted', currentVersion: HELP_UPDATE_POSTED_SCHEMA_VERSION, upcasters: { 1: (data) => data } },
    // Version 1's clear question is a valid version 2 question (sealed or not).
    { type: 'HelpInformationRequested', currentVersion: HELP_INFORMATION_REQUESTED_SCHEMA_VERSION, upcasters: { 1: (data) => data } },
    // Version 1's clear reasons are valid version 2 reasons (sealed or not).
    { type: 'HelpRequestRejected', currentVersion: HELP_REQUEST_REJECTED_SCHEMA_VERSION, upcasters: { 1: (data) => data } },
    { type: 'DisbursementRejected', currentVersion: DISBURSEMENT_REJECTED_SCHEMA_VERSION, upcasters: { 1: (data) => data } },
    { type: 'DirectGiftDecided', currentVersion: DIRECT_GIFT_DECIDED_SCHEMA_VERSION, upcasters: { 1: (data) => data } },
  ],
  rest: helpRest,
  jobs: [earmarkDonationsJob, notifyHelpRequesterJob],
  schedules: [closeExpiredHelpRequestsJob],
  erasure: helpErasurePart,
  // A donor may give for a published, open request (the pledge in donations asks here).
  giftTarget: { findOpen: findHelpRequestOpenForGifts },
  reseal: ({ tx, vault }) => resealHelpText(tx, vault),
};
