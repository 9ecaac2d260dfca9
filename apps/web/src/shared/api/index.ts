export { useConnectedChannels } from './channels';
export {
  type ApiResult,
  type CallOptions,
  call,
  endpointUrl,
  fetchBlob,
  request,
  setLoadedVersion,
  setSessionExpiredHandler,
  upload,
} from './client';
export { connectedChannels } from './connectedChannels';
export { ApiError, errorMessage, fieldErrorsOf, isErrorResponse } from './errors';
export { accessSubjectOf, chatCreditQuery, meQuery, queryKeys, useMe } from './queries';
export { clearSession, getSession, type Session, setSession, subscribeSession } from './session';
export { useMediaUrl } from './useMediaUrl';
export { useSession } from './useSession';
