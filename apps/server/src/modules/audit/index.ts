/**
 * The public entry of the business audit log (001 §2 audit logs): every module writes its changes here, in
 * the transaction of the change.
 */
export { type AuditRecord, changedFields, recordAudit, recordAuditBy } from './audit.record.js';
