/**
 * What a rule zod keeps inside a function (`refine`, `superRefine`, a trim before a length) says about the
 * value as it travels, in JSON Schema keywords. Written next to the rule it mirrors, from the same
 * constants, so docs/openapi.json is exactly as strict as the core. Kept beside the schema here, not in
 * zod's internals or the generator's `.openapi()` (the n8n package ships without runtime dependencies):
 * contract/wireKeywords.ts hands them to the generator.
 */
import type { z } from 'zod';

export type WireKeywords = Readonly<Record<string, unknown>>;

// Weak: a schema built and dropped (an editor's derived schema) takes its keywords with it.
const declared = new WeakMap<z.ZodTypeAny, WireKeywords>();

export function onTheWire<S extends z.ZodTypeAny>(schema: S, keywords: WireKeywords): S {
  declared.set(schema, { ...declared.get(schema), ...keywords });
  return schema;
}

/**
 * The keywords declared on a schema, so a wrapper (optional) carries them:
 * the generator reads only the outer level.
 */
export function wireOf(schema: z.ZodTypeAny): WireKeywords {
  return declared.get(schema) ?? {};
}
