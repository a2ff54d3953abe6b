import { useEffect, type RefObject } from 'react';

/**
 * On a slow network people start typing before the page's code has arrived. The browser keeps
 * what they typed, but the form's state does not know it, and the next render would wipe it.
 * Once the form is live, this hands every filled text field's value to `adopt` (name → value).
 */
export function useAdoptEarlyInput(formRef: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Record<string, string> = {};
    for (const element of Array.from(form.elements)) {
      // A list (the state) whose first option is "Choose …": chosen early when another is selected.
      if (element instanceof HTMLSelectElement) {
        if (element.selectedIndex > 0) typed[element.name] = element.value;
        continue;
      }
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
      if (!element.name || element.readOnly || element.value === '' || element.value === element.defaultValue) continue;
      if (element instanceof HTMLInputElement && ['radio', 'checkbox', 'hidden', 'submit'].includes(element.type)) continue;
      typed[element.name] = element.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Once, when the form becomes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
