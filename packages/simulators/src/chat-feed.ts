import type { ServerResponse } from 'node:http';

/**
 * A customer page's live feeds (server-sent events), one per chat key: each published entry goes, in the
 * page's shape (`pageEntryOf`), to every page following that chat.
 */
export function createChatFeed<Entry>(pageEntryOf: (entry: Entry) => unknown) {
  const subscribers = new Map<string, Set<ServerResponse>>();
  return {
    publish(key: string, entry: Entry) {
      const data = `data: ${JSON.stringify(pageEntryOf(entry))}\n\n`;
      for (const res of subscribers.get(key) ?? []) res.write(data);
    },
    subscribe(key: string, res: ServerResponse) {
      const set = subscribers.get(key) ?? new Set<ServerResponse>();
      subscribers.set(key, set);
      set.add(res);
      return () => {
        set.delete(res);
        if (set.size === 0) subscribers.delete(key);
      };
    },
    endAll() {
      for (const set of subscribers.values()) for (const res of set) res.end();
      subscribers.clear();
    },
  };
}
