export { CallDock } from './CallDock';
export { type CallMediaAdapter, registerCallMedia } from './media/adapter';
