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
export { useInvalidatingMutation } from './mutations';
export { networkSummary, recordRequest, startNetworkLog } from './networkLog';
export { accessSubjectOf, chatCreditQuery, meQuery, queryKeys, useMe } from './queries';
export { saveDownload } from './saveDownload';
export { clearSession, getSession, type Session, setSession, subscribeSession } from './session';
export { useMediaUrl } from './useMediaUrl';
export { applyUserLanguage, saveUserLanguage } from './userLanguage';
export { useSession } from './useSession';
