/**
 * Reads one item ahead: the next batch is fetched from the database while the current one is written, so the
 * database and the writer work at the same time (two batches in memory at most).
 */
export async function* readAhead<T>(source: AsyncIterator<T>): AsyncGenerator<T> {
  let next = source.next();
  for (;;) {
    const item = await next;
    if (item.done) return;
    next = source.next();
    // A failure of the read ahead surfaces when it is awaited; never as an unhandled rejection meanwhile.
    next.catch(() => {});
    yield item.value;
  }
}
