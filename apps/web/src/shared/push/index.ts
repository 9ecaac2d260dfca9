export { enablePush, startPushDevice } from './pushDevice';
export { dropPushSubscription, KEPT_SW_VERSION, startServiceWorker } from './serviceWorker';
