/**
 * A module loaded when first needed, e.g. a form's zod schema (zod is the heaviest thing a public
 * page would otherwise download before anyone has typed). `load()` resolves to undefined when it
 * cannot be fetched (offline): the form then sends as is, and the server checks everything.
 */
export function lazyModule<M>(load: () => Promise<M>): { load(): Promise<M | undefined> } {
  let pending: Promise<M> | undefined;
  return {
    load() {
      if (!pending) {
        pending = load();
        pending.catch(() => (pending = undefined));
      }
      return pending.catch(() => undefined);
    },
  };
}
