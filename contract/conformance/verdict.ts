/** One assumption's outcome, gathered from the answers it saw. */
import type { answerChecker } from '../answers';
import type { Exchange } from './http';

export type Outcome =
  | { state: 'held' }
  | { state: 'differs'; differences: Array<{ what: string; exchange?: Exchange }> }
  | { state: 'not checkable'; why: string };

export class NotCheckable extends Error {}

export class Verdict {
  private readonly differences: Array<{ what: string; exchange?: Exchange }> = [];

  constructor(private readonly checker: ReturnType<typeof answerChecker>, private readonly baseUrl: string) {}

  differs(what: string, exchange?: Exchange): void {
    this.differences.push({ what, exchange });
  }

  /** True when the condition holds; otherwise records the difference. */
  that(condition: boolean, what: string, exchange?: Exchange): boolean {
    if (!condition) this.differs(what, exchange);
    return condition;
  }

  /**
   * The answer has the contract's status and, for that status, what docs/openapi.json says (body schema,
   * required headers); with `code`, a problem body with that code.
   */
  answer(exchange: Exchange, status: number, code?: string): boolean {
    const { answer, request } = exchange;
    if (answer.status !== status) {
      const got = typeof answer.body === 'object' && answer.body && 'code' in answer.body ? ` (${String((answer.body as { code: unknown }).code)})` : '';
      this.differs(`answered ${answer.status}${got}; the contract says ${status}${code ? ` ${code}` : ''}`, exchange);
      return false;
    }
    const path = request.url.slice(this.baseUrl.length).split('?')[0];
    const problems = this.checker.check(request.method, path, answer) ?? [];
    for (const problem of problems) this.differs(`not as docs/openapi.json says: ${problem}`, exchange);
    if (code !== undefined) {
      const type = answer.headers['content-type'] ?? '';
      if (!type.startsWith('application/problem+json')) this.differs(`Content-Type is "${type}", not application/problem+json`, exchange);
      const seen = (answer.body as { code?: unknown } | undefined)?.code;
      if (seen !== code) this.differs(`code is ${JSON.stringify(seen)}, not "${code}"`, exchange);
    }
    return problems.length === 0;
  }

  outcome(): Outcome {
    return this.differences.length ? { state: 'differs', differences: this.differences } : { state: 'held' };
  }
}
