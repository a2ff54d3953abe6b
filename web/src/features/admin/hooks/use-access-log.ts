import type { TAccessLogRequest } from '@sahay/server/modules/admin/access-log/access-log.schema';
import { trpc } from '#web/api/trpc.ts';

/** admin.accessLog.list: recorded looks at personal data, newest first, filtered. */
export function useAccessLog(filter: TAccessLogRequest) {
  return trpc.admin.accessLog.list.useQuery(filter, { retry: false, placeholderData: (previous) => previous });
}
