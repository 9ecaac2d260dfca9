import {
  type ContactDetail,
  type ContactInput,
  channelEndpoints,
  contactEndpoints,
  type TicketPropertiesInput,
  type TicketSummary,
  ticketCategoryEndpoints,
  ticketHistoryEndpoints,
  ticketPropertyEndpoints,
} from '@sapa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyTicketToCaches, ticketKeys } from '../../../entities/ticket';
import { queryKeys, request } from '../../../shared/api';

/** Queries of the chat room's side panel; under the inbox key, so a real-time reconnection refetches them. */
const panelKeys = {
  categories: [...queryKeys.inbox, 'categories'] as const,
  contact: (id: string) => [...queryKeys.inbox, 'contact', id] as const,
};

/** A ticket's transfers and audit log, keyed by ticket (the assign dialog refreshes the transfers). */
export const ticketHistoryKeys = {
  transfers: (ticketId: string) => [...queryKeys.inbox, 'ticket-history', 'transfers', ticketId] as const,
  audit: (ticketId: string) => [...queryKeys.inbox, 'ticket-history', 'audit', ticketId] as const,
};

/** GET /api/ticket-categories. */
export function useTicketCategories() {
  return useQuery({
    queryKey: panelKeys.categories,
    queryFn: ({ signal }) => request(ticketCategoryEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

/**
 * PATCH /api/tickets/:id: priority, tags, remarks or category; every view of the ticket follows. Priority,
 * tags and remarks show at once and go back if the server refuses them.
 */
export function useUpdateTicketProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; changes: TicketPropertiesInput }) =>
      request(ticketPropertyEndpoints.update, { params: { id: input.ticketId }, body: input.changes }),
    onMutate: ({ ticketId, changes }) => {
      const previous = queryClient.getQueryData<TicketSummary>(ticketKeys.ticket(ticketId));
      if (previous) {
        const { priority, tags, remarks } = changes;
        applyTicketToCaches(queryClient, {
          ...previous,
          ...(priority === undefined ? {} : { priority }),
          ...(tags === undefined ? {} : { tags }),
          ...(remarks === undefined ? {} : { remarks: remarks?.trim() || null }),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) applyTicketToCaches(queryClient, context.previous);
    },
    onSuccess: (ticket, input) => {
      applyTicketToCaches(queryClient, ticket);
      if (input.changes.tags) void queryClient.invalidateQueries({ queryKey: ticketKeys.tags });
    },
  });
}

function refreshAfterCategoryChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: panelKeys.categories });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => request(ticketCategoryEndpoints.create, { body: { name } }),
    onSuccess: () => refreshAfterCategoryChange(queryClient),
  });
}

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      request(ticketCategoryEndpoints.rename, { params: { id: input.id }, body: { name: input.name } }),
    onSuccess: () => refreshAfterCategoryChange(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(ticketCategoryEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshAfterCategoryChange(queryClient),
  });
}

/** GET /api/contacts/:id: the contact of the open chat. */
export function useContact(id: string) {
  return useQuery({
    queryKey: panelKeys.contact(id),
    queryFn: ({ signal }) => request(contactEndpoints.detail, { params: { id }, signal }),
  });
}

/** PATCH /api/contacts/:id; the open chat's header shows the new name at once. */
export function useUpdateContact(ticket: TicketSummary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) =>
      request(contactEndpoints.update, { params: { id: ticket.contact.id }, body: input }),
    onSuccess: (contact: ContactDetail) => {
      queryClient.setQueryData(panelKeys.contact(contact.id), contact);
      const current = queryClient.getQueryData<TicketSummary>(ticketKeys.ticket(ticket.id)) ?? ticket;
      applyTicketToCaches(queryClient, {
        ...current,
        contact: { ...current.contact, name: contact.name, handle: contact.phone ?? current.contact.handle },
      });
    },
  });
}

/** GET /api/tickets/:id/transfers: who handed the chat to whom, when. */
export function useTransfers(ticketId: string, updatedAt: number) {
  return useQuery({
    queryKey: [...ticketHistoryKeys.transfers(ticketId), updatedAt],
    queryFn: ({ signal }) => request(ticketHistoryEndpoints.transfers, { params: { id: ticketId }, signal }),
    select: (data) => data.items,
  });
}

/** GET /api/tickets/:id/audit: the ticket's changes with the names of the ids they mention. */
export function useTicketAudit(ticketId: string, updatedAt: number) {
  return useQuery({
    queryKey: [...ticketHistoryKeys.audit(ticketId), updatedAt],
    queryFn: ({ signal }) => request(ticketHistoryEndpoints.audit, { params: { id: ticketId }, signal }),
  });
}

/**
 * GET /api/tickets/:id/marketplace: the order and product the buyer's cards name, read from the marketplace;
 * read again when the chat changes (a new card).
 */
export function useMarketplaceContext(ticketId: string, updatedAt: number) {
  return useQuery({
    queryKey: [...queryKeys.inbox, 'marketplace', ticketId, updatedAt],
    queryFn: ({ signal }) =>
      request(channelEndpoints.marketplaceContext, { params: { id: ticketId }, signal }),
    placeholderData: (previous) => previous,
  });
}
