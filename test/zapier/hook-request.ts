/**
 * A webhook delivery as Zapier hands it to a hook trigger's `perform`: the raw body as `content`,
 * every header renamed `Http-Webhook-Id` style, and the body as far as Zapier could parse it. One copy
 * for the Zapier tests, the reliability suites and the demo.
 */
export function zapierHookRequest(headers: Record<string, string | string[] | undefined>, body: string) {
  const renamed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    renamed[
      `Http-${name
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('-')}`
    ] = String(value);
  }
  let cleanedRequest: unknown = {};
  try {
    cleanedRequest = JSON.parse(body);
  } catch {
    // Zapier passes what it could parse; a broken body leaves cleanedRequest empty.
  }
  return { rawRequest: { method: 'POST' as const, content: body, headers: renamed }, cleanedRequest };
}
