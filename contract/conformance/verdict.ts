/** One assumption's outcome, gathered from the answers it saw. */
import type { Exchange } from './http';

export type Outcome =
  | { state: 'held' }
  | { state: 'differs'; differences: Array<{ what: string; exchange?: Exchange }> }
  | { state: 'not checkable'; why: string };

export class NotCheckable extends Error {}

export class Verdict {
  private readonly differences: Array<{ what: string; exchange?: Exchange }> = [];

  differs(what: string, exchange?: Exchange): void {
    this.differences.push({ what, exchange });
  }

  /** True when the condition holds; otherwise records the difference. */
  that(condition: boolean, what: string, exchange?: Exchange): boolean {
    if (!condition) this.differs(what, exchange);
    return condition;
  }

  /**
   * The answer has the contract's status; true when it is a success the connectors read (any 2xx), so a
   * 200 for a 201 is this row's difference and the body is still read by the rows about its fields.
   */
  status(exchange: Exchange, status: number): boolean {
    const { answer } = exchange;
    if (answer.status !== status) {
      const got =
        typeof answer.body === 'object' && answer.body && 'code' in answer.body
          ? ` (${String((answer.body as { code: unknown }).code)})`
          : '';
      this.differs(`answered ${answer.status}${got}; the contract says ${status}`, exchange);
    }
    return answer.status >= 200 && answer.status < 300;
  }

  /** A success the connectors read (any 2xx); otherwise the difference is recorded. */
  success(exchange: Exchange): boolean {
    const { status } = exchange.answer;
    return this.that(status >= 200 && status < 300, `answered ${status}, not a success`, exchange);
  }

  /** A refusal: this status, a problem body (application/problem+json) with this code. */
  answer(exchange: Exchange, status: number, code: string): boolean {
    const { answer } = exchange;
    if (answer.status !== status) {
      this.status(exchange, status);
      return false;
    }
    const type = answer.headers['content-type'] ?? '';
    const typed = this.that(
      type.startsWith('application/problem+json'),
      `Content-Type is "${type}", not application/problem+json`,
      exchange,
    );
    const seen = (answer.body as { code?: unknown } | undefined)?.code;
    return this.that(seen === code, `code is ${JSON.stringify(seen)}, not "${code}"`, exchange) && typed;
  }

  outcome(): Outcome {
    return this.differences.length ? { state: 'differs', differences: this.differences } : { state: 'held' };
  }
}
