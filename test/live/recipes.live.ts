/**
 * The Zap recipes (templates/*\/zap-recipe.md) through Zapier's built zip: every step of ours called through
 * the zip's Lambda `handler` as Zapier's Lambda calls it (zapier-lambda.ts), the trigger's output mapped into
 * the next step's input exactly as the recipe's tables say, against the live suite's sandbox. The cases are
 * the ones `npm test` runs on the app's source (test/templates/recipeCases.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { fetchSend, type Sandbox } from '../../sandbox';
import { startReceiver, type Receiver } from '../../sandbox/webhookReceiver/receiver';
import { recipeCases } from '../templates/recipeCases';
import { sandboxLook, type RecipeWorld } from '../templates/zapRecipes';
import { progress } from './processes';
import { liveSandbox, sandboxKey } from './sandbox';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zipFile = process.env.LIVE_ZAPIER_ZIP;
if (!zipFile) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const began = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'invoicing-live-recipes-'));
let sandbox: Sandbox;
let receiver: Receiver;
let zapier: BuiltZip | undefined;
let world: RecipeWorld;

beforeAll(async () => {
  sandbox = await liveSandbox();
  receiver = await startReceiver();
  const zip = await startBuiltZip(zipFile, work);
  zapier = zip;
  const connection = { apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl };
  world = {
    app: {
      definition: await zip.definition(),
      call: (method, bundle) => zip.execute(connection, method, bundle),
    },
    receiver,
    connection,
    api: sandboxLook(fetchSend, connection),
  };
}, 120_000);

afterAll(async () => {
  await zapier?.close();
  await receiver?.close();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
  progress('recipes.live.ts', began);
});

recipeCases(() => world);
