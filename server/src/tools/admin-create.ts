import crypto from 'node:crypto';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/pglite';
import { AppError } from '#server/errors/app-error';
import { createLogger } from '#server/lib/logger';
import { createAccount } from '#server/modules/identity/identity.api';
import { ZEmailSchema, ZPasswordSchema, requiredText } from '#server/modules/identity/fields.schema';
import { PERMISSIONS } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';

const USAGE =
  'Usage: npm run admin:create -- --email <e-mail> --name <full name> [--phone <mobile>] [--permissions <list>]\n' +
  `--permissions: comma-separated, of ${PERMISSIONS.join(', ')}; all of them (the default) make a super-admin, fewer a staff admin.\n` +
  'The password comes from SAHAY_ADMIN_PASSWORD, or a prompt when it is unset and a terminal is attached.';

const ZPermissionListSchema = z
  .string()
  .transform((text) => text.split(',').map((permission) => permission.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(PERMISSIONS, { error: (issue) => `unknown permission "${String(issue.input)}" (known: ${PERMISSIONS.join(', ')})` }))
      .min(1, 'name at least one permission')
      .refine((permissions) => new Set(permissions).size === permissions.length, 'a permission is named twice'),
  );

const ZArgsSchema = z.strictObject({
  email: ZEmailSchema,
  name: requiredText('Name', 2, 100),
  phone: z.string().regex(/^[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number').default('9000000000'),
  permissions: ZPermissionListSchema.optional(),
});

async function readPassword(): Promise<string> {
  const fromEnv = process.env.SAHAY_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('Set SAHAY_ADMIN_PASSWORD (no terminal is attached to ask for it).');
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question('Password for the new admin: ');
  } finally {
    prompt.close();
  }
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' }, permissions: { type: 'string' } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const args = ZArgsSchema.safeParse(values);
  if (!args.success) fail(`${args.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n${USAGE}`, 2);
  const password = ZPasswordSchema.safeParse(await readPassword().catch((error: Error) => fail(error.message, 2)));
  if (!password.success) fail(`Password: ${password.error.issues[0]?.message}`, 2);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = createLogger({ LOG_LEVEL: 'warn' }, 'admin-create');
  let services;
  try {
    services = await createServices({ config, log, owner: 'admin:create', runsJobs: false });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  // In the order PERMISSIONS lists them, whatever order they were typed in.
  const permissions = PERMISSIONS.filter((permission) => (args.data.permissions ?? PERMISSIONS).includes(permission));
  const isSuperAdmin = permissions.length === PERMISSIONS.length;
  try {
    const userId = await createAccount(
      services,
      {
        role: 'admin',
        permissions,
        password: password.data,
        fullName: args.data.name,
        email: args.data.email,
        phone: args.data.phone,
        address: '-',
        city: '-',
        state: '-',
      },
      { actor: 'system', correlationId: crypto.randomUUID() },
    );
    console.log(
      isSuperAdmin
        ? `Created super-admin ${args.data.name} <${args.data.email}> with every permission (${PERMISSIONS.join(', ')}).`
        : `Created staff admin ${args.data.name} <${args.data.email}> with the permissions ${permissions.join(', ')}.`,
    );
    // The last line is the ID alone, for scripts.
    console.log(userId);
  } catch (error) {
    if (error instanceof AppError) fail(error.userMessage);
    throw error;
  } finally {
    await services.close();
  }
}

await main();
