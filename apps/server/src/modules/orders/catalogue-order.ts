import {
  type CartItemInput,
  type CatalogueOrder,
  type CatalogueOrderItem,
  defaultVariantChoice,
  ORDER_ITEMS_MAX,
  ORDER_QUANTITY_MAX,
  type VariantGroup,
} from '@sapa/contracts';

/** What the mapping needs of a product: its SKU (the WhatsApp retailer id), sold or not, its variant groups. */
export interface SkuProduct {
  id: string;
  sku: string | null;
  active: boolean;
  variantGroups: readonly VariantGroup[];
}

/**
 * A customer's WhatsApp catalogue order as the panel's cart (issue 19 §4): each line names a product of the
 * business by SKU (retailer id, ignoring case); a product sold is a cart item with the order's quantity (the
 * same product twice adds up, at most 999) and its required single-choice groups on their first available
 * option, as the panel starts a line. A line naming no product, a product not sold, a quantity that is not a
 * whole number from 1, or a line past the cart's 50 is left unmatched for the agent to see. Prices are not
 * taken from the order: the transaction is priced from the catalogue when it is created.
 */
export function cartItemsFromOrder(
  order: Pick<CatalogueOrder, 'items'>,
  products: readonly SkuProduct[],
): {
  items: Required<Pick<CartItemInput, 'productId' | 'quantity' | 'choice'>>[];
  unmatched: CatalogueOrderItem[];
} {
  const bySku = new Map<string, SkuProduct>();
  for (const p of products) if (p.sku) bySku.set(p.sku.toLowerCase(), p);
  const lines = new Map<string, { productId: string; quantity: number; choice: Record<string, string[]> }>();
  const unmatched: CatalogueOrderItem[] = [];
  for (const item of order.items) {
    const product = bySku.get(item.retailerId.toLowerCase());
    const wholeQuantity = Number.isInteger(item.quantity) && item.quantity >= 1;
    if (!product?.active || !wholeQuantity) {
      unmatched.push(item);
      continue;
    }
    const line = lines.get(product.id);
    if (line) {
      line.quantity = Math.min(ORDER_QUANTITY_MAX, line.quantity + item.quantity);
      continue;
    }
    if (lines.size >= ORDER_ITEMS_MAX) {
      unmatched.push(item);
      continue;
    }
    lines.set(product.id, {
      productId: product.id,
      quantity: Math.min(ORDER_QUANTITY_MAX, item.quantity),
      choice: defaultVariantChoice(product.variantGroups),
    });
  }
  return { items: [...lines.values()], unmatched };
}
