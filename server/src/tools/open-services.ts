import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/pglite';
import { createLogger } from '#server/lib/logger';
import { createServices, type Services } from '#server/services';

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
