import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@sahay/server/trpc/router';

/** Typed hooks for every procedure. Only feature hooks (features/<feature>/hooks/use-*.ts) use this. */
export const trpc = createTRPCReact<AppRouter>();
