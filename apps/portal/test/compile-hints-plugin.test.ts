import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileHints } from '../scripts/compile-hints-plugin.ts';

// A real Vite build of two small chunks: the named one starts with V8's hint, the other does not, and the hinted
// chunk's source map still points each generated line at its source line.
let dir: string;
let output: Rolldown.RolldownOutput;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compile-hints-'));
  await writeFile(join(dir, 'index.html'), '<script type="module" src="./main.js"></script>');
  await writeFile(
    join(dir, 'main.js'),
    [
      'export function greet(name) {',
      "  return 'Hello, ' + name;",
      '}',
      "document.title = greet('entry');",
      "import('./later.js').then((later) => later.run());",
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'later.js'), "export function run() {\n  document.title = 'later';\n}\n");
  output = (await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHints(['index'])],
    build: { write: false, sourcemap: true, minify: false, modulePreload: { polyfill: false } },
  })) as Rolldown.RolldownOutput;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const chunk = (name: string) => {
  const found = output.output.find((item) => item.type === 'chunk' && item.name === name);
  if (found?.type !== 'chunk') throw new Error(`no chunk ${name}`);
  return found;
};

const sourceMap = (fileName: string) => {
  const asset = output.output.find((item) => item.fileName === `${fileName}.map`);
  if (asset?.type !== 'asset') throw new Error(`no source map for ${fileName}`);
  return JSON.parse(String(asset.source)) as { mappings: string };
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** For each generated line, the source line (0-based) its first segment maps to, from a map's VLQ mappings. */
function sourceLines(mappings: string): Array<number | undefined> {
  let sourceLine = 0;
  return mappings.split(';').map((line) => {
    let first: number | undefined;
    for (const segment of line.split(',').filter(Boolean)) {
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if (digit & 32) continue;
        fields.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0;
        shift = 0;
      }
      if (fields.length >= 4) {
        sourceLine += fields[2] as number;
        first ??= sourceLine;
      }
    }
    return first;
  });
}

describe('compileHints', () => {
  it('starts the named chunk with the hint and leaves the others as they were', () => {
    expect(chunk('index').code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(chunk('later').code).not.toContain('allFunctionsCalledOnLoad');
  });

  it('moves the written source map down with the code', () => {
    const code = chunk('index').code.split('\n');
    const lines = sourceLines(sourceMap(chunk('index').fileName).mappings);
    // The hint's line maps to nothing; the line that sets the title still maps to main.js's fourth line.
    expect(lines[0]).toBeUndefined();
    const titleLine = code.findIndex((line) => /greet\(["']entry["']\)/.test(line));
    expect(titleLine).toBeGreaterThan(0);
    expect(lines[titleLine]).toBe(3);
  });
});
