import type { SahayModule } from '#server/modules/module';
import { adminRest } from './admin.rest.ts';

export const adminModule: SahayModule = { name: 'admin', rest: adminRest };
