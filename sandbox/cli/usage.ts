/** The command line's flags and their help: a flag is declared here once, with its line of help. */
import { EVENT_TYPES, KEY_PREFIX, SERVICE } from '../../shared';
import { FAULT_SPEC_HELP } from '../faults/injection';
import { defaultDatabasePath } from '../storage/databaseFile';
import { ACCOUNT_USAGE } from './accountCommand';
import { LIFE_USAGE } from './lifeCommands';
import { PRODUCTS_USAGE } from './productsCommand';

/** Where the sandbox listens unless told otherwise. */
export const USUAL = new URL(SERVICE.sandboxBaseUrl);

export const USAGE = `Usage: npm start -- [start] [options]     (or node sandbox/dist/cli.js …)
  --port <n>          port to listen on (default ${USUAL.port}; 0 = any free port)
  --host <address>    address to bind (default ${USUAL.hostname}; 0.0.0.0 exposes the sandbox to your network)
  --allow-host <name> accept requests addressed to this host name too (default: localhost and IP addresses)
  --db <path>         database file (default ${defaultDatabasePath()}); data survives restarts
  --memory            keep everything in memory instead (gone when the sandbox stops)
  --examples          make the objects docs/openapi.json's examples name (once per database), e.g. for Postman
  --rate-limit <n>    requests per second per key (default 25)
  --time-scale <x>    multiply webhook retry waits (default 1; 0.01 makes 5 min into 3 s)
  --faults <spec>     ${FAULT_SPEC_HELP}
  --seed <n>          repeatable jitter, shuffling and faults

       npm start -- keys create [--new-account]   issue a test key (in a new, separate account with --new-account)
       npm start -- keys list                     the accounts and their keys (last four characters)
       npm start -- view <invoice_id> [--channel link|email|whatsapp]
       npm start -- pay <invoice_id> [--amount <minor units, e.g. 1500 for ₹15.00>]
       npm start -- dispute <invoice_id> --reason <text> [--note <text>]
       npm start -- trigger <${EVENT_TYPES.join('|')}>   the event, on a fresh invoice
       npm start -- listen --forward-to <url> [--events invoice.paid,…]
${LIFE_USAGE}
${ACCOUNT_USAGE}
${PRODUCTS_USAGE}
  --url <base url>    the running sandbox (default ${USUAL.origin})
  --key <${KEY_PREFIX.test}…>   the key to use (default: the first key in the database, see --db)`;

export const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  db: { type: 'string' },
  memory: { type: 'boolean' },
  examples: { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'time-scale': { type: 'string' },
  faults: { type: 'string' },
  seed: { type: 'string' },
  channel: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  note: { type: 'string' },
  url: { type: 'string' },
  key: { type: 'string' },
  'new-account': { type: 'boolean' },
  'forward-to': { type: 'string' },
  events: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  days: { type: 'string' },
  hours: { type: 'string' },
  gstin: { type: 'string' },
  line1: { type: 'string' },
  line2: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  'postal-code': { type: 'string' },
  country: { type: 'string' },
  // products add (./productsCommand.ts)
  name: { type: 'string' },
  sku: { type: 'string' },
  type: { type: 'string' },
  price: { type: 'string' },
  currency: { type: 'string' },
  hsn: { type: 'string' },
  rate: { type: 'string' },
  unit: { type: 'string' },
  search: { type: 'string' },
  utr: { type: 'string' },
} as const;
