import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError } from '#server/errors/app-error';
import { ZEraseApplicationRequestSchema } from '#server/modules/kanyadan/kanyadan-routes.schema';
import { eraseApplication } from '#server/modules/kanyadan/kanyadan.api';
import { runToolCommand } from './open-services.ts';

/**
 * `npm run kanyadan:erase -- <registration number> --reason "<why>"`: erases a Kanyadan
 * application's personal data and documents for good, from the server's own machine (the console's
 * "Erase personal data" does the same for an admin with the verification permission). Recorded as
 * PersonalDataErased with the reason, the actor being this tool; the number and the decisions stay.
 */
const USAGE = 'Usage: npm run kanyadan:erase -- <registration number> --reason "<why, without personal data>"';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const args = ZEraseApplicationRequestSchema.safeParse({
    regNo: parsed.positionals.length === 1 ? parsed.positionals[0] : undefined,
    reason: parsed.values.reason,
  });
  if (!args.success) {
    const lines = z.flattenError(args.error).fieldErrors as Record<string, string[]>;
    console.error(`${Object.entries(lines).map(([field, messages]) => `${field === 'regNo' ? 'registration number' : `--${field}`}: ${messages.join('; ')}`).join('\n')}\n${USAGE}`);
    return 2;
  }
  return runToolCommand('kanyadan:erase', async (services) => {
    try {
      const result = await eraseApplication(services, args.data, { actor: 'tool:kanyadan-erase', correlationId: crypto.randomUUID() });
      console.log(
        result.isErasedNow
          ? `The personal data of application ${result.regNo} is erased: its key is destroyed, its documents deleted and its records scrubbed.`
          : `The personal data of application ${result.regNo} was already erased; nothing changed.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        console.error(`No application has the registration number ${args.data.regNo}.`);
        return 1;
      }
      throw error;
    }
  });
}

process.exitCode = await main();
