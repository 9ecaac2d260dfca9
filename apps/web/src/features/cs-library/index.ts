export { ChatSettingPage } from './ChatSettingPage';
export { MacroButton } from './MacroDialog';
export { QuickReplyMenu, useQuickReplySlash } from './QuickReplyMenu';
export { RemarkSuggestions, useTagSuggestions } from './Suggestions';
