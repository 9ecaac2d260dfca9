export { ChannelsSettingsTab } from './ChannelsSettingsTab';
