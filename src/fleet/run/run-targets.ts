/**
 * Runs `run` over the items, at most `limit` at once, starting them in order; once `stop` is
 * aborted no further item starts, and those running finish. Each item's result in the items'
 * order, or undefined for an item never started.
 */
export async function runBounded<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>, stop?: AbortSignal): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = items.map(() => undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && stop?.aborted !== true) {
      const index = next;
      next += 1;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
