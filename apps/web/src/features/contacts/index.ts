export { BulkUploadPage } from './BulkUploadPage';
export { ContactDetailPage } from './ContactDetailPage';
export { ContactsPage } from './ContactsPage';
export { ContactTagPage } from './ContactTagPage';
export { CustomFieldsPage } from './CustomFieldsPage';
