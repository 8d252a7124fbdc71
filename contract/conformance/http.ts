/**
 * The conformance run's one HTTP client: every call is kept as an exchange (the request as sent, with the key
 * redacted, and the answer as seen), so a difference can be shown exactly. Ordinary calls wait out a 429 as
 * the connectors do (shared/throttle.ts); the rate-limit check sends raw.
 */
import { parseRetryAfter, redactSecrets, type HttpRequest } from '../../shared';

export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  answer: { status: number; headers: Record<string, string>; body: unknown };
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The key to send; null sends none. Default: the run's key. */
  key?: string | null;
  /** Return a 429 as it came instead of waiting it out. */
  raw?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Client {
  readonly exchanges: Exchange[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly key: string,
  ) {}

  async call(method: string, path: string, options: CallOptions = {}): Promise<Exchange> {
    for (let waits = 0; ; waits += 1) {
      const exchange = await this.once(method, path, options);
      if (exchange.answer.status !== 429 || options.raw || waits >= 10) return exchange;
      await sleep((parseRetryAfter(exchange.answer.headers['retry-after']) ?? 1) * 1000);
    }
  }

  /** A request as an operation builds it (shared/operations/define.ts): its URL, headers and body as they are. */
  async send(request: HttpRequest, options: { raw?: boolean } = {}): Promise<Exchange> {
    for (let waits = 0; ; waits += 1) {
      const exchange = await this.fetch(request.method, request.url, { ...request.headers }, request.body, this.key);
      if (exchange.answer.status !== 429 || options.raw || waits >= 10) return exchange;
      await sleep((parseRetryAfter(exchange.answer.headers['retry-after']) ?? 1) * 1000);
    }
  }

  private async once(method: string, path: string, options: CallOptions): Promise<Exchange> {
    const key = options.key === undefined ? this.key : options.key;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    return this.fetch(method, `${this.baseUrl}${path}`, headers, options.body, key);
  }

  private async fetch(
    method: string,
    url: string,
    headers: Record<string, string>,
    sent: unknown,
    key: string | null,
  ): Promise<Exchange> {
    const options = { body: sent };
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text is what was seen.
    }
    // The key is never kept whole: an exchange is what the table shows.
    const shown = {
      ...headers,
      ...(headers.Authorization === undefined || key === null ? {} : { Authorization: `Bearer ${key.slice(0, 8)}…` }),
    };
    const exchange: Exchange = {
      request: { method, url, headers: shown, ...(options.body === undefined ? {} : { body: options.body }) },
      answer: { status: response.status, headers: Object.fromEntries(response.headers), body },
    };
    this.exchanges.push(exchange);
    return exchange;
  }
}

/** An exchange as the table's detail shows it: secrets redacted, long bodies cut. */
export function showExchange(exchange: Exchange): string {
  const { request, answer } = exchange;
  const cut = (value: unknown) => {
    const text = redactSecrets(typeof value === 'string' ? value : JSON.stringify(value));
    return text.length > 600 ? `${text.slice(0, 600)}…` : text;
  };
  const headers = (bag: Record<string, string>, names?: string[]) =>
    Object.entries(bag)
      .filter(([name]) => !names || names.includes(name.toLowerCase()))
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
  return [
    `    request: ${request.method} ${request.url}  [${headers(request.headers)}]` +
      `${request.body === undefined ? '' : `  ${cut(request.body)}`}`,
    `    answer:  ${answer.status}  ` +
      `[${headers(answer.headers, ['content-type', 'retry-after', 'request-id', 'location'])}]  ` +
      `${cut(answer.body ?? '')}`,
  ].join('\n');
}
