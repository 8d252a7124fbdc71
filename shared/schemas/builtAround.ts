/**
 * How a schema was built around another (a refinement around an object, a list with its limits around its
 * item), kept so a copy can be built the same way around a changed inner schema: typed amounts swap a
 * line's amount deep inside Create Invoice's input. zod's public API can unwrap a refinement but not
 * re-apply it, and a list's limits cannot be read back; the build itself can simply be run again.
 */
import type { z } from 'zod';

interface Build {
  around: z.ZodTypeAny;
  build: (inner: z.ZodTypeAny) => z.ZodTypeAny;
}

const builds = new WeakMap<z.ZodTypeAny, Build>();

/** `build(around)`, remembered so `rebuildAround` can build it again around another schema. */
export function builtAround<In extends z.ZodTypeAny, Out extends z.ZodTypeAny>(
  around: In,
  build: (inner: In) => Out,
): Out {
  const built = build(around);
  builds.set(built, { around, build: build as unknown as Build['build'] });
  return built;
}

/** What `schema` was built around, and the build, if it was made with `builtAround`. */
export function howBuilt(schema: z.ZodTypeAny): Build | undefined {
  return builds.get(schema);
}
