/**
 * Holds the code to the layer rules in architecture/layers.ts: reads the imports of every non-test
 * TypeScript file of the covered folders (static, re-exported and dynamic alike; comments are
 * blanked first, so an import written in a comment is not one) and names each file and import
 * that breaks its folder's line. A rule that no longer holds is changed in layers.ts, with its why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS, type Layer, SALES_AREAS, SALES_FLOWS } from './layers.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SALES = 'server/back-office/sales';

function exists(path: string): boolean {
  try {
    return statSync(join(ROOT, path)).isFile();
  } catch {
    return false;
  }
}

/** Every file of `folder` the rules hold: TypeScript, not a test, not a test helper. */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testing') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/(\.test|\.d|^testing)\.tsx?$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

function inside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** The line a file obeys: the most specific folder (or file) of the rules that holds it. */
function lineOf(file: string): [string, Layer] | undefined {
  let best: [string, Layer] | undefined;
  for (const [folder, layer] of Object.entries(LAYERS)) {
    if (inside(file, folder) && (!best || folder.length > best[0].length)) best = [folder, layer];
  }
  return best;
}

/** A relative import as the repository path of the file it names ('./a.js' is './a.ts'). */
function target(file: string, spec: string): string {
  const path = relative(ROOT, resolve(ROOT, dirname(file), spec));
  const bare = path.replace(/\.js$/, '');
  for (const candidate of [path, `${bare}.ts`, `${bare}.tsx`, `${path}/index.ts`]) {
    if (exists(candidate)) return candidate;
  }
  return path;
}

const NODE = new Set(builtinModules);

/** Comments and the strings and templates they could hide in (TypeScript 7 has no JS parser to ask). */
const TOKENS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
const STATIC = /(?:^|[^.\w$])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?(['"])([^'"\n]+)\1/g;
const DYNAMIC = /(?:^|[^.\w$])import\s*\(\s*(['"])([^'"\n]+)\1/g;

/** The module names a source imports. */
function importsOf(source: string): string[] {
  const code = source.replace(TOKENS, (token) => (token.startsWith('/') ? ' ' : token));
  return [...code.matchAll(STATIC), ...code.matchAll(DYNAMIC)].map((m) => m[2] ?? '');
}

/** What in `file`'s imports breaks its line, as "file: import 'spec' (reason)". */
function breaches(file: string, source: string): string[] {
  const line = lineOf(file);
  if (!line) return [];
  const [folder, layer] = line;
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    if (spec.startsWith('.')) {
      const to = target(file, spec);
      const own = !folder.endsWith('.ts') && inside(to, folder);
      if (!own && !layer.mayImport.some((allowed) => inside(to, allowed))) {
        out.push(`${file}: import '${spec}' (${to}) — ${folder} may import only ${layer.mayImport.join(', ') || 'itself'}`);
      }
    } else if (layer.node === false && (spec.startsWith('node:') || NODE.has(spec.split('/')[0] ?? ''))) {
      out.push(`${file}: import '${spec}' — ${folder} runs in the browser too: no Node modules`);
    }
  }
  return out;
}

const COVERED = [...new Set(Object.keys(LAYERS).map((folder) => folder.split('/')[0] ?? folder))];

describe('the layer rules (architecture/layers.ts)', () => {
  it('hold for every non-test import of the covered folders', () => {
    const broken = COVERED.flatMap((top) =>
      sourceFiles(top).flatMap((file) => breaches(file, readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(broken).toEqual([]);
  });

  it('give every top-level folder of code and every folder of the sales engine a line', () => {
    const topFolders = readdirSync(ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => e.name)
      .filter((name) => sourceFiles(name).length > 0);
    expect(topFolders.filter((name) => !(name in LAYERS))).toEqual([]);
    const salesFolders = readdirSync(join(ROOT, SALES), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'testing')
      .map((e) => e.name);
    expect(salesFolders.filter((name) => !(`${SALES}/${name}` in LAYERS))).toEqual([]);
    expect([...SALES_AREAS, ...SALES_FLOWS, 'kernel'].sort()).toEqual(salesFolders.sort());
  });

  it('name the file and the import that breaks a rule', () => {
    // A kernel file reaching up into an area, an area into a flow or another area, the desk into
    // the service or Node, the back office into what serves it: each is caught and named.
    expect(breaches(`${SALES}/kernel/shifts/guard.ts`, "import { x } from '../../prro/queue.js';")).toEqual([
      expect.stringContaining(`${SALES}/kernel/shifts/guard.ts: import '../../prro/queue.js' (${SALES}/prro/queue.ts)`),
    ]);
    expect(breaches(`${SALES}/cards/debt-fiscal.ts`, "export * from '../returns/plan.js';")).toHaveLength(1);
    expect(breaches(`${SALES}/cash/x.ts`, "const m = await import('../shifts/handlers.js');")).toHaveLength(1);
    expect(breaches('renderer/app/App.tsx', "import '../../server/back-office/operations.js';")).toHaveLength(1);
    expect(breaches('server/back-office/operations.ts', "import { x } from '../gateway/gateway.js';")).toHaveLength(1);
    expect(breaches('renderer/app/App.tsx', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(breaches('shared/money/x.ts', "import { createHash } from 'crypto';")).toHaveLength(1);
    // …and what the rules allow passes.
    expect(breaches(`${SALES}/checkout/close/x.ts`, "import '../../cards/cards.js';")).toEqual([]);
    expect(breaches(`${SALES}/cards/x.ts`, "import '../kernel/moment.js'; import '../../decimal.js';")).toEqual([]);
  });
});
