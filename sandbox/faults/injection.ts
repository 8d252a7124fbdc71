import type { Random } from './random';

/** Fault injection, off by default; each one simulates something a real receiver or client must survive. */
export interface Faults {
  /** Share (0 to 1) of successful webhook deliveries sent a second time, same `webhook-id`. */
  duplicateDeliveries?: number;
  /** Hold first attempts for a short window and send each batch in shuffled order. */
  shuffleOrder?: boolean;
  /** Extra wait, in real milliseconds, before the first attempt of every delivery. */
  delayDeliveryMs?: number;
  /** Share (0 to 1) of API calls answered 429 before they do anything. */
  rateLimitedShare?: number;
  /** Share (0 to 1) of API calls answered 500 before they do anything. */
  serverErrorShare?: number;
}

const SPEC_NAMES: Record<string, keyof Faults> = {
  duplicate: 'duplicateDeliveries',
  shuffle: 'shuffleOrder',
  delay: 'delayDeliveryMs',
  '429': 'rateLimitedShare',
  '5xx': 'serverErrorShare',
};

export const FAULT_SPEC_HELP = 'comma-separated: duplicate=0.2, shuffle, delay=<ms>, 429=0.1, 5xx=0.1';

/** Parses the CLI's `--faults duplicate=0.3,shuffle,delay=2000,429=0.1,5xx=0.05`. */
export function parseFaultSpec(spec: string): Faults {
  const faults: Faults = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=');
    const key = SPEC_NAMES[name];
    if (!key) throw new Error(`Unknown fault "${name}": use ${FAULT_SPEC_HELP}.`);
    if (key === 'shuffleOrder') {
      faults.shuffleOrder = value === undefined || value === 'true';
      continue;
    }
    const number = Number(value);
    const isShare = key !== 'delayDeliveryMs';
    if (value === undefined || !Number.isFinite(number) || number < 0 || (isShare && number > 1)) {
      throw new Error(
        `Fault "${name}" needs ${
          isShare ? 'a share from 0 to 1, e.g. ' + name + '=0.1' : 'a wait in milliseconds, e.g. delay=2000'
        }.`,
      );
    }
    faults[key] = number;
  }
  return faults;
}

/** Whether this API call is answered with an injected error, and which. */
export function injectedApiFault(faults: Faults, random: Random): 429 | 500 | undefined {
  const roll = random();
  const limited = faults.rateLimitedShare ?? 0;
  if (roll < limited) return 429;
  if (roll < limited + (faults.serverErrorShare ?? 0)) return 500;
  return undefined;
}
