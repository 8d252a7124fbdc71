/**
 * Import rules checked in `npm test` (`npm run deps`): no import circle anywhere in the repository (type-only
 * imports count too: a circle of types is still two files a reader must understand together), and the
 * sandbox's floor plan (sandbox/README.md, "Where things live"): each folder imports only the layers below it,
 *
 *   cli → index.ts → http, dashboard → routes → domain → delivery → storage, faults
 *
 * so no rule reaches up into routes/ or http/, and storage/ (the only place SQL is written) stands alone.
 *
 * shared/ has a floor plan too (docs/architecture.md, "Map of shared/"), bottom to top:
 *
 *   words (service.ts; money.ts and its currency helpers) → schemas/ → gst/ → the field catalogue and its
 *   readers (fields.ts, validation.ts, outputs.ts, samples.ts, …) → webhooks/ → operations/ → what serves the
 *   platforms (index.ts, pickers.ts, throttle.ts)
 *
 * and nothing imports back up: a zod shape never needs the field catalogue, an event never needs an operation.
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

/** shared/'s layers, bottom first; each `path` matches exactly its own files. */
const TOP_WORDS = 'service|money|currencyFormat|currencyMarks';
const SERVES_PLATFORMS = 'index|pickers|throttle';
const SHARED_LAYERS = [
  { name: 'words', path: `^shared/(${TOP_WORDS})\\.ts$` },
  { name: 'schemas', path: '^shared/schemas/' },
  { name: 'gst', path: '^shared/gst/' },
  { name: 'catalogue', path: `^shared/(?!(${TOP_WORDS}|${SERVES_PLATFORMS})\\.ts$)[^/]+\\.ts$` },
  { name: 'webhooks', path: '^shared/webhooks/' },
  { name: 'operations', path: '^shared/operations/' },
];

/** A layer of shared/ may import only itself and the layers below it. */
const sharedLayer = ({ name, path }, index) => {
  const allowed = SHARED_LAYERS.slice(0, index + 1);
  return {
    name: `shared-${name}-imports-only-below`,
    comment:
      `shared/'s ${name} may import only ${allowed.map((layer) => layer.name).join(', ')} within shared/ ` +
      '(the floor plan above; the map of shared/ in docs/architecture.md).',
    severity: 'error',
    from: { path },
    to: { path: '^shared/', pathNot: allowed.map((layer) => `(${layer.path})`).join('|') },
  };
};

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
    ...SHARED_LAYERS.map(sharedLayer),
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
