/**
 * Registration settings (PRODUCT.md §5, §10). The settings feature (a later issue) makes these
 * editable as events; until then the product's defaults apply: invite only, IDs prefixed "SH".
 */
export function registrationSettings(): { isInviteOnly: boolean; userIdPrefix: string } {
  return { isInviteOnly: true, userIdPrefix: 'SH' };
}
