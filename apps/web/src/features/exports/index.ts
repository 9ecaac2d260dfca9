export {
  DownloadChatDataButton,
  type DownloadChatDataProps,
  EXPORT_HISTORY_PATH,
} from './DownloadChatDataButton';
export { ExportHistoryPage } from './ExportHistoryPage';
