import type { ProductInput } from '@sapa/contracts';
import { productInputSchema } from '@sapa/contracts';
import sharp from 'sharp';
import type { ServerDeps } from '../../platform/deps.js';
import { type Actor, createCategory, createProduct, uploadPhoto } from '../catalogue/index.js';
import { saveCouriers } from '../orders/index.js';
import { ownerIdOf } from './demo.repository.js';

type DemoProduct = Omit<ProductInput, 'categoryId' | 'photoIds'> & { category: string; colour: string };

const size = (extra: [number, number]) => ({
  name: 'Ukuran',
  required: true,
  multiple: false,
  options: [
    { name: 'Regular', extraPrice: 0 },
    { name: 'Large', extraPrice: extra[0] },
    { name: 'Jumbo', extraPrice: extra[1], available: false },
  ],
});

/** The demo shop's catalogue (issue 19): 8 products in 3 categories, three with variant groups. */
const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    category: 'Minuman',
    colour: '#8d5524',
    name: 'Kopi Susu Gula Aren',
    price: 18_000,
    type: 'physical',
    unit: 'gelas',
    weight: 350,
    weightUnit: 'g',
    sku: 'MNM-001',
    description: 'Espresso, susu segar dan gula aren asli.',
    variantGroups: [
      size([5_000, 9_000]),
      {
        name: 'Es',
        required: true,
        multiple: false,
        options: [
          { name: 'Normal', extraPrice: 0 },
          { name: 'Sedikit', extraPrice: 0 },
          { name: 'Tanpa es', extraPrice: 0 },
        ],
      },
      {
        name: 'Topping',
        required: false,
        multiple: true,
        options: [
          { name: 'Boba', extraPrice: 4_000 },
          { name: 'Cincau', extraPrice: 3_000 },
          { name: 'Extra shot', extraPrice: 6_000 },
        ],
      },
    ],
  },
  {
    category: 'Minuman',
    colour: '#2e7d32',
    name: 'Matcha Latte',
    price: 24_000,
    type: 'physical',
    unit: 'gelas',
    weight: 350,
    weightUnit: 'g',
    sku: 'MNM-002',
    variantGroups: [size([5_000, 9_000])],
  },
  {
    category: 'Minuman',
    colour: '#f9a825',
    name: 'Es Teh Lemon',
    price: 12_000,
    type: 'physical',
    unit: 'gelas',
    weight: 300,
    weightUnit: 'g',
    sku: 'MNM-003',
  },
  {
    category: 'Makanan',
    colour: '#c62828',
    name: 'Nasi Goreng Kampung',
    price: 28_000,
    type: 'physical',
    unit: 'porsi',
    weight: 0.5,
    weightUnit: 'kg',
    sku: 'MKN-001',
    variantGroups: [
      {
        name: 'Level pedas',
        required: true,
        multiple: false,
        options: [0, 1, 2, 3].map((level) => ({ name: `Level ${level}`, extraPrice: 0 })),
      },
      {
        name: 'Tambahan',
        required: false,
        multiple: true,
        options: [
          { name: 'Telur ceplok', extraPrice: 5_000 },
          { name: 'Sate ayam', extraPrice: 10_000 },
        ],
      },
    ],
  },
  {
    category: 'Makanan',
    colour: '#6d4c41',
    name: 'Roti Bakar Cokelat Keju',
    price: 20_000,
    type: 'physical',
    unit: 'porsi',
    weight: 250,
    weightUnit: 'g',
    sku: 'MKN-002',
  },
  {
    category: 'Makanan',
    colour: '#ef6c00',
    name: 'Pisang Goreng Madu',
    price: 15_000,
    type: 'physical',
    unit: 'porsi',
    weight: 200,
    weightUnit: 'g',
    sku: 'MKN-003',
    active: false,
  },
  {
    category: 'Merchandise',
    colour: '#1565c0',
    name: 'Tumbler Sapa 500 ml',
    price: 85_000,
    type: 'physical',
    unit: 'pcs',
    weight: 0.4,
    weightUnit: 'kg',
    sku: 'MRC-001',
    website: 'https://sapa.example/tumbler',
  },
  {
    category: 'Merchandise',
    colour: '#6a1b9a',
    name: 'Voucher Belanja Rp50.000',
    price: 50_000,
    type: 'non_physical',
    unit: 'lembar',
    sku: 'MRC-002',
    description: 'Kode voucher dikirim lewat chat setelah pembayaran.',
  },
];

/** A product photo: a plain coloured tile with a lighter disc (no fonts needed), as PNG. */
function demoPhoto(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${colour}"/><circle cx="300" cy="300" r="170" fill="#ffffff" fill-opacity="0.35"/><circle cx="300" cy="300" r="90" fill="#ffffff" fill-opacity="0.5"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo business's catalogue, added as its owner through the catalogue's own operations (so the rules
 * and photo renditions are the product's). Run once, when the demo business is created.
 */
export async function seedDemoCatalogue(deps: ServerDeps, clientId: string): Promise<void> {
  const userId = await ownerIdOf(deps.db, clientId);
  if (!userId) return;
  const actor: Actor = { clientId, userId };
  const categoryIds = new Map<string, string>();
  for (const name of ['Minuman', 'Makanan', 'Merchandise'])
    categoryIds.set(name, (await createCategory(deps, actor, { name, displayed: true })).id);
  for (const { category, colour, ...product } of DEMO_PRODUCTS) {
    const photo = await uploadPhoto(deps, actor, await demoPhoto(colour));
    const input = productInputSchema.parse({
      ...product,
      categoryId: categoryIds.get(category),
      photoIds: [photo.id],
    });
    await createProduct(deps, actor, input);
  }
  // Business settings › Shipping: a flat-fee courier and one priced by the order's value (001 §3).
  await saveCouriers(deps, actor, {
    couriers: [
      {
        name: 'JNE Reguler',
        feeType: 'flat',
        fee: 9_000,
        thresholds: [],
        estimateTime: '2-3 hari',
        active: true,
      },
      {
        name: 'Kurir Toko',
        feeType: 'by_price',
        fee: 0,
        thresholds: [
          { maxPrice: 50_000, fee: 12_000 },
          { maxPrice: 150_000, fee: 8_000 },
        ],
        estimateTime: 'Hari ini',
        active: true,
      },
    ],
  });
}
