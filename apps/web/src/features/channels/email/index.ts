export { EmailCreatePage, EmailEditPage } from './EmailAccountPage';
