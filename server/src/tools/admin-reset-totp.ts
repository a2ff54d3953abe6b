import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { ZChangeMemberStatusRequestSchema } from '#server/modules/admin/members/members.schema';
import { resetTotpByAdmin } from '#server/modules/identity/identity.api';
import { runToolCommand } from './open-services.ts';

/**
 * `npm run admin:reset-totp -- <user ID> --reason "<why>"`: turns off an admin's two-factor
 * sign-in from the server's own machine — for the one case the console cannot handle, the only
 * admin with the members permission losing the phone. Recorded like a reset in the console
 * (AdminTotpDisabled, by admin, with the reason), the actor being this tool.
 */
const USAGE = 'Usage: npm run admin:reset-totp -- <user ID> --reason "<why>"';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const args = ZChangeMemberStatusRequestSchema.safeParse({ userId: parsed.positionals.length === 1 ? parsed.positionals[0]!.toUpperCase() : undefined, reason: parsed.values.reason });
  if (!args.success) {
    console.error(`${args.error.issues.map((issue) => `${issue.path.join('.') === 'userId' ? 'user ID' : `--${issue.path.join('.')}`}: ${issue.message}`).join('\n')}\n${USAGE}`);
    return 2;
  }
  return runToolCommand('admin:reset-totp', async (services) => {
    await resetTotpByAdmin(services, args.data.userId, args.data.reason, { actor: 'tool:admin:reset-totp', correlationId: crypto.randomUUID() }, null);
    console.log(`Two-factor sign-in is off for ${args.data.userId}: it signs in with its password until it is set up again.`);
    return 0;
  });
}

process.exitCode = await main();
