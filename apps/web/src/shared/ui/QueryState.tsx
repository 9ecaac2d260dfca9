import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';
import { PageLoader } from './PageLoader';

/** What `QueryState` reads of a TanStack query (plain or infinite). */
interface QueryLike<T> {
  data?: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown while the first load runs; the page loader unless given. */
  loading?: ReactNode;
  /** Still loading for another reason as well (e.g. the signed-in user). */
  pending?: boolean;
  /**
   * Keep showing the loaded data when a refetch or a next page fails; the error then shows only when
   * there is nothing to show (lists that keep their rows).
   */
  keepDataOnError?: boolean;
  /** Wraps the error (e.g. with the padding of the panel it sits in). */
  errorFrame?: (error: ReactNode) => ReactNode;
  /** Whether the loaded data has nothing to show; `empty` is shown then. */
  isEmpty?: boolean | ((data: T) => boolean);
  empty?: ReactNode;
  children: ReactNode | ((data: T) => ReactNode);
}

/**
 * The loading → error → empty → content block of a query, in that order: the loader during the first
 * load, the failure with its message and a retry, the empty state, then the content with the data.
 */
export function QueryState<T>({
  query,
  loading = <PageLoader />,
  pending = false,
  keepDataOnError = false,
  errorFrame,
  isEmpty = false,
  empty = null,
  children,
}: QueryStateProps<T>) {
  const failed =
    query.isError && (!keepDataOnError || query.data === undefined || emptyOf(query.data, isEmpty));
  if (pending || (query.isPending && !query.isError)) return <>{loading}</>;
  if (failed) {
    const error = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    return <>{errorFrame ? errorFrame(error) : error}</>;
  }
  const data = query.data as T;
  if (emptyOf(data, isEmpty)) return <>{empty}</>;
  return <>{typeof children === 'function' ? children(data) : children}</>;
}

function emptyOf<T>(data: T, isEmpty: boolean | ((data: T) => boolean)): boolean {
  return typeof isEmpty === 'function' ? isEmpty(data) : isEmpty;
}
