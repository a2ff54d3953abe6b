import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZErasePersonRequestSchema } from '#server/modules/identity/accounts/erase-person.schema';
import { erasePerson } from '#server/modules/identity/identity.api';
import { runToolCommand } from './open-services.ts';

/**
 * `npm run erase -- <user ID> --reason "<why>"`: erases a person's personal data for good, from the
 * server's own machine (the console's "Erase personal data" does the same for an admin with the
 * members permission). Recorded as PersonalDataErased with the reason, the actor being this tool.
 */
const USAGE = 'Usage: npm run erase -- <user ID> --reason "<why, without personal data>"';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const args = ZErasePersonRequestSchema.safeParse({
    userId: parsed.positionals.length === 1 ? parsed.positionals[0]!.toUpperCase() : undefined,
    reason: parsed.values.reason,
  });
  if (!args.success) {
    const lines = z.flattenError(args.error).fieldErrors as Record<string, string[]>;
    console.error(`${Object.entries(lines).map(([field, messages]) => `${field === 'userId' ? 'user ID' : `--${field}`}: ${messages.join('; ')}`).join('\n')}\n${USAGE}`);
    return 2;
  }
  return runToolCommand('erase', async (services) => {
    const result = await erasePerson(services, { ...args.data, by: null }, { actor: 'tool:erase', correlationId: crypto.randomUUID() });
    console.log(
      result.isErasedNow
        ? `The personal data of ${result.userId} is erased: their key is destroyed and their records scrubbed.`
        : `The personal data of ${result.userId} was already erased (${result.erasedAt}); nothing changed.`,
    );
    return 0;
  });
}

process.exitCode = await main();
