/**
 * The core uses zod's public API only: `_def` and `_zod` are zod's internals (v3's and v4's), whose shape a
 * patch release may change under the n8n package's bundled copy. Wire keywords live beside the schema
 * (shared/schemas/wire.ts), rebuilt refinements in shared/schemas/builtAround.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const SHARED = path.join(__dirname, '..', '..', 'shared');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

test("no file under shared/ reads or writes zod's internals (_def, _zod)", () => {
  const uses = sources(SHARED).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        /\b_def\b|\b_zod\b/.test(line) ? [`${path.relative(SHARED, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(uses).toEqual([]);
});
