import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const helper = pathToFileURL(path.join(import.meta.dirname, 'closed-pipe.mjs')).href;
const dir = mkdtempSync(path.join(tmpdir(), 'closed-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `node script | head -1`, as a user types it: the script prints some lines, `head` takes
 * the first and exits, and the script's later lines find the pipe closed.
 */
function printIntoHead(useHelper: boolean): Promise<{ status: string; stderr: string }> {
  const script = path.join(dir, `print-${useHelper ? 'with' : 'without'}.mjs`);
  writeFileSync(
    script,
    `${useHelper ? `import { exitQuietlyOnClosedPipe } from ${JSON.stringify(helper)};\nexitQuietlyOnClosedPipe();\n` : ''}` +
      `process.exitCode = 3;\nfor (let i = 0; i < 20; i++) console.log('line ' + i);\n// a line every 50 ms until the closed pipe ends this process (5 s at most, however slow head is to exit)\nfor (let i = 20; i < 120; i++) {\n  await new Promise((r) => setTimeout(r, 50));\n  console.log('line ' + i);\n}\n`,
  );
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} | head -1; echo "\${PIPESTATUS[0]}" >&2`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', () => {
      const lines = stderr.trimEnd().split('\n');
      resolve({ status: lines.pop() ?? '', stderr: lines.join('\n') });
    });
  });
}

describe('exitQuietlyOnClosedPipe', () => {
  it('ends with the decided exit code and no EPIPE trace when the reader stops early', async () => {
    const { status, stderr } = await printIntoHead(true);
    expect(stderr).toBe('');
    expect(status).toBe('3');
  });

  it('is needed: without it Node prints the unhandled EPIPE', async () => {
    const { stderr } = await printIntoHead(false);
    expect(stderr).toContain('EPIPE');
  });
});
