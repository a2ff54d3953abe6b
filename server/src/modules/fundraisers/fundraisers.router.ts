import { router } from '#server/trpc/procedures';
import { approveFundraiserRoute } from './approve-fundraiser.route.ts';
import { closeFundraiserRoute } from './close-fundraiser.route.ts';
import { getFundraiserQueueRoute } from './get-fundraiser-queue.route.ts';
import { getFundraiserRoute } from './get-fundraiser.route.ts';
import { getMyFundraisersRoute } from './get-my-fundraisers.route.ts';
import { getStaffFundraiserRoute } from './get-staff-fundraiser.route.ts';
import { hideFundraiserMessageRoute } from './hide-fundraiser-message.route.ts';
import { rejectFundraiserRoute } from './reject-fundraiser.route.ts';

/**
 * Members' fundraisers (issue 33, decision 080). A member starts one through REST (a multipart form
 * with the photo, POST /api/fundraisers); the rest is here. The public sees approved ones only;
 * `verification` staff decide and moderate.
 */
export const fundraisersRouter = router({
  get: getFundraiserRoute,
  mine: getMyFundraisersRoute,
  close: closeFundraiserRoute,
  admin: router({
    getMany: getFundraiserQueueRoute,
    get: getStaffFundraiserRoute,
    approve: approveFundraiserRoute,
    reject: rejectFundraiserRoute,
    hideMessage: hideFundraiserMessageRoute,
  }),
});
