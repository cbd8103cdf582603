import type { Plugin } from 'vite';

const DOMAIN_SCHEMA = /packages\/domain\/src\/.*\.ts$/;
const TOP_LEVEL_CALL = /^(export const \w+(?:: [^=]+)? = )(?=[\w.]+\()/gm;

/**
 * The domain package builds its zod schemas in top-level `export const x = z.object(…)` statements, which a
 * bundler must keep in case the calls have side effects. They have none, so this marks them pure: schemas a
 * chunk does not use (and libphonenumber-js, which only the phone schema needs) drop out of the sign-in chunk.
 */
export function pureDomainSchemas(): Plugin {
  return {
    name: 'mp-pure-domain-schemas',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_SCHEMA.test(id)) return null;
      return { code: code.replace(TOP_LEVEL_CALL, '$1/*#__PURE__*/ '), map: null };
    },
  };
}
