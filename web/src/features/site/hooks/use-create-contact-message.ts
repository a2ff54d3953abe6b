import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** site.contact.create: sends the contact form (the server drops it quietly if the honeypot is filled). */
export function useCreateContactMessage() {
  return useProcedureMutation('site.contact.create');
}
