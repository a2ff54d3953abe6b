/**
 * Copies text: the Clipboard API where the page may use it (HTTPS, permission), else the old
 * select-and-copy on the given field, which still works on older Android WebViews.
 */
export async function copyText(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
