/**
 * The Zap recipes (templates/*\/zap-recipe.md) run step by step against the app's source through
 * zapier-platform-core's app tester and a sandbox process; the live suite runs the same cases through
 * Zapier's built zip (test/live/recipes.live.ts).
 */
import { createAppTester } from 'zapier-platform-core';
import { waitOutRateLimits } from '../../shared';
import { fetchSend } from '../../sandbox';
import App from '../../zapier/src';
import { recipeCases } from '../templates/recipeCases';
import { sandboxLook, type RecipeWorld } from '../templates/zapRecipes';
import { sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);
// The recipes are about mappings; each Zap step is one app call that Zapier would retry after a 429 (the rate
// limit and its retry are shown in test/zapier and the reliability suites), so this sandbox allows 1,000 a second.
const session = sandboxSession(['--rate-limit', '1000']);
// The test's own look at the sandbox waits out its 25 requests a second, as the connectors do.
const sandboxSend = waitOutRateLimits(fetchSend, { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });

const world = (): RecipeWorld => {
  const connection = { apiKey: session.sandbox.testKey, baseUrl: session.sandbox.baseUrl };
  return {
    app: {
      definition: App,
      // The app tester takes the function itself; it finds its place in the app as Zapier names it.
      call: (method, bundle) =>
        appTester(
          method.split('.').reduce((at: any, key) => at[key], App),
          { authData: session.authData, ...bundle },
        ),
    },
    receiver: session.receiver,
    connection,
    api: sandboxLook(sandboxSend, connection),
  };
};

recipeCases(world);
