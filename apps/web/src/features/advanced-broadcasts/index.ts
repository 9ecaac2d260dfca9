export { AdvancedBroadcastPage } from './AdvancedBroadcastPage';
