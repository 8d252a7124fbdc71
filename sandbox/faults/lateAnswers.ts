interface Planted {
  method: string;
  path: string;
  afterMs: number;
}

/**
 * Answers held back on purpose: the service does what the call asks at once, and its answer leaves only
 * later. A client whose timeout is shorter gives up without knowing the service acted, which is what an
 * idempotency key is for. Each plant holds the answer of one call; the sandbox's close drops what is held.
 */
export class LateAnswers {
  private readonly planted: Planted[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  plant(method: string, path: string, afterMs: number): void {
    this.planted.push({ method: method.toUpperCase(), path, afterMs });
  }

  /** The reply as the server should send it: held when a plant matches the call (the plant is used up). */
  deliver<Reply>(method: string, path: string, reply: Reply): Reply | Promise<Reply> {
    const at = this.planted.findIndex((plant) => plant.method === method && plant.path === path);
    if (at === -1) return reply;
    const [{ afterMs }] = this.planted.splice(at, 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(reply);
      }, afterMs);
      this.timers.add(timer);
    });
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
