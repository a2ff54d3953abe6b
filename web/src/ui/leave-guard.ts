/**
 * What a page holds unsaved, said as the question to ask before leaving it (issue 32: payout details
 * typed on the profile were lost without a word). A form says it while it holds changes
 * (use-leave-guard.ts); every in-app navigation asks first (app.tsx's aroundNav: links, the bottom
 * menu, navigate calls), and the browser asks its own question before the page is closed or reloaded.
 * Kept apart from the hook and as small as can be: every page's entry code carries it (/donate's
 * budget, docs/decisions/046).
 */
export const unsavedQuestions = new Map<symbol, string>();

/**
 * True when nothing is unsaved, or the person agreed to leave it; then nothing is asked again for
 * the navigation that follows (a sign-out asks before it signs out, and navigates after).
 */
export function isLeavingConfirmed(): boolean {
  const [question] = unsavedQuestions.values();
  if (question === undefined) return true;
  if (!window.confirm(question)) return false;
  unsavedQuestions.clear();
  return true;
}
