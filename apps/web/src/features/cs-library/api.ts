import {
  type LibraryKind,
  libraryEndpoints,
  type Macro,
  type MacroApplication,
  type MacroInput,
  macroEndpoints,
} from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyTicketToCaches } from '../../entities/ticket';
import { queryKeys, request } from '../../shared/api';

/** Queries of the chat library; under the inbox key, so a real-time reconnection refetches them too. */
const libraryKeys = {
  all: [...queryKeys.inbox, 'library'] as const,
  entries: (kind: LibraryKind, search = '') => [...queryKeys.inbox, 'library', kind, search] as const,
  macros: (search: string, pageNumber: number) =>
    [...queryKeys.inbox, 'library', 'macros', search, pageNumber] as const,
};

/** GET /api/quick-replies | remarks | chat-tags (001 §3). */
export function useLibrary(kind: LibraryKind, search = '', enabled = true) {
  return useQuery({
    queryKey: libraryKeys.entries(kind, search.trim()),
    queryFn: ({ signal }) =>
      request(libraryEndpoints[kind].list, { query: search.trim() ? { search: search.trim() } : {}, signal }),
    select: (data) => data.items,
    staleTime: 30_000,
    enabled,
  });
}

export function useSaveLibraryEntry(kind: LibraryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; title: string; content: string }) => {
      const body =
        kind === 'chat-tags' ? { title: input.title } : { title: input.title, content: input.content };
      const e = libraryEndpoints[kind];
      return input.id
        ? request(e.update, { params: { id: input.id }, body: body as never })
        : request(e.create, { body: body as never });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export function useDeleteLibraryEntry(kind: LibraryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(libraryEndpoints[kind].remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

const MACRO_PAGE_SIZE = 20;

/** GET /api/macros (000 §7 csplatform/macros: search, pageNumber, pageSize). */
export function useMacros(search: string, pageNumber = 1, enabled = true) {
  return useQuery({
    queryKey: libraryKeys.macros(search.trim(), pageNumber),
    queryFn: ({ signal }) =>
      request(macroEndpoints.list, {
        query: { ...(search.trim() ? { search: search.trim() } : {}), pageNumber, pageSize: MACRO_PAGE_SIZE },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useSaveMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: MacroInput }) =>
      input.id
        ? request(macroEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(macroEndpoints.create, { body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export function useDeleteMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(macroEndpoints.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/**
 * POST /api/tickets/:id/macros/:macroId/apply; the ticket's caches follow the result. `onApplied` is part of
 * the mutation, so it runs even when the chat room closed its composer first (a macro that resolves).
 */
export function useApplyMacro(onApplied: (result: MacroApplication, macro: Macro) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; macro: Macro; applicationId: string }) =>
      request(macroEndpoints.apply, {
        params: { id: input.ticketId, macroId: input.macro.id },
        body: { applicationId: input.applicationId },
      }),
    onSuccess: (result, input) => {
      applyTicketToCaches(queryClient, result.ticket);
      onApplied(result, input.macro);
    },
  });
}
