import { can, catalogueEndpoints as e, PRODUCT_PHOTO_MAX_BYTES } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import { needs, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import * as catalogue from './catalogue.service.js';
import { PUBLIC_PHOTO_PATH, readPhoto, readPublicPhoto, uploadPhoto } from './catalogue-photos.js';

const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * The catalogue (001 §2 Products): products need PRODUCT (adding one CREATE_PRODUCT), categories CATEGORY;
 * all three are ID-country only in the contracts' permission model (000 §6), which the guard applies.
 */
export async function registerCatalogueRoutes(app: FastifyInstance, deps: ServerDeps) {
  route(app, e.listProducts, needs('PRODUCT', 'READ'), ({ query, request }) =>
    catalogue.listProducts(deps, requireAuth(request), query),
  );
  route(app, e.product, needs('PRODUCT', 'READ'), ({ params, request }) =>
    catalogue.getProduct(deps, requireAuth(request), params.id!),
  );
  route(app, e.productByRetailerId, needs('PRODUCT', 'READ'), ({ params, request }) =>
    catalogue.productByRetailerId(deps, requireAuth(request), params.retailer!),
  );
  route(app, e.createProduct, needs('CREATE_PRODUCT', 'CREATE'), ({ body, request }) =>
    catalogue.createProduct(deps, requireAuth(request), body),
  );
  route(app, e.updateProduct, needs('PRODUCT', 'UPDATE'), ({ body, params, request }) =>
    catalogue.updateProduct(deps, requireAuth(request), params.id!, body),
  );
  route(app, e.deleteProduct, needs('PRODUCT', 'DELETE'), ({ params, request }) =>
    catalogue.deleteProduct(deps, requireAuth(request), params.id!),
  );
  route(app, e.bulkStatus, needs('PRODUCT', 'ACTIVATE'), ({ body, request }) =>
    catalogue.setProductsActive(deps, requireAuth(request), body.ids, body.active),
  );
  route(app, e.bulkDelete, needs('PRODUCT', 'DELETE'), ({ body, request }) =>
    catalogue.deleteProducts(deps, requireAuth(request), body.ids),
  );
  route(app, e.photo, needs('PRODUCT', 'READ'), async ({ params, query, request, reply }) => {
    const item = await readPhoto(deps, requireAuth(request), params.id!, query.size);
    return reply.header('cache-control', 'private, max-age=86400').type(item.mime).send(item.bytes);
  });
  await app.register(async (scope) => {
    // A photo is the raw file as the body (no multipart); JSON keeps its own parser.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PRODUCT_PHOTO_MAX_BYTES + 1 },
      (_r, body, done) => done(null, body),
    );
    // Adding a product or editing one both upload photos.
    route(scope, e.uploadPhoto, needs('PRODUCT', 'READ'), ({ request }) => {
      const auth = requireAuth(request);
      if (!can(auth.subject, 'CREATE_PRODUCT', 'CREATE') && !can(auth.subject, 'PRODUCT', 'UPDATE'))
        throw forbidden();
      return uploadPhoto(deps, auth, rawBody(request.body));
    });
  });
  // A photo's signed public address, for WhatsApp's catalogue (`image_link`).
  app.get<{ Params: { clientId: string; photoId: string }; Querystring: Record<string, unknown> }>(
    `${PUBLIC_PHOTO_PATH}/:clientId/:photoId`,
    { config: { access: PUBLIC } },
    async (request, reply) => {
      const { clientId, photoId } = request.params;
      const uuid = /^[0-9a-f-]{36}$/;
      if (!uuid.test(clientId) || !uuid.test(photoId)) throw notFound();
      const item = await readPublicPhoto(deps, clientId, photoId, request.query.s);
      return reply.header('cache-control', 'public, max-age=3600').type(item.mime).send(item.bytes);
    },
  );
  route(app, e.listCategories, needs('CATEGORY', 'READ'), ({ request }) =>
    catalogue.listCategories(deps, requireAuth(request)),
  );
  route(app, e.createCategory, needs('CATEGORY', 'CREATE'), ({ body, request }) =>
    catalogue.createCategory(deps, requireAuth(request), body),
  );
  route(app, e.updateCategory, needs('CATEGORY', 'UPDATE'), ({ body, params, request }) =>
    catalogue.updateCategory(deps, requireAuth(request), params.id!, body),
  );
  route(app, e.deleteCategory, needs('CATEGORY', 'DELETE'), ({ params, query, request }) =>
    catalogue.deleteCategory(deps, requireAuth(request), params.id!, query),
  );
}
