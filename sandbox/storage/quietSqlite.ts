/**
 * Node 22 prints "SQLite is an experimental feature" on loading node:sqlite; to a sandbox user that reads
 * like a fault. Import this before node:sqlite. Every other warning still goes through.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (String(warning instanceof Error ? warning.message : warning).includes('SQLite is an experimental')) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
