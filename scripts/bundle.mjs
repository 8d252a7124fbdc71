// The esbuild settings every part ships with: one CommonJS file per entry, shared/ and zod inlined
// unless a part names them external (the platform provides those at run time).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sharedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'shared');

/**
 * shared/'s modules build schemas, tables and samples at load time, which esbuild must otherwise keep
 * in case the work matters. None of it does unless used, so each bundle keeps only what its entry
 * reaches (the n8n trigger does not carry the invoice forms, the credential carries no schemas).
 */
const sharedHasNoSideEffects = {
  name: 'shared-has-no-side-effects',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.sharedSideEffects === false) return undefined;
      const result = await builder.resolve(args.path, {
        kind: args.kind, importer: args.importer, resolveDir: args.resolveDir,
        pluginData: { sharedSideEffects: false },
      });
      if (result.errors.length || !result.path.startsWith(sharedDir + path.sep)) return undefined;
      return { ...result, sideEffects: false };
    });
  },
};

export function bundle(options) {
  return build({
    bundle: true,
    platform: 'node',
    format: 'cjs',
    legalComments: 'none',
    logLevel: 'warning',
    ...options,
    plugins: [sharedHasNoSideEffects, ...(options.plugins ?? [])],
  });
}
