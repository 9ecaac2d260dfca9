import {
  type CartItemInput,
  type CartQuote,
  type Courier,
  cartQuote,
  checkVariantChoice,
  chooseOption,
  type Product,
  priceWithVariants,
} from '@sapa/contracts';

/** One line of the cart being built in a chat: the product as loaded, how many, the chosen variant, a note. */
export interface CartLine {
  key: string;
  product: Product;
  quantity: number;
  choice: Record<string, string[]>;
  note: string;
}

/** A new line: each required single-choice group starts on its first available option. */
export function newLine(product: Product, key: string): CartLine {
  const choice: Record<string, string[]> = {};
  for (const g of product.variantGroups) {
    const first = g.options.find((o) => o.available);
    if (g.required && !g.multiple && first) choice[g.id] = [first.id];
  }
  return { key, product, quantity: 1, choice, note: '' };
}

/** The line after the buyer taps an option (001 §5: single choice replaces or toggles, others multi-select). */
export function tapOption(line: CartLine, groupId: string, optionId: string): CartLine {
  const group = line.product.variantGroups.find((g) => g.id === groupId);
  if (!group) return line;
  return {
    ...line,
    choice: { ...line.choice, [groupId]: chooseOption(group, line.choice[groupId] ?? [], optionId) },
  };
}

export const unitPriceOf = (line: CartLine) =>
  priceWithVariants(line.product.price, line.product.variantGroups, line.choice);

/** Whether every line follows its groups' rules (a required group chosen). */
export const linesValid = (lines: readonly CartLine[]) =>
  lines.length > 0 && lines.every((l) => checkVariantChoice(l.product.variantGroups, l.choice).length === 0);

/** The panel's total estimate, as the server computes it on create. */
export function estimate(lines: readonly CartLine[], courier: Courier | null): CartQuote {
  return cartQuote(
    lines.map((l) => ({
      unitPrice: unitPriceOf(l),
      quantity: l.quantity,
      weightGrams: l.product.weightGrams ?? 0,
    })),
    courier,
  );
}

export const toCartItems = (lines: readonly CartLine[]): CartItemInput[] =>
  lines.map((l) => ({
    productId: l.product.id,
    quantity: l.quantity,
    choice: l.choice,
    note: l.note || null,
  }));
