import { useCallback, useMemo, useState } from 'react';

/**
 * The inbox's bulk selection (000 §4: bulk update mode is active or inactive): tickets picked one by one
 * on the loaded pages, or every ticket matching the current filter. Changing the filter clears it.
 */
export function useBulkSelection(filterKey: string) {
  const [active, setActive] = useState(false);
  const [state, setState] = useState<{ key: string; ids: Set<string>; allMatching: boolean }>({
    key: filterKey,
    ids: new Set(),
    allMatching: false,
  });
  const current =
    state.key === filterKey ? state : { key: filterKey, ids: new Set<string>(), allMatching: false };
  const toggle = useCallback(
    (id: string) =>
      setState((s) => {
        const ids = new Set(s.key === filterKey ? s.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key: filterKey, ids, allMatching: false };
      }),
    [filterKey],
  );
  const setPage = useCallback(
    (ids: string[], selected: boolean) =>
      setState((s) => {
        const next = new Set(s.key === filterKey ? s.ids : []);
        for (const id of ids) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return { key: filterKey, ids: next, allMatching: false };
      }),
    [filterKey],
  );
  const selectAllMatching = useCallback(
    (on: boolean) => setState({ key: filterKey, ids: new Set(), allMatching: on }),
    [filterKey],
  );
  const clear = useCallback(
    () => setState({ key: filterKey, ids: new Set(), allMatching: false }),
    [filterKey],
  );
  return useMemo(
    () => ({
      active,
      setActive: (on: boolean) => {
        setActive(on);
        if (!on) clear();
      },
      ids: current.ids,
      allMatching: current.allMatching,
      toggle,
      setPage,
      selectAllMatching,
      clear,
    }),
    [active, current.ids, current.allMatching, toggle, setPage, selectAllMatching, clear],
  );
}

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;
