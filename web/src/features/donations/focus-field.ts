/** Focuses a form's field by name; a group of radio buttons by its checked or first button. */
export function focusField(form: HTMLFormElement, name: string): void {
  const found = form.elements.namedItem(name);
  if (found instanceof RadioNodeList) {
    const buttons = [...found] as HTMLInputElement[];
    (buttons.find((button) => button.checked) ?? buttons[0])?.focus();
  } else (found as HTMLElement | null)?.focus();
}
