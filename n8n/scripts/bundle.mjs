// The esbuild settings every part ships with: one CommonJS file per entry, shared/ and zod inlined
// unless a part names them external (the platform provides those at run time).
import { build } from 'esbuild';

export function bundle(options) {
  return build({
    bundle: true,
    platform: 'node',
    format: 'cjs',
    legalComments: 'none',
    logLevel: 'warning',
    ...options,
  });
}
