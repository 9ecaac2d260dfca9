/** The public entry of maker/checker: who may send and who approves a business's broadcasts. */
export { makerCheckerOf } from './maker-checker.service.js';
