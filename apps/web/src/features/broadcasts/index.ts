export { ApprovalsPage } from './ApprovalsPage';
export { BroadcastDetailPage } from './BroadcastDetailPage';
export { BroadcastsPage } from './BroadcastsPage';
