import type { HttpRequest, RawResponse } from '../../shared';

/**
 * Sends one of shared's built requests with fetch and returns what `runOperation` / `normalizeError`
 * read. Used by the CLI, the sandbox's tests and the benchmark; the connectors bring their own HTTP.
 */
export async function fetchSend(
  request: HttpRequest,
): Promise<RawResponse & { body: unknown; headers: Record<string, string> }> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  let body: unknown = text;
  if (text && /json/.test(response.headers.get('content-type') ?? '')) body = JSON.parse(text);
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}
