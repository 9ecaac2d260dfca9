/** The public entry of catalogue: products, variants, categories and photos (001 §2, §3). */

export { registerCatalogueRoutes } from './catalogue.routes.js';
export {
  createCategory,
  createProduct,
  productsBySkus,
  productsForCart,
  productsForCatalogue,
  productsInFull,
} from './catalogue.service.js';
export { publicPhotoUrl } from './catalogue-photos.js';
export { type Actor, uploadPhoto } from './catalogue-photos.js';
