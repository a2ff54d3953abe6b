import { ConfigError, loadConfig, type Config } from '#server/config';
import { DataDirLockedError } from '#server/db/pglite';
import { AppError } from '#server/errors/app-error';
import { createLogger } from '#server/lib/logger';
import { createServices } from '#server/create-services';
import type { Services } from '#server/services';

/** The configuration for a tool that opens no services itself; a wrong one is printed plainly and gives null. */
export function loadToolConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

/**
 * Services for a command-line tool: no jobs run, nothing is relayed. A wrong configuration, or the
 * embedded database held by the running server, is printed plainly and gives exit code 1.
 */
export async function openToolServices(owner: string): Promise<Services | { exitCode: number }> {
  try {
    const config = loadConfig();
    return await createServices({ config, log: createLogger(config, owner), owner, runsJobs: false });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      return { exitCode: 1 };
    }
    throw error;
  }
}

/**
 * Runs a tool's command on its own services and closes them: the exit code it returns, or 1 with
 * the person's message printed when the command refuses (an AppError), or when the services cannot
 * open. Anything else is a crash and is thrown.
 */
export async function runToolCommand(owner: string, command: (services: Services) => Promise<number>): Promise<number> {
  const services = await openToolServices(owner);
  if ('exitCode' in services) return services.exitCode;
  try {
    return await command(services);
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.userMessage);
      return 1;
    }
    throw error;
  } finally {
    await services.close();
  }
}
