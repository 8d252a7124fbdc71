import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from '../domain/context';
import { Problem } from '../domain/problems';

/** One API call as the handlers see it: body already read, parsed and size-checked. */
export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  params: Record<string, string>;
  requestId: string;
  apiKey: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Handlers get the calling account's context with each request, so none can reach another account's data. */
export type Handler = (request: ApiRequest, ctx: Context) => Reply;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** Paths like `/v1/invoices/:id`; a segment starting with `:` captures one path segment. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler });
    return this;
  }

  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeSegment(found[i + 1])]));
      return { handler: route.handler, params };
    }
    return undefined;
  }
}

/** A path segment as sent, decoded; a broken percent-encoding (`%E0%A4%A`, `%ZZ`) is the caller's mistake: 400. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    const shown = segment.length > 60 ? `${segment.slice(0, 60)}…` : segment;
    throw new Problem(
      400,
      'invalid_path',
      `The path segment "${shown}" is not valid percent-encoding. ` +
        'Send the ID exactly as the API returned it (e.g. inv_…, cli_…, evt_…, we_…), ' +
        'or percent-encode every "%" as %25.',
    );
  }
}
