import { useEffect } from 'react';
import { isLeavingConfirmed, unsavedQuestions } from './leave-guard.ts';

/**
 * While `question` is not null, an in-app navigation and the browser's Back and Forward ask it
 * first (a confirm in the page's language), and closing or reloading the page asks the browser's
 * own question (beforeunload).
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
    // Back and Forward within the app: the Navigation API asks before the address changes (the
    // router never sees a move that was not agreed to); agreeing goes where the person was headed.
    // Browsers without it still ask through beforeunload when Back leaves the app's page.
    const navigation = (window as { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: TraverseEventLike) => {
      if (event.navigationType !== 'traverse' || !event.cancelable || !unsavedQuestions.has(key)) return;
      event.preventDefault();
      if (isLeavingConfirmed()) void navigation?.traverseTo(event.destination.key).finished.catch(() => undefined);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      unsavedQuestions.delete(key);
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [question]);
}

/** The parts of the Navigation API used here (not in every TypeScript DOM library yet). */
interface TraverseEventLike {
  navigationType: string;
  cancelable: boolean;
  destination: { key: string };
  preventDefault(): void;
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: TraverseEventLike) => void): void;
  removeEventListener(type: 'navigate', listener: (event: TraverseEventLike) => void): void;
  traverseTo(key: string): { finished: Promise<unknown> };
}
