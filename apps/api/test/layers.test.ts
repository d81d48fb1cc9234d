import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, '../src/modules');
const SQL = /\b(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql`/;

/** The guide's layering: routes → service → repository, and only a repository speaks SQL. */
describe('layers', () => {
  it('keeps every query in a repository: no service, route or rule file builds SQL', async () => {
    const files = (await readdir(MODULES, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.repository.ts'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(MODULES, file), 'utf8');
      if (SQL.test(text)) offenders.push(file);
    }
    expect(files.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
