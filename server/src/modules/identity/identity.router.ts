import { router } from '#server/trpc/procedures';
import { adminTotpRouter } from './admin-totp.route.ts';
import { changePasswordRoute } from './change-password.route.ts';
import { confirmEmailRoute, resendConfirmationRoute } from './confirm-email.route.ts';
import { getPublicCardRoute } from './get-public-card.route.ts';
import { getIdCardRoute, verifyCardRoute } from './id-card.route.ts';
import { adminLoginRoute, loginRoute } from './login.route.ts';
import { logoutRoute } from './logout.route.ts';
import { meRoute } from './me.route.ts';
import { requestPasswordResetRoute, resetPasswordRoute } from './password-reset.route.ts';
import { getProfileRoute, updateProfileRoute } from './profile.route.ts';
import { registerRoute } from './register.route.ts';

export const identityRouter = router({
  register: registerRoute,
  login: loginRoute,
  adminLogin: adminLoginRoute,
  logout: logoutRoute,
  me: meRoute,
  getPublicCard: getPublicCardRoute,
  confirmEmail: confirmEmailRoute,
  resendConfirmation: resendConfirmationRoute,
  requestPasswordReset: requestPasswordResetRoute,
  resetPassword: resetPasswordRoute,
  changePassword: changePasswordRoute,
  getProfile: getProfileRoute,
  updateProfile: updateProfileRoute,
  getIdCard: getIdCardRoute,
  verifyCard: verifyCardRoute,
  totp: adminTotpRouter,
});
