/**
 * Natural batching: calls made while a batch is being written wait and go together in the next one. An
 * idle caller goes at once (no linger); under load each batch is whatever arrived during the last one, so
 * one statement and one commit (one WAL flush) serve many callers.
 *
 * `run` answers one result per item, in order. When a batch fails, each of its items is tried alone with
 * `runOne`, so one bad item fails only its own caller.
 */
export function createNaturalBatcher<I, O>(options: {
  run: (items: I[]) => Promise<O[]>;
  runOne: (item: I) => Promise<O>;
  maxBatch: number;
  /**
   * Let the calls made in the same tick as an idle call join it (the pump starts after the current
   * synchronous code, in a microtask: no timer, no linger). A caller that issues many calls at once (a round
   * of sends in `Promise.all`) then costs one batch instead of a lone write followed by a batch.
   */
  gatherTick?: boolean;
}): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  async function writeAlone(w: Waiting) {
    try {
      w.resolve(await options.runOne(w.item));
    } catch (err) {
      w.reject(err);
    }
  }

  async function pump() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(batch.length);
        if (batch.length === 1) {
          await writeAlone(batch[0]!);
          continue;
        }
        let results: O[] | undefined;
        try {
          results = await options.run(batch.map((w) => w.item));
        } catch {
          results = undefined;
        }
        if (results && results.length === batch.length) {
          for (const [i, w] of batch.entries()) w.resolve(results[i]!);
        } else for (const w of batch) await writeAlone(w);
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing) return;
      if (options.gatherTick) {
        writing = true;
        queueMicrotask(() => void pump());
      } else void pump();
    });
}
