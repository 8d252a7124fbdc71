/**
 * What a failed connection test says, status by status, for platforms that can show only fixed text
 * there (n8n's credential test runs its request without our code and matches the status to a rule).
 * The words are normalizeError's, with what to do about the key or the base URL in place of the
 * service's own detail, which a fixed rule cannot carry.
 */
import { normalizeError } from './errors';
import { KEY_PREFIX, SERVICE } from './service';

const BASE_URL_ADVICE = `leave it empty for ${SERVICE.defaultBaseUrl}, or give the sandbox's address without a path.`;

const ADVICE: Record<number, string> = {
  401: 'The key may be mistyped, revoked, or pasted with extra characters.',
  403:
    `If this is a live key (${KEY_PREFIX.live}…) on the sandbox, which accepts test keys only, ` +
    `use a test key (${KEY_PREFIX.test}…) there.`,
  404: `The base URL does not lead to the ${SERVICE.displayName}: ${BASE_URL_ADVICE}`,
  // normalizeError's own words say all there is for these.
  429: '',
  500: '',
  502: '',
  503: '',
  504: '',
};

export function connectionTestMessages(): Array<{ status: number; message: string }> {
  return Object.entries(ADVICE).map(([status, advice]) => ({
    status: Number(status),
    message: normalizeError({ status: Number(status), body: { detail: advice } }).message,
  }));
}

/** An answer that is neither an account nor one of the service's errors: the base URL leads somewhere else. */
export const NOT_THE_API_MESSAGE =
  `The base URL answered, but not as the ${SERVICE.displayName} ` + `(no account came back): ${BASE_URL_ADVICE}`;
