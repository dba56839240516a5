// The import walls are only worth having if the lint really reports a wall crossed: each case
// lints a file at a real path with one import and expects the rule that must (or must not) fire.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkModuleOrder, SERVER_MODULE_ORDER, serverModules } from '../../../lint/boundaries.js';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** the rule ids ESLint reports for `code` as if it were the file at `filePath` */
async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** a source file of a folder today, so the cases follow files that move */
function fileIn(dir: string): string {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  const file = entries.find((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.includes('.test.'));
  if (!file) throw new Error(`no source file in ${dir}`);
  return `${file.parentPath}/${file.name}`.replace(/\.tsx?$/, '');
}
const alias = (path: string) => path.replace(/^src\/(server|client|shared)\//, '#$1/');

const WALL = 'import-x/no-restricted-paths';
const DATABASE = '@typescript-eslint/no-restricted-imports';

describe('import walls', () => {
  it('stop the client importing the server, by alias or by relative path', async () => {
    expect(await violations('src/client/lib/x.ts', "import { buildApp } from '#server/app';")).toContain(
      WALL,
    );
    expect(await violations('src/client/lib/x.ts', "import { buildApp } from '../../server/app';")).toContain(
      WALL,
    );
  });

  it('stop the server importing the client, and shared code importing either', async () => {
    expect(
      await violations('src/server/lib/x.ts', `import x from '${alias(fileIn('src/client/lib'))}';`),
    ).toContain(WALL);
    expect(await violations('src/shared/x.ts', "import { buildApp } from '#server/app';")).toContain(WALL);
  });

  it('stop a client feature importing another, and let it import itself and the base layer', async () => {
    const [one, other] = readdirSync('src/client/features').sort();
    const target = alias(fileIn(`src/client/features/${other}`));
    expect(await violations(`src/client/features/${one}/x.ts`, `import x from '${target}';`)).toContain(WALL);
    const relative = `../${target.replace(`#client/features/`, '')}`;
    expect(await violations(`src/client/features/${one}/x.ts`, `import x from '${relative}';`)).toContain(
      WALL,
    );
    const own = alias(fileIn(`src/client/features/${one}`));
    expect(await violations(`src/client/features/${one}/x.ts`, `import x from '${own}';`)).not.toContain(
      WALL,
    );
    const base = alias(fileIn('src/client/lib'));
    expect(await violations(`src/client/features/${one}/x.ts`, `import x from '${base}';`)).not.toContain(
      WALL,
    );
  });

  it('stop the client base layer importing a feature', async () => {
    const [feature] = readdirSync('src/client/features').sort();
    const target = alias(fileIn(`src/client/features/${feature}`));
    expect(await violations('src/client/components/x.tsx', `import x from '${target}';`)).toContain(WALL);
  });

  it('let server modules import each other only in the declared direction', async () => {
    const outbox = alias(fileIn('src/server/modules/outbox'));
    const alerts = alias(fileIn('src/server/modules/alerts'));
    expect(await violations('src/server/modules/alerts/x.ts', `import x from '${outbox}';`)).not.toContain(
      WALL,
    );
    expect(await violations('src/server/modules/outbox/x.ts', `import x from '${alerts}';`)).toContain(WALL);
    const relative = alerts.replace('#server/modules/', '../');
    expect(await violations('src/server/modules/outbox/x.ts', `import x from '${relative}';`)).toContain(
      WALL,
    );
  });

  it('stop foundation folders importing modules, and modules importing job files', async () => {
    const auth = alias(fileIn('src/server/modules/auth'));
    expect(await violations('src/server/lib/x.ts', `import x from '${auth}';`)).toContain(WALL);
    expect(await violations('src/server/http/x.ts', `import x from '${auth}';`)).toContain(WALL);
    const job = readdirSync('src/server/jobs')
      .find((f) => f.endsWith('.job.ts'))!
      .replace(/\.ts$/, '');
    expect(
      await violations('src/server/modules/auth/x.ts', `import x from '#server/jobs/${job}';`),
    ).toContain(WALL);
    expect(
      await violations('src/server/modules/auth/x.ts', "import x from '#server/jobs/queue';"),
    ).not.toContain(WALL);
  });

  it('keep database values in queries files; types may go anywhere on the server', async () => {
    const code = "import { sql } from 'drizzle-orm';";
    expect(await violations('src/server/modules/auth/x.service.ts', code)).toContain(DATABASE);
    expect(
      await violations('src/server/modules/auth/x.routes.ts', "import { users } from '#server/db/schema';"),
    ).toContain(DATABASE);
    expect(await violations('src/server/modules/auth/x.queries.ts', code)).not.toContain(DATABASE);
    const types = "import type { Db } from '#server/db/client';";
    expect(await violations('src/server/modules/auth/x.service.ts', types)).not.toContain(DATABASE);
  });

  it('let the client import only types from the zod schemas', async () => {
    const schema = readdirSync('src/shared/schemas')[0]!.replace(/\.ts$/, '');
    expect(
      await violations('src/client/lib/x.ts', `import { x } from '#shared/schemas/${schema}';`),
    ).toContain(DATABASE);
    expect(
      await violations('src/client/lib/x.ts', `import type { x } from '#shared/schemas/${schema}';`),
    ).not.toContain(DATABASE);
    expect(await violations('src/client/lib/x.ts', "import { z } from 'zod';")).toContain(DATABASE);
  });
});

describe('the server modules order', () => {
  it('places every server module, so a new one gets a place and a direction', () => {
    const placed = new Set(SERVER_MODULE_ORDER.map(([name]) => name));
    expect(serverModules().filter((m) => !placed.has(m))).toEqual([]);
  });

  it('allows no cycle: a module names only modules before it', () => {
    expect(() => checkModuleOrder()).not.toThrow();
    expect(() =>
      checkModuleOrder([
        ['a', ['b']],
        ['b', ['a']],
      ] as const as never),
    ).toThrow(/not earlier/);
  });
});
