export { makerCheckerKeys, useMyMakerCheckerRole } from './api';
export { MakerCheckerSettingPage } from './MakerCheckerSettingPage';
