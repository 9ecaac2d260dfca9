export { AgreementPage } from './AgreementPage';
export { AgreementText } from './AgreementText';
export { ConsentDialog, isConsentDue } from './ConsentDialog';
