import { SERVICE } from '../../shared';

export interface FieldProblem {
  param: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown by a handler to answer with an RFC 9457 problem (the contract's "Errors" section). */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors?: FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function problemBody(problem: Problem, requestId: string) {
  return {
    type: `${SERVICE.docsUrl}errors/${problem.code}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
    request_id: requestId,
  };
}

/** `found`, or the contract's 404 naming what was looked for. */
export function orNotFound<T>(found: T | undefined, what: string, id: string): T {
  if (found === undefined) throw new Problem(404, 'not_found', `No ${what} with ID ${id} exists in this sandbox.`);
  return found;
}
