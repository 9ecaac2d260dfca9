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
export { type Actor, publicPhotoUrl, uploadPhoto } from './catalogue-photos.js';
