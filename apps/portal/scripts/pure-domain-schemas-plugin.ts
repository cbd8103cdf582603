import { type Plugin, parseSync } from 'vite';

const DOMAIN_MODULE = /packages\/domain\/src\/.*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: (Node & { declarations?: Declarator[] }) | null;
  declarations?: Declarator[];
}

const COMPUTED_INIT = new Set(['CallExpression', 'NewExpression', 'ChainExpression']);

/**
 * The domain package builds its zod schemas in top-level `const x = z.object({…})` statements. A bundler must
 * keep a call (and every call in its arguments) in case it has side effects; these have none. So each such
 * initialiser is wrapped in a pure IIFE, `/* #__PURE__ *\/ (() => …)()`, and the modules are declared free of
 * side effects: a chunk keeps only the schemas it uses. Without it the sign-in chunk carried the sign-up schema's
 * phone rule and with it libphonenumber-js (issue 2 §8 size budget).
 */
export function pureDomainSchemas(): Plugin {
  return {
    name: 'mp-pure-domain-schemas',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_MODULE.test(id)) return null;
      const { program } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
      const inits: Node[] = [];
      for (const statement of program.body as unknown as Statement[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations ?? [])
          if (declarator.init && COMPUTED_INIT.has(declarator.init.type)) inits.push(declarator.init);
      }
      let result = code;
      // From the end, so earlier offsets stay valid.
      for (const init of inits.reverse())
        result = `${result.slice(0, init.start)}/*#__PURE__*/ (() => ${result.slice(init.start, init.end)})()${result.slice(init.end)}`;
      return { code: result, map: null, moduleSideEffects: false };
    },
  };
}
