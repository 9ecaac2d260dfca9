export { DemoOutboxPage } from './DemoOutboxPage';
