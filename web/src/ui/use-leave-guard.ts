import { useEffect } from 'react';
import { unsavedQuestions } from './leave-guard.ts';

/**
 * While `question` is not null, an in-app navigation asks it first (a confirm in the page's
 * language), and closing or reloading the page asks the browser's own question (beforeunload).
 * Subscribing to the window is what an effect is for: the page's state is only read.
 */
export function useLeaveGuard(question: string | null): void {
  useEffect(() => {
    if (question === null) return;
    const key = Symbol('unsaved');
    unsavedQuestions.set(key, question);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsavedQuestions.has(key)) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set; none shows a page's own words any more.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsavedQuestions.delete(key);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [question]);
}
