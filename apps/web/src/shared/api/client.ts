import {
  type BodyOf,
  type Endpoint,
  type ErrorResponse,
  identityEndpoints,
  pathWith,
  type QueryOf,
  type ResponseOf,
  type TokenPair,
  VERSION_HEADER,
} from '@sapa/contracts';
import { currentLanguage } from '../i18n';
import { ApiError, failToSend, isErrorResponse } from './errors';
import { recordRequest } from './networkLog';
import { clearSession, getSession, updateTokens } from './session';

/**
 * The typed API client over the contracts' endpoints (000 §7):
 * - bearer access token and Accept-Language on every call;
 * - on a 401, exactly one shared refresh that concurrent requests wait for, then one retry; a failed
 *   refresh ends the session (the app then shows /login);
 * - a failed request never throws from `call`: it resolves to the server's error body or to
 *   `{ statusCode, error: 'error', message: 'Fail to send request' }`;
 * - a changed `x-sapa-version` answer header hard-reloads the page (000 §1).
 */

export interface CallOptions<E extends Endpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the access token and refresh on 401 (default true when signed in). */
  auth?: boolean;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ErrorResponse };

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => window.location.assign('/login');

/** The app decides what "goes to /login" means (router navigation keeping the current path). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

// ---------------------------------------------------------------- version check (000 §1)

const RELOAD_MARKER_KEY = 'sapa.reloadedForVersion';
let loadedVersion: string | null = null;

/** The server version this page was loaded with (GET /api/app/info at boot). */
export function setLoadedVersion(version: string): void {
  loadedVersion = version;
}

function checkVersion(response: Response): void {
  const version = response.headers.get(VERSION_HEADER);
  if (!version || !loadedVersion || version === loadedVersion) return;
  // One reload per new version, so a mixed fleet during a rollout cannot make the page loop.
  try {
    if (sessionStorage.getItem(RELOAD_MARKER_KEY) === version) return;
    sessionStorage.setItem(RELOAD_MARKER_KEY, version);
  } catch {
    // Without sessionStorage we still reload once for this page.
  }
  loadedVersion = version;
  window.location.reload();
}

// ---------------------------------------------------------------- low-level request

function buildUrl(path: string, query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The URL of a call to `endpoint`: its path with `params` filled and `query` as the search string. */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'query'> = {},
): string {
  const path = options.params ? pathWith(endpoint.path, options.params) : endpoint.path;
  return buildUrl(path, options.query);
}

interface RawRequest {
  method: string;
  url: string;
  body: unknown;
  token: string | null;
  signal: AbortSignal | undefined;
}

async function send(req: RawRequest): Promise<ApiResult<unknown>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  let payload: string | Blob | undefined;
  if (req.body instanceof Blob && req.method !== 'GET') {
    // An upload: the raw bytes with their own type (e.g. a live-chat logo).
    headers['Content-Type'] = req.body.type || 'application/octet-stream';
    payload = req.body;
  } else if (req.body !== undefined && req.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(req.body);
  }
  let response: Response;
  const started = performance.now();
  const logged = (status: number) =>
    recordRequest({
      method: req.method,
      path: req.url,
      status,
      ms: performance.now() - started,
      at: Date.now(),
    });
  try {
    response = await fetch(req.url, { method: req.method, headers, body: payload, signal: req.signal });
  } catch {
    logged(0);
    return { ok: false, status: 500, error: failToSend(500) };
  }
  logged(response.status);
  checkVersion(response);
  let data: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data };
  const error: ErrorResponse = isErrorResponse(data)
    ? { ...data, error: typeof data.error === 'string' ? data.error : 'error' }
    : failToSend(response.status || 500);
  return { ok: false, status: response.status, error };
}

// ---------------------------------------------------------------- the single shared refresh

let refreshing: Promise<boolean> | null = null;

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  // Tabs share one rotating refresh token: serialise refreshes across tabs where the browser can.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request('sapa.refresh', work);
  return work();
}

async function refreshTokens(failedToken: string): Promise<boolean> {
  return withRefreshLock(async () => {
    const session = getSession();
    if (!session) return false;
    // Another request (or tab) already refreshed while we waited.
    if (session.accessToken !== failedToken) return true;
    const result = await send({
      method: identityEndpoints.refresh.method,
      url: identityEndpoints.refresh.path,
      body: { refreshToken: session.refreshToken },
      token: null,
      signal: undefined,
    });
    if (result.ok) {
      updateTokens(result.data as TokenPair);
      return true;
    }
    return false;
  });
}

/** Starts the refresh, or joins the one already running. */
function sharedRefresh(failedToken: string): Promise<boolean> {
  const session = getSession();
  if (!session) return Promise.resolve(false);
  if (session.accessToken !== failedToken && !refreshing) return Promise.resolve(true);
  if (!refreshing) {
    refreshing = refreshTokens(failedToken)
      .then((ok) => {
        if (!ok) expireSession();
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

function expireSession(): void {
  if (!getSession()) return;
  clearSession();
  onSessionExpired();
}

// ---------------------------------------------------------------- public API

/** Calls an endpoint. Never throws: a failure resolves to `{ ok: false, error }` with a user-facing message. */
export async function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ApiResult<ResponseOf<E>>> {
  const url = endpointUrl(endpoint, options);
  const useAuth = options.auth !== false;
  if (refreshing && useAuth) await refreshing;
  const token = useAuth ? (getSession()?.accessToken ?? null) : null;
  const req: RawRequest = { method: endpoint.method, url, body: options.body, token, signal: options.signal };
  const first = await send(req);
  if (first.ok || first.status !== 401 || !token) return first as ApiResult<ResponseOf<E>>;
  const refreshed = await sharedRefresh(token);
  if (!refreshed) return first as ApiResult<ResponseOf<E>>;
  const retry = await send({ ...req, token: getSession()?.accessToken ?? null });
  if (!retry.ok && retry.status === 401) expireSession();
  return retry as ApiResult<ResponseOf<E>>;
}

/** Like `call`, but throws an `ApiError` (for TanStack Query and mutations). */
export async function request<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const result = await call(endpoint, options);
  if (!result.ok) throw new ApiError(result.error);
  return result.data;
}

/** Sends a file as the raw request body with its own Content-Type (upload endpoints); throws like `request`. */
export function upload<E extends Endpoint>(
  endpoint: E,
  file: Blob,
  options: Omit<CallOptions<E>, 'body'> = {},
): Promise<ResponseOf<E>> {
  return request(endpoint, { ...options, body: file as BodyOf<E> });
}

/**
 * Downloads a protected file (chat media) with the session's token, refreshing once on a 401 like every
 * other call. Throws when it cannot be had.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const attempt = (token: string | null) =>
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  const token = getSession()?.accessToken ?? null;
  let response = await attempt(token);
  if (response.status === 401 && token && (await sharedRefresh(token))) {
    response = await attempt(getSession()?.accessToken ?? null);
  }
  if (!response.ok) throw new Error(`media ${response.status}`);
  return response.blob();
}
