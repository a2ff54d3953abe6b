import { router } from '#server/trpc/procedures';
import { adminLoginRoute } from './accounts/admin-login.route.ts';
import { confirmEmailRoute } from './confirmation/confirm-email.route.ts';
import { getPublicCardRoute } from './accounts/get-public-card.route.ts';
import { loginRoute } from './accounts/login.route.ts';
import { logoutRoute } from './accounts/logout.route.ts';
import { meRoute } from './accounts/me.route.ts';
import { requestUserIdReminderRoute } from './passwords/request-user-id-reminder.route.ts';
import { resendConfirmationRoute } from './confirmation/resend-confirmation.route.ts';
import { changePasswordRoute } from './passwords/change-password.route.ts';
import { requestPasswordResetRoute } from './passwords/request-password-reset.route.ts';
import { resetPasswordRoute } from './passwords/reset-password.route.ts';
import { getProfileRoute } from './profile/get-profile.route.ts';
import { lookUpIfscRoute } from './profile/look-up-ifsc.route.ts';
import { removeIdPhotoRoute } from './profile/remove-id-photo.route.ts';
import { updateProfileRoute } from './profile/update-profile.route.ts';
import { acceptStaffInvitationRoute, getStaffInvitationRoute } from './staff/staff-invitation.routes.ts';
import { beginTotpSetupRoute } from './two-factor/begin-totp-setup.route.ts';
import { confirmTotpSetupRoute } from './two-factor/confirm-totp-setup.route.ts';
import { disableTotpRoute } from './two-factor/disable-totp.route.ts';
import { getTotpStatusRoute } from './two-factor/get-totp-status.route.ts';

export const identityRouter = router({
  login: loginRoute,
  adminLogin: adminLoginRoute,
  logout: logoutRoute,
  me: meRoute,
  getPublicCard: getPublicCardRoute,
  confirmEmail: confirmEmailRoute,
  resendConfirmation: resendConfirmationRoute,
  requestPasswordReset: requestPasswordResetRoute,
  requestUserIdReminder: requestUserIdReminderRoute,
  resetPassword: resetPasswordRoute,
  changePassword: changePasswordRoute,
  getProfile: getProfileRoute,
  updateProfile: updateProfileRoute,
  /** The photo on the member's own I-card is uploaded over REST (POST /api/users/profile-assets/:id/id-photo); removed here. */
  removeIdPhoto: removeIdPhotoRoute,
  /** The bank's name for an IFSC in the published list, as a payout form is filled in. */
  lookUpIfsc: lookUpIfscRoute,
  /** A staff invitation's one-time link: what it grants, then the password that opens the account. */
  staffInvitation: router({
    get: getStaffInvitationRoute,
    accept: acceptStaffInvitationRoute,
  }),
  /** The signed-in admin's own second factor (another admin's is reset through admin.members.resetTotp). */
  totp: router({
    status: getTotpStatusRoute,
    begin: beginTotpSetupRoute,
    confirm: confirmTotpSetupRoute,
    disable: disableTotpRoute,
  }),
});
