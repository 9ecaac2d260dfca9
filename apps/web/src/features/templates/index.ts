export { TemplateFormPage } from './TemplateFormPage';
export { TemplateInsightPage } from './TemplateInsightPage';
export { TemplatesPage } from './TemplatesPage';
