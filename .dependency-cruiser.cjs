/**
 * Import rules checked in `npm test` (`npm run deps`): no import circle anywhere in the repository (type-only
 * imports count too: a circle of types is still two files a reader must understand together), and the
 * sandbox's floor plan (sandbox/README.md, "Where things live"): each folder imports only the layers below it,
 *
 *   cli → index.ts → http, dashboard → routes → domain → delivery → storage, faults
 *
 * so no rule reaches up into routes/ or http/, and storage/ (the only place SQL is written) stands alone.
 */
const layer = (name, folder, allowed) => ({
  name: `sandbox-${name}-imports-only-below`,
  comment:
    `sandbox/${folder}/ may import only ${allowed.length ? allowed.map((f) => `${f}/`).join(', ') : 'itself'} ` +
    'within the sandbox (see the floor plan in sandbox/README.md).',
  severity: 'error',
  from: { path: `^sandbox/${folder}/` },
  to: { path: '^sandbox/', pathNot: `^sandbox/(${[folder, ...allowed].join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: two modules that each need the other. Move what both need into a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('storage', 'storage', []),
    layer('faults', 'faults', []),
    layer('delivery', 'delivery', ['storage', 'faults']),
    layer('domain', 'domain', ['delivery', 'storage', 'faults']),
    layer('routes', 'routes', ['domain', 'delivery', 'storage']),
    layer('http', 'http', ['routes', 'domain', 'delivery', 'storage', 'faults']),
    layer('dashboard', 'dashboard', ['http', 'routes', 'domain', 'storage']),
    layer('webhookReceiver', 'webhookReceiver', ['http']),
    {
      name: 'sandbox-cli-is-the-top',
      comment: 'Only the command line itself (and tests) may import sandbox/cli/.',
      severity: 'error',
      from: { path: '^sandbox/', pathNot: '^sandbox/cli/' },
      to: { path: '^sandbox/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build|coverage|release)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
