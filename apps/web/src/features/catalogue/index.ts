export { useProduct, useProducts } from './api';
export { CategoryPage } from './CategoryPage';
export { ProductFormPage } from './ProductFormPage';
export { ProductListPage } from './ProductListPage';
export { ProductListWidget } from './ProductListWidget';
