export { BulkModeToggle } from './BulkModeToggle';
export { BulkProgress } from './BulkProgress';
export { BulkToolbar } from './BulkToolbar';
export { type BulkSelectionState, useBulkSelection } from './useBulkSelection';
