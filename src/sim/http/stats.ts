/** Counts of /api requests received, for tests such as "a second apply sends no write". */
export interface RequestStatistics {
  total: number;
  reads: number;
  writes: number;
  /** answered code 10001 by fault injection (HTTP 200 in the real wire style, 503 in the reference style) */
  faulted: number;
  /** performed, then the connection was closed without an answer */
  dropped: number;
  /** answered 429 */
  rateLimited: number;
  /** answered 500: always a simulator bug */
  internalErrors: number;
  /** `METHOD /route/pattern` (or the raw path when no route matched) → count */
  byRoute: Record<string, number>;
}

export class RequestStats {
  private data: RequestStatistics = RequestStats.empty();

  private static empty(): RequestStatistics {
    return { total: 0, reads: 0, writes: 0, faulted: 0, dropped: 0, rateLimited: 0, internalErrors: 0, byRoute: {} };
  }

  received(method: string, routeKey: string): void {
    this.data.total += 1;
    if (method === 'GET' || method === 'HEAD') this.data.reads += 1;
    else this.data.writes += 1;
    this.data.byRoute[routeKey] = (this.data.byRoute[routeKey] ?? 0) + 1;
  }

  count(kind: 'faulted' | 'dropped' | 'rateLimited' | 'internalErrors'): void {
    this.data[kind] += 1;
  }

  snapshot(): RequestStatistics {
    return { ...this.data, byRoute: { ...this.data.byRoute } };
  }

  reset(): void {
    this.data = RequestStats.empty();
  }
}
