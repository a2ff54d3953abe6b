import { useT } from '#web/i18n/i18n.tsx';
import type { PasswordToggleTexts } from '#web/ui/form/password-field.tsx';

/** The Show/Hide button's words for a PasswordField, in the page's language (the 'identity' texts). */
export function usePasswordToggle(): PasswordToggleTexts {
  const t = useT();
  return { show: t('passwordToggle.show'), hide: t('passwordToggle.hide'), showLabel: t('passwordToggle.showLabel'), hideLabel: t('passwordToggle.hideLabel') };
}
