import {
  type TicketFieldInput,
  type TicketFormInput,
  type TicketFormStateInput,
  type TimeTrackingInput,
  ticketFormEndpoints,
  timeTrackingEndpoints,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketKeys } from '../../entities/ticket';
import { queryKeys, request } from '../../shared/api';

export const formKeys = {
  all: [...queryKeys.inbox, 'ticket-forms'] as const,
  forms: [...queryKeys.inbox, 'ticket-forms', 'list'] as const,
  form: (id: string) => [...queryKeys.inbox, 'ticket-forms', 'form', id] as const,
  fields: (search: string, page: number) =>
    [...queryKeys.inbox, 'ticket-forms', 'fields', search, page] as const,
  state: (ticketId: string) => [...queryKeys.inbox, 'ticket-forms', 'state', ticketId] as const,
  time: (ticketId: string) => [...queryKeys.inbox, 'ticket-forms', 'time', ticketId] as const,
};

const FIELD_PAGE_SIZE = 20;

export function useTicketForms() {
  return useQuery({
    queryKey: formKeys.forms,
    queryFn: ({ signal }) => request(ticketFormEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

export function useTicketForm(id: string | null) {
  return useQuery({
    queryKey: formKeys.form(id ?? ''),
    queryFn: ({ signal }) => request(ticketFormEndpoints.detail, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useTicketFields(search: string, page: number, pageSize = FIELD_PAGE_SIZE) {
  return useQuery({
    queryKey: [...formKeys.fields(search.trim(), page), pageSize],
    queryFn: ({ signal }) =>
      request(ticketFormEndpoints.fields, {
        query: { ...(search.trim() ? { search: search.trim() } : {}), page, pageSize },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useSaveField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TicketFieldInput }) =>
      input.id
        ? request(ticketFormEndpoints.updateField, { params: { fieldId: input.id }, body: input.body })
        : request(ticketFormEndpoints.createField, { body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useSaveForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TicketFormInput }) =>
      input.id
        ? request(ticketFormEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(ticketFormEndpoints.create, { body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(ticketFormEndpoints.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** GET /api/tickets/:id/form (000 §3 ticket form state). */
export function useTicketFormState(ticketId: string) {
  return useQuery({
    queryKey: formKeys.state(ticketId),
    queryFn: ({ signal }) => request(ticketFormEndpoints.state, { params: { id: ticketId }, signal }),
  });
}

/** PUT /api/tickets/:id/form; the ticket (priority, category) is refetched for every view. */
export function useSaveTicketFormState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; body: TicketFormStateInput }) =>
      request(ticketFormEndpoints.saveState, { params: { id: input.ticketId }, body: input.body }),
    onSuccess: (state, input) => {
      queryClient.setQueryData(formKeys.state(input.ticketId), state);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(input.ticketId) });
    },
  });
}

/** GET /api/tickets/:id/time-tracking: seconds spent on the ticket (everyone, and mine). */
export function useTimeTotals(ticketId: string) {
  return useQuery({
    queryKey: formKeys.time(ticketId),
    queryFn: ({ signal }) => request(timeTrackingEndpoints.total, { params: { id: ticketId }, signal }),
  });
}

/** POST /api/tickets/:id/time-tracking. */
export async function sendTimeEntry(ticketId: string, body: TimeTrackingInput) {
  return request(timeTrackingEndpoints.record, { params: { id: ticketId }, body });
}
