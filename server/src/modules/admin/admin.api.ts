/** What the benchmarks (bench/admin) may use of the admin module: the dashboard's queues and a record's audit history. */
export { listQueues } from './dashboard/queues.ts';
export { auditHistoryOf } from './audit/audit.ts';
