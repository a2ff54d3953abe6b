import { execFile } from 'node:child_process';

/** Runs a program (no shell) and answers its exit code and what it wrote to stderr; a missing program is an error naming it. */
export function runProgram(program: string, args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && ['ENOENT', 'EACCES'].includes(String((error as NodeJS.ErrnoException).code))) {
        reject(new Error(`${program} cannot run here (Debian: apt-get install ${program === 'tar' ? 'tar' : 'postgresql-client'})`));
      } else resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr: String(stderr) });
    });
  });
}
