import {
  type BodyOf,
  type ContactFieldInput,
  type ContactGroupInput,
  type ContactProfileInput,
  contactFieldEndpoints,
  contactGroupEndpoints,
  contactListEndpoints,
  contactTagEndpoints,
  type QueryOf,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../shared/api';

/** Every query of the contact pages (invalidated together after a change). */
export const contactKeys = {
  all: ['contacts'] as const,
  list: (filters: ContactFilters) => ['contacts', 'list', filters] as const,
  profile: (id: string) => ['contacts', 'profile', id] as const,
  groups: (search: string) => ['contacts', 'groups', search] as const,
  group: (id: string) => ['contacts', 'group', id] as const,
  tags: ['contacts', 'tags'] as const,
  tag: (id: string) => ['contacts', 'tag', id] as const,
  fields: ['contacts', 'fields'] as const,
};

export type ContactFilters = Omit<QueryOf<typeof contactListEndpoints.list>, 'cursor' | 'limit'>;

/** GET /api/contacts: keyset pages, newest first. */
export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      request(contactListEndpoints.list, { query: { ...filters, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useContactProfile(id: string | null) {
  return useQuery({
    queryKey: contactKeys.profile(id ?? ''),
    queryFn: ({ signal }) => request(contactListEndpoints.profile, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

/** A contact's history list (chats, broadcasts): keyset pages of one contact's endpoint, newest first. */
function useContactHistory<T extends { nextCursor: string | null }>(
  id: string | null,
  name: string,
  page: (id: string, cursor: string | undefined, signal: AbortSignal) => Promise<T>,
) {
  return useInfiniteQuery({
    queryKey: [...contactKeys.profile(id ?? ''), name],
    queryFn: ({ pageParam, signal }) => page(id ?? '', pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(id),
  });
}

/** GET /api/contacts/:id/chats: the contact's tickets, latest activity first, keyset pages. */
export const useContactChats = (id: string | null) =>
  useContactHistory(id, 'chats', (contact, cursor, signal) =>
    request(contactListEndpoints.chats, { params: { id: contact }, query: { cursor }, signal }),
  );

/** GET /api/contacts/:id/broadcasts: the broadcasts that reached the contact, newest first, keyset pages. */
export const useContactBroadcasts = (id: string | null) =>
  useContactHistory(id, 'broadcasts', (contact, cursor, signal) =>
    request(contactListEndpoints.broadcasts, { params: { id: contact }, query: { cursor }, signal }),
  );

function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });
}

export function useSaveContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: { id: string | null; body: ContactProfileInput }) =>
      input.id
        ? request(contactListEndpoints.saveProfile, { params: { id: input.id }, body: input.body })
        : request(contactListEndpoints.create, { body: input.body }),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => request(contactListEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** GET /api/contact-groups: keyset pages, optionally by name. */
export function useContactGroups(search = '') {
  return useInfiniteQuery({
    queryKey: contactKeys.groups(search),
    queryFn: ({ pageParam, signal }) =>
      request(contactGroupEndpoints.list, {
        query: { search: search || undefined, cursor: pageParam ?? undefined, limit: 100 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useSaveGroup() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: { id: string | null; body: ContactGroupInput }) =>
      input.id
        ? request(contactGroupEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(contactGroupEndpoints.create, { body: input.body }),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => request(contactGroupEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

type Membership = BodyOf<typeof contactGroupEndpoints.addContacts>;

/** Adds contacts to (or removes them from) a group or a tag. */
export function useChangeMembers(kind: 'group' | 'tag') {
  const invalidate = useInvalidateContacts();
  const endpoints = kind === 'group' ? contactGroupEndpoints : contactTagEndpoints;
  return useMutation({
    mutationFn: (input: { id: string; change: 'add' | 'remove'; body: Membership }) =>
      request(input.change === 'add' ? endpoints.addContacts : endpoints.removeContacts, {
        params: { id: input.id },
        body: input.body,
      }),
    onSuccess: invalidate,
  });
}

export function useContactTags() {
  return useQuery({
    queryKey: contactKeys.tags,
    queryFn: ({ signal }) => request(contactTagEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

export function useContactTag(id: string | null) {
  return useQuery({
    queryKey: contactKeys.tag(id ?? ''),
    queryFn: ({ signal }) => request(contactTagEndpoints.get, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

export function useSaveTag() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: { id: string | null; name: string }) =>
      input.id
        ? request(contactTagEndpoints.update, { params: { id: input.id }, body: { name: input.name } })
        : request(contactTagEndpoints.create, { body: { name: input.name } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => request(contactTagEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useContactFields() {
  return useQuery({
    queryKey: contactKeys.fields,
    queryFn: ({ signal }) => request(contactFieldEndpoints.list, { signal }),
    select: (data) => data.items,
  });
}

export function useSaveField() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: { id: string | null; body: ContactFieldInput }) =>
      input.id
        ? request(contactFieldEndpoints.update, { params: { id: input.id }, body: input.body })
        : request(contactFieldEndpoints.create, { body: input.body }),
    onSuccess: invalidate,
  });
}
