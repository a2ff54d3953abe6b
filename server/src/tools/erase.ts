import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZEraseContactRequestSchema, ZErasePersonRequestSchema } from '#server/modules/identity/erasure/erase-person.schema';
import { eraseContact, erasePerson } from '#server/modules/identity/identity.api';
import { runToolCommand } from './open-services.ts';

/**
 * `npm run erase -- <user ID> --reason "<why>"`: erases a person's personal data for good, everywhere
 * (issue 29), from the server's own machine (the console's "Erase personal data" does the same for an
 * admin with the members permission). `npm run erase -- --contact <e-mail or phone> --reason "<why>"`
 * erases a donor who never had an account, by the contact they gave. Recorded as PersonErased (and
 * PersonalDataErased on every record) with the reason, the actor being this tool.
 */
const USAGE = 'Usage: npm run erase -- <user ID> --reason "<why, without personal data>"\n       npm run erase -- --contact <e-mail or phone> --reason "<why, without personal data>"';

function describeErased(erased: Record<string, number>, kept: readonly { reference: string; keptUntil: string; why: string }[]): string {
  const counts = Object.entries(erased).filter(([, count]) => count > 0).map(([kind, count]) => `${kind}: ${count}`);
  const lines = [`Erased: ${counts.length > 0 ? counts.join(', ') : 'nothing else'}.`];
  for (const record of kept) lines.push(`Kept until ${record.keptUntil}: ${record.reference} (${record.why}).`);
  return lines.join('\n');
}

function printFieldErrors(error: z.ZodError): void {
  const lines = z.flattenError(error).fieldErrors as Record<string, string[]>;
  console.error(`${Object.entries(lines).map(([field, messages]) => `${field === 'userId' ? 'user ID' : `--${field}`}: ${messages.join('; ')}`).join('\n')}\n${USAGE}`);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { reason: { type: 'string' }, contact: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.contact !== undefined) {
    if (parsed.positionals.length > 0) {
      console.error(`Give either a user ID or --contact, not both.\n${USAGE}`);
      return 2;
    }
    const contactArgs = ZEraseContactRequestSchema.safeParse({ contact: parsed.values.contact, reason: parsed.values.reason });
    if (!contactArgs.success) {
      printFieldErrors(contactArgs.error);
      return 2;
    }
    return runToolCommand('erase', async (services) => {
      const result = await eraseContact(services, contactArgs.data, { actor: 'tool:erase', correlationId: crypto.randomUUID() });
      console.log(
        result.isErasedNow
          ? `The personal data given with this contact is erased.\n${describeErased(result.erased, result.kept)}`
          : 'Nothing given with this contact is left to erase; nothing changed.',
      );
      return 0;
    });
  }
  const args = ZErasePersonRequestSchema.safeParse({
    userId: parsed.positionals.length === 1 ? parsed.positionals[0]!.toUpperCase() : undefined,
    reason: parsed.values.reason,
  });
  if (!args.success) {
    printFieldErrors(args.error);
    return 2;
  }
  return runToolCommand('erase', async (services) => {
    const result = await erasePerson(services, { ...args.data, by: null }, { actor: 'tool:erase', correlationId: crypto.randomUUID() });
    console.log(
      result.isErasedNow
        ? `The personal data of ${result.userId} is erased: their key is destroyed and their records scrubbed.\n${describeErased(result.erased, result.kept)}`
        : `The personal data of ${result.userId} was already erased (${result.erasedAt}); nothing changed.`,
    );
    return 0;
  });
}

process.exitCode = await main();
