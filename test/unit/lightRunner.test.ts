import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The test runner itself (test/helpers/lightRunner.mjs): every worker gets the run's data and its
 * files, whichever of them starts last. A project of six one-line files runs on three workers, the
 * second of which waits two seconds before it loads anything (a busy machine's slow start).
 */
const root = path.resolve(__dirname, '../..');
const HUNG_AFTER_MS = 40_000;

it('runs every file when one of three workers starts late', async () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'light-runner-'));
  try {
    for (let file = 1; file <= 6; file += 1) {
      fs.writeFileSync(path.join(project, `file${file}.test.mjs`), `test('file ${file}', () => { expect(${file}).toBe(${file}); });\n`);
    }
    fs.writeFileSync(path.join(project, 'jest.config.mjs'), `export default ${JSON.stringify({
      rootDir: project, runner: path.join(root, 'test/helpers/lightRunner.mjs'), testMatch: ['<rootDir>/*.test.mjs'] })};\n`);
    fs.writeFileSync(path.join(project, 'lateWorker.mjs'),
      "if (process.env.TINYPOOL_WORKER_ID === '2') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);\n");
    const jest = spawn(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', path.join(project, 'jest.config.mjs'),
      '--maxWorkers=3', '--json'], { cwd: root, env: { ...process.env, TINYPOOL_WORKER_ID: undefined, JEST_WORKER_ID: undefined,
        NODE_OPTIONS: `--import ${path.join(project, 'lateWorker.mjs')}` } });
    let output = '';
    jest.stdout.on('data', (chunk: Buffer) => { output += chunk; });
    // A worker left without its data waits for ever: past the limit the run counts as hung.
    const hung = setTimeout(() => jest.kill('SIGKILL'), HUNG_AFTER_MS);
    const [code] = await new Promise<[number | null]>((resolve) => jest.on('close', (exitCode) => resolve([exitCode])));
    clearTimeout(hung);
    expect(code).toBe(0);
    expect(JSON.parse(output)).toMatchObject({ numTotalTestSuites: 6, numPassedTests: 6 });
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}, 60_000);
