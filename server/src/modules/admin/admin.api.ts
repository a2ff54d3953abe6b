/** What the benchmarks (bench/admin) may use of the admin module: the dashboard's queues and charts, and a record's audit history. */
export { listQueues } from './dashboard/queues.ts';
export { getCharts } from './dashboard/charts.ts';
export { auditHistoryOf } from './audit/audit.ts';
