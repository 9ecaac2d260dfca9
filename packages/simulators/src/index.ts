export * from './signatures.js';
