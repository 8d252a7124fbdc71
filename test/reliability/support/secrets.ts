/**
 * Suite 7's scanner, used by every reliability suite: whatever a test logs, throws or gets back from a
 * connector is recorded here and searched for the API keys and webhook secrets in play (exact values,
 * the base64 key inside a whsec_ secret, and anything shaped like either).
 */
import { inspect } from 'node:util';

const SHAPES = [/\bik_(?:live|test)_[A-Za-z0-9_]{6,}/, /\bwhsec_[A-Za-z0-9+/=]{8,}/];

export interface Leak {
  /** Where it was seen: "zapier log", "n8n error item", … */
  where: string;
  /** The secret's kind and a few characters around it, with the secret itself masked. */
  context: string;
}

export interface ScanSummary {
  artefacts: number;
  bytes: number;
  secrets: number;
  leaks: Leak[];
  byKind: Record<string, number>;
}

/** Every form a value can take in a log or an error: message, stack, own properties, JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const parts: string[] = [];
  if (value instanceof Error) {
    parts.push(value.message, value.stack ?? '');
    parts.push(inspect(value, { depth: 8, breakLength: Infinity, maxStringLength: Infinity }));
  }
  try {
    parts.push(JSON.stringify(value) ?? String(value));
  } catch {
    parts.push(
      inspect(value, { depth: 8, breakLength: Infinity, maxStringLength: Infinity, maxArrayLength: Infinity }),
    );
  }
  return parts.join('\n');
}

export class SecretScanner {
  private readonly secrets = new Map<string, string>();
  private artefacts = 0;
  private bytes = 0;
  private readonly byKind: Record<string, number> = {};
  private readonly bytesByKind: Record<string, number> = {};
  readonly leaks: Leak[] = [];
  private readonly watches: Array<{ needle: string; seen: string[] }> = [];

  /** A value that must never be seen; for a whsec_ secret its base64 key counts too. */
  secret(value: string, kind: string): void {
    if (!value) return;
    this.secrets.set(value, kind);
    const base64 = /^whsec_(.+)$/.exec(value)?.[1];
    if (base64) this.secrets.set(base64, `${kind} (base64 part)`);
  }

  /** Collects every recorded text that contains `needle`, so a test can look at what was scanned. */
  watch(needle: string): string[] {
    const seen: string[] = [];
    this.watches.push({ needle, seen });
    return seen;
  }

  record(where: string, value: unknown): void {
    const text = textOf(value);
    for (const watch of this.watches) if (text.includes(watch.needle)) watch.seen.push(text);
    this.artefacts += 1;
    this.bytes += text.length;
    this.byKind[where] = (this.byKind[where] ?? 0) + 1;
    this.bytesByKind[where] = (this.bytesByKind[where] ?? 0) + text.length;
    for (const [secret, kind] of this.secrets) {
      const at = text.indexOf(secret);
      if (at >= 0) this.leaks.push({ where, context: `${kind}: …${text.slice(Math.max(0, at - 40), at)}[SECRET]…` });
    }
    for (const shape of SHAPES) {
      const match = shape.exec(text);
      if (match)
        this.leaks.push({
          where,
          context: `shaped like ${match[0].slice(0, 6)}…: …${text.slice(Math.max(0, match.index - 40), match.index)}[SECRET]…`,
        });
    }
  }

  /**
   * Routes console.* (kept from the terminal) and process.stdout/stderr writes (passed on) through the
   * scanner until the returned function is called.
   */
  captureOutput(): () => void {
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const saved = methods.map((name) => console[name]);
    const writes = [process.stdout.write, process.stderr.write];
    for (const name of methods)
      console[name] = (...args: unknown[]) => this.record(`console.${name}`, args.map(textOf).join(' '));
    // Written output still reaches the terminal (jest's own reporter writes there too).
    const tee = (where: string, write: typeof process.stdout.write, stream: NodeJS.WriteStream) =>
      ((chunk: unknown, ...rest: unknown[]) => {
        this.record(where, String(chunk));
        return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      }) as typeof process.stdout.write;
    process.stdout.write = tee('stdout', writes[0], process.stdout);
    process.stderr.write = tee('stderr', writes[1], process.stderr);
    return () => {
      methods.forEach((name, index) => (console[name] = saved[index] as never));
      [process.stdout.write, process.stderr.write] = writes;
    };
  }

  /** Artefacts, characters and leaks of the kinds whose name starts with one of `prefixes`. */
  totals(...prefixes: string[]): { artefacts: number; bytes: number; leaks: number } {
    const mine = (where: string) => prefixes.some((prefix) => where.startsWith(prefix));
    const kinds = Object.keys(this.byKind).filter(mine);
    return {
      artefacts: kinds.reduce((sum, kind) => sum + this.byKind[kind], 0),
      bytes: kinds.reduce((sum, kind) => sum + this.bytesByKind[kind], 0),
      leaks: this.leaks.filter((leak) => mine(leak.where)).length,
    };
  }

  summary(): ScanSummary {
    return {
      artefacts: this.artefacts,
      bytes: this.bytes,
      secrets: this.secrets.size,
      leaks: [...this.leaks],
      byKind: { ...this.byKind },
    };
  }
}
