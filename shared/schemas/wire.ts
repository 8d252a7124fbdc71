/**
 * What a rule zod keeps inside a function (`refine`, `superRefine`, a trim before a length) says about the
 * value as it travels, in JSON Schema keywords. Written next to the rule it mirrors, from the same
 * constants, so docs/openapi.json is exactly as strict as the core: contract/openapi.ts reads these through
 * the generator's own metadata slot (`_def.openapi`), which needs no library here (the n8n package ships
 * without runtime dependencies).
 */
import type { z } from 'zod';

export type WireKeywords = Readonly<Record<string, unknown>>;

export function onTheWire<S extends z.ZodTypeAny>(schema: S, keywords: WireKeywords): S {
  const def = schema._def as { openapi?: { metadata?: object } };
  def.openapi = { ...def.openapi, metadata: { ...def.openapi?.metadata, ...keywords } };
  return schema;
}

/**
 * The keywords declared on a schema, so a wrapper (optional) carries them:
 * the generator reads only the outer level.
 */
export function wireOf(schema: z.ZodTypeAny): WireKeywords {
  return (schema._def as { openapi?: { metadata?: WireKeywords } }).openapi?.metadata ?? {};
}
