import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { copyPlainQueryConfigs } from '../src/db/pg-result.ts';

type PgQuery = {
  text: string;
  name?: string;
  values?: unknown[];
  callback?: unknown;
  _rowMode?: string;
  types?: unknown;
};
const Query = (
  pg as unknown as { Query: new (config: unknown, values?: unknown, callback?: unknown) => PgQuery }
).Query;

describe('node-postgres query configs copied with a spread when they are plain objects (docs/PERFORMANCE.md, session 15)', () => {
  copyPlainQueryConfigs();

  it('reads a plain config as node-postgres did, and never changes the caller’s object', () => {
    const types = { getTypeParser: () => undefined };
    const config = { name: 'named', text: 'select $1', rowMode: 'array', types };
    const query = new Query(config, [1]);
    expect(query).toMatchObject({ name: 'named', text: 'select $1', values: [1], _rowMode: 'array', types });
    expect(config).toEqual({ name: 'named', text: 'select $1', rowMode: 'array', types });
    const callback = () => undefined;
    expect(new Query({ text: 'select 1' }, callback).callback).toBe(callback);
    expect(new Query({ text: 'select 1' }, [2], callback)).toMatchObject({ values: [2], callback });
  });

  it('keeps node-postgres’s own copy for strings and for configs that are not plain objects', () => {
    expect(new Query('select 2', [3])).toMatchObject({ text: 'select 2', values: [3] });
    class Config {
      get text() {
        return 'select 3';
      }
    }
    // A getter on the prototype survives only a copy that keeps the prototype (node-postgres's).
    expect(new Query(new Config()).text).toBe('select 3');
  });
});
