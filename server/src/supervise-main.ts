/**
 * `npm start` runs this (bundled as server/dist/supervise.mjs): `node server/dist/supervise.mjs
 * [command args…]` keeps the command running; without one, `npm run --silent serve`. See supervise.ts.
 */
import { supervise } from './supervise.ts';

const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'run', '--silent', 'serve'];
const firstDelayMs = process.env.SAHAY_RESTART_FIRST_DELAY_MS ? Number(process.env.SAHAY_RESTART_FIRST_DELAY_MS) : undefined;
process.exitCode = await supervise({ command: command!, args, firstDelayMs });
