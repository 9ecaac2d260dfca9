export { AccessRolesTab } from './AccessRolesTab';
