import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `node <args>` in the repository; resolves with the exit code and the output (stdout and stderr). */
export function runNode(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (text: Buffer) => (output += text));
    child.stderr.on('data', (text: Buffer) => (output += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
