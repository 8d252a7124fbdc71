/**
 * The wire keywords shared/ declares beside its schemas (shared/schemas/wire.ts), placed where
 * @asteasolutions/zod-to-openapi reads a schema's own metadata. Only the generator needs them, so only the
 * contract touches the generator's slot; the core stays free of zod's internals and of the library.
 */
import { z } from 'zod';
import { wireOf } from '../shared/schemas/wire';

type Slot = { openapi?: { metadata?: object } };

/** Marks every schema reachable from `roots` that declares wire keywords; run before any copy is made. */
export function markWireKeywords(roots: readonly unknown[]): void {
  const seen = new Set<z.ZodTypeAny>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!(value instanceof z.ZodType) || seen.has(value)) return;
    seen.add(value);
    const keywords = wireOf(value);
    const def = value._def as Slot & Record<string, unknown>;
    if (Object.keys(keywords).length) {
      def.openapi = { ...def.openapi, metadata: { ...def.openapi?.metadata, ...keywords } };
    }
    for (const [key, inner] of Object.entries(def)) {
      // An object's shape is a function in its definition; every other child is a schema or a list of them.
      visit(key === 'shape' && typeof inner === 'function' ? Object.values(inner()) : inner);
    }
  };
  roots.forEach(visit);
}
