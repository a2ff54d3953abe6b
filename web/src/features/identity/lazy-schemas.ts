import { lazyModule } from '#web/lib/lazy-module.ts';

/**
 * The shared schemas of the sign-in and registration forms, loaded once the person starts on a
 * form: zod stays out of what these public pages download first (their byte budget).
 */
export const loginSchema = lazyModule(() => import('@sahay/server/modules/identity/accounts/login.schema'));
export const registerSchema = lazyModule(() => import('@sahay/server/modules/community/registration/register.schema'));
export const passwordResetSchema = lazyModule(() => import('@sahay/server/modules/identity/passwords/password-reset.schema'));
