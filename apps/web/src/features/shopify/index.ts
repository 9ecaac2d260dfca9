export { ShopifyPage } from './ShopifyPage';
