import {
  can,
  PRODUCT_MESSAGE_MAX,
  type productMessageInputSchema,
  type WaCatalogueState,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden } from '../../platform/http/errors.js';
import { getGraph, postGraph } from '../../platform/whatsapp/graph-client.js';
import { productsForCart, productsForCatalogue, publicPhotoUrl } from '../catalogue/index.js';
import { findConnectedAccount, openSecrets, whatsappConfigOf } from '../channels/index.js';
import { type InboxJobs, sendMessage, type TicketRow } from '../conversations/index.js';
import * as repo from './carts.repository.js';

/**
 * The business's WhatsApp catalogue (issue 19 §4): the products are synced to the catalogue connected to the
 * WhatsApp Business Account of its connected number through the Catalog Batch API (`POST /{catalog-id}/
 * items_batch`, item_type PRODUCT_ITEM, retailer id = SKU), and sent from the chat as single- or multi-product
 * messages; the customer's order comes back as an `order` message (carts.service).
 */

/** The catalogue's batch takes up to 5,000 requests; Sapa sends smaller ones. */
const BATCH_SIZE = 1_000;

async function connectedNumber(deps: ServerDeps, clientId: string) {
  const account = await findConnectedAccount(deps.db, clientId, 'WAP');
  if (!account) return null;
  return { account, config: whatsappConfigOf(account), secrets: openSecrets(deps, account) };
}

/** What the page shows: the number, the catalogue, and each product's state there. */
export async function waCatalogueState(deps: ServerDeps, auth: AuthContext): Promise<WaCatalogueState> {
  const [number, saved, items, products] = await Promise.all([
    connectedNumber(deps, auth.clientId),
    repo.findWaCatalogue(deps.db, auth.clientId),
    repo.waCatalogueItems(deps.db, auth.clientId),
    productsForCatalogue(deps.db, auth.clientId),
  ]);
  const synced = new Map(items.map((i) => [i.productId, i]));
  return {
    account: number ? { id: number.account.id, name: number.account.name } : null,
    catalogId: saved?.catalogId ?? null,
    syncedAt: saved?.syncedAt?.getTime() ?? null,
    lastError: saved?.lastError ?? null,
    items: products.map((p) => {
      const item = synced.get(p.id);
      return {
        productId: p.id,
        name: p.name,
        sku: p.sku,
        price: p.price,
        active: p.active,
        state: !p.sku
          ? 'noSku'
          : !p.photoId
            ? 'noPhoto'
            : item && item.retailerId === p.sku && item.syncedAt >= p.updatedAt
              ? 'synced'
              : 'pending',
      };
    }),
  };
}

/**
 * Sends every product with a SKU to the catalogue (UPDATE creates what is missing; a product not sold is "out of
 * stock"), and DELETEs what the catalogue holds of products gone or whose SKU changed. A refusal is kept as the
 * catalogue's last error and answered 502 `waCatalogue.syncFailed`.
 */
export async function syncWaCatalogue(deps: ServerDeps, auth: AuthContext): Promise<WaCatalogueState> {
  if (!can(auth.subject, 'WHATSAPP_CATALOGUE', 'UPDATE')) throw forbidden();
  const number = await connectedNumber(deps, auth.clientId);
  if (!number) throw badRequest('waCatalogue.noAccount');
  const { config, secrets, account } = number;
  const catalogs = await getGraph<{ data?: { id: string }[] }>(
    config.graphBaseUrl,
    secrets.accessToken,
    `${config.wabaId}/product_catalogs`,
  );
  const catalogId = catalogs.ok ? catalogs.value.data?.[0]?.id : undefined;
  if (!catalogId) {
    deps.logger.warn(
      { clientId: auth.clientId, error: catalogs.ok ? 'none' : catalogs.title },
      'no WhatsApp catalogue',
    );
    throw new AppError(502, 'waCatalogue.syncFailed');
  }
  const products = await productsForCatalogue(deps.db, auth.clientId);
  const before = await repo.waCatalogueItems(deps.db, auth.clientId);
  const startedAt = new Date();
  // WhatsApp names a product by its retailer id (the SKU) and requires its image.
  const withSku = products.filter((p) => p.sku && p.photoId);
  const skuOf = new Map(withSku.map((p) => [p.id, p.sku!]));
  const stale = before.filter((i) => skuOf.get(i.productId) !== i.retailerId);
  const requests = [
    ...stale.map((i) => ({ method: 'DELETE', data: { id: i.retailerId } })),
    ...withSku.map((p) => ({
      method: 'UPDATE',
      data: {
        id: p.sku,
        title: p.name,
        description: p.description || p.name,
        availability: p.active ? 'in stock' : 'out of stock',
        condition: 'new',
        price: `${p.price} IDR`,
        link: p.website || `${deps.config.publicUrl.replace(/\/$/, '')}/`,
        image_link: publicPhotoUrl(deps, auth.clientId, p.photoId!),
        brand: account.name,
      },
    })),
  ];
  const refused = new Set<string>();
  let failure: string | null = null;
  for (let i = 0; i < requests.length && !failure; i += BATCH_SIZE) {
    const res = await postGraph<{
      validation_status?: { retailer_id: string; errors?: { message: string }[] }[];
    }>(config.graphBaseUrl, secrets.accessToken, `${catalogId}/items_batch`, {
      item_type: 'PRODUCT_ITEM',
      requests: requests.slice(i, i + BATCH_SIZE),
    });
    if (!res.ok) failure = res.title;
    else for (const v of res.value.validation_status ?? []) refused.add(v.retailer_id);
  }
  await deps.db.transaction(async (tx) => {
    if (!failure) {
      await repo.replaceWaCatalogueItems(
        tx,
        auth.clientId,
        withSku
          .filter((p) => !refused.has(p.sku!))
          .map((p) => ({ productId: p.id, retailerId: p.sku!, syncedAt: startedAt })),
        [...stale.map((i) => i.productId), ...withSku.filter((p) => refused.has(p.sku!)).map((p) => p.id)],
      );
    }
    await repo.saveWaCatalogue(tx, {
      clientId: auth.clientId,
      channelAccountId: account.id,
      catalogId,
      syncedAt: failure ? ((await repo.findWaCatalogue(tx, auth.clientId))?.syncedAt ?? null) : startedAt,
      lastError:
        failure ?? (refused.size ? `${refused.size} refused: ${[...refused].slice(0, 5).join(', ')}` : null),
    });
  });
  if (failure) {
    deps.logger.warn({ clientId: auth.clientId, error: failure }, 'WhatsApp catalogue sync refused');
    throw new AppError(502, 'waCatalogue.syncFailed');
  }
  return waCatalogueState(deps, auth);
}

/**
 * A single-product (one product) or multi-product message to the chat's WhatsApp customer, sent as the agent's
 * reply (window, plan and idempotency rules of conversations' send): WhatsApp's `interactive` object of type
 * `product` or `product_list`, naming the catalogue and each product by its retailer id. Only products the
 * catalogue holds as they are now can be sent.
 */
export async function sendProductMessage(
  deps: ServerDeps,
  jobs: Pick<InboxJobs, 'send'>,
  auth: AuthContext,
  ticket: TicketRow,
  input: z.output<typeof productMessageInputSchema>,
) {
  if (!can(auth.subject, 'TRANSACTION_BUTTON', 'CREATE')) throw forbidden();
  if (ticket.channel !== 'WAP') throw badRequest('waCatalogue.whatsappOnly');
  const catalogue = await repo.findWaCatalogue(deps.db, auth.clientId);
  if (!catalogue) throw badRequest('waCatalogue.notSynced', { productIds: 'waCatalogue.notSynced' });
  const ids = [...new Set(input.productIds)].slice(0, PRODUCT_MESSAGE_MAX);
  const [found, items] = await Promise.all([
    productsForCart(deps.db, auth.clientId, ids),
    repo.waCatalogueItems(deps.db, auth.clientId),
  ]);
  const byId = new Map(found.map((p) => [p.id, p]));
  const retailerOf = new Map(items.map((i) => [i.productId, i.retailerId]));
  const chosen = ids.map((id) => {
    const p = byId.get(id);
    const retailerId = retailerOf.get(id);
    if (!p || !retailerId || retailerId !== p.sku)
      throw badRequest('waCatalogue.notSynced', { productIds: 'waCatalogue.notSynced' });
    return { name: p.name, retailerId };
  });
  const interactive =
    chosen.length === 1
      ? {
          type: 'product',
          ...(input.body ? { body: { text: input.body } } : {}),
          action: { catalog_id: catalogue.catalogId, product_retailer_id: chosen[0]!.retailerId },
        }
      : {
          type: 'product_list',
          header: { type: 'text', text: input.header },
          body: { text: input.body },
          action: {
            catalog_id: catalogue.catalogId,
            sections: [
              {
                title: input.header.slice(0, 24),
                product_items: chosen.map((c) => ({ product_retailer_id: c.retailerId })),
              },
            ],
          },
        };
  const text = [input.header, input.body, ...chosen.map((c) => `• ${c.name}`)].filter(Boolean).join('\n');
  const message = await sendMessage(
    deps,
    jobs,
    auth,
    ticket.id,
    { text, clientMessageId: input.clientMessageId, internal: false },
    {
      type: 'interactive',
      payload: { interactive, products: chosen.map((c) => ({ retailerId: c.retailerId, name: c.name })) },
      channels: ['WAP'],
    },
  );
  return { messageId: message.id };
}
