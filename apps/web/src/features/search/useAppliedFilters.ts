import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, paramsFromFilters, type TicketListFilters } from './filters';
import { useFilterOptions } from './options';

/** The applied search in the URL, read against the page's defaults; `apply` writes a new one. */
export function useAppliedFilters(base: TicketListFilters) {
  const [params, setParams] = useSearchParams();
  const options = useFilterOptions();
  const applied = useMemo(
    () => filtersFromParams(params, base, options.channels),
    [params, base, options.channels],
  );
  const apply = (filters: TicketListFilters) =>
    setParams(paramsFromFilters(filters, base), { replace: true });
  return { params, setParams, options, applied, apply };
}
