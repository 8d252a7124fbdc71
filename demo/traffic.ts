/**
 * Counts each connector's API calls and the 429s among them, from Node's own `http.client.response.finish`
 * diagnostics channel, so nothing in either runtime is wrapped. Both connectors send their own
 * User-Agent (zapier-platform-core "Zapier", n8n-core "n8n"); the demo's own calls use fetch and do not count.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export interface PlatformTraffic {
  calls: number;
  rateLimited: number;
}

export function watchTraffic(): { zapier: PlatformTraffic; n8n: PlatformTraffic; stop(): void } {
  const zapier = { calls: 0, rateLimited: 0 };
  const n8n = { calls: 0, rateLimited: 0 };
  const onResponse = (message: unknown) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    const agent = String(request.getHeader('user-agent') ?? '');
    const platform = agent.includes('Zapier') ? zapier : agent.includes('n8n') ? n8n : undefined;
    if (!platform || !request.path.startsWith('/v1/')) return;
    platform.calls += 1;
    if (response.statusCode === 429) platform.rateLimited += 1;
  };
  subscribe('http.client.response.finish', onResponse);
  return { zapier, n8n, stop: () => unsubscribe('http.client.response.finish', onResponse) };
}
