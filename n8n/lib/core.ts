/**
 * The n8n package's one window onto the shared core: every n8n file imports shared/ through here, and
 * n8n/build.mjs bundles it (with the rest of lib/) once, as dist/shared.js. So the package ships what its
 * nodes use and nothing else (no Zapier samples, no signing, no sandbox forms), and a name missing here
 * fails the type check instead of arriving as `undefined` at run time.
 */
export {
  ApiError,
  EVENT_CATALOGUE,
  EVENT_TYPES,
  FIELDS,
  InputError,
  SERVICE,
  clientInputFromFields,
  connectionTestMessages,
  deleteWebhookIfExists,
  deriveIdempotencyKey,
  isBlank,
  listAll,
  mapConcurrent,
  networkError,
  operations,
  receiveWebhook,
  requests,
  runOperation,
  upsertClientByEmail,
  waitOutRateLimits,
  webhookIsActive,
  type Connection,
  type FieldSpec,
  type FieldType,
  type Send,
} from '../../shared';
