/** What a drifting proxy (drift.ts) sees of a request and an answer, and what a drift may change. */
type Thing = Record<string, any>;
export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Thing | undefined;
}
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** What the proxy changes: the request on its way in, the answer on its way out, or it answers by itself. */
export interface Drift {
  request?(seen: Seen): void;
  answer?(seen: Seen, answer: Answer): void;
  instead?(seen: Seen): Answer | undefined;
  /** Deliveries pass through the proxy; this changes what the receiver answers as the deployment sees it. */
  delivery?(seen: Seen, status: number): number;
}
