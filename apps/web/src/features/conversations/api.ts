import { conversationEndpoints, type Message, type ReplyButtonsInput, replyButtonsOf } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyMessageToCaches,
  applyTicketToCaches,
  cachedTicket,
  type MessagePages,
  removeMessage,
  ticketKeys,
  upsertMessage,
} from '../../entities/ticket';
import { ApiError, request } from '../../shared/api';
import { teamKeys } from '../teams/api';
import { ticketHistoryKeys } from './side-panel/panelApi';

/** The inbox's own mutations: reading, sending, retrying and resolving in the chat room. */

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(conversationEndpoints.markRead, { params: { id }, body: {} }),
    onSuccess: (_data, id) => {
      const ticket = cachedTicket(queryClient, id);
      if (ticket && ticket.unreadCount > 0) applyTicketToCaches(queryClient, { ...ticket, unreadCount: 0 });
      else void queryClient.invalidateQueries({ queryKey: ticketKeys.unread });
    },
  });
}
export interface SendInput {
  ticketId: string;
  text: string;
  internal: boolean;
  clientMessageId: string;
  senderName: string;
  senderUserId: string;
  /** An email ticket's Cc (comma separated) and subject (000 §5, 001 §9). */
  email?: { emailCc?: string; subject?: string };
  /** Reply buttons under the text, where the channel has them (`replyButtonRuleOf`). */
  replyButtons?: ReplyButtonsInput;
}

/** The bubble shown at once while the message is on its way. */
function pendingMessage(input: SendInput): Message {
  return {
    id: input.clientMessageId,
    ticketId: input.ticketId,
    direction: 'out',
    visibility: input.internal ? 'internal' : 'public',
    type: 'text',
    text: input.text,
    media: null,
    payload: {
      clientMessageId: input.clientMessageId,
      local: true,
      ...input.email,
      ...(input.replyButtons
        ? {
            replyButtons: {
              style: input.replyButtons.style ?? 'buttons',
              ...(input.replyButtons.listLabel ? { listLabel: input.replyButtons.listLabel } : {}),
              options: input.replyButtons.options.map((title, i) => ({ id: `reply:${i}`, title })),
            },
          }
        : {}),
    },
    status: 'pending',
    error: null,
    senderUserId: input.senderUserId,
    senderName: input.senderName,
    replyToId: null,
    createdAt: Date.now(),
  };
}

/** A composer message that never reached the server (kept to retry with the same clientMessageId). */
function isLocalMessage(message: Message): boolean {
  return message.payload?.local === true;
}

/** POST /api/tickets/:id/messages with an optimistic pending bubble. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) =>
      request(conversationEndpoints.sendMessage, {
        params: { id: input.ticketId },
        body: {
          text: input.text,
          internal: input.internal,
          clientMessageId: input.clientMessageId,
          ...input.email,
          ...(input.replyButtons ? { replyButtons: input.replyButtons } : {}),
        },
      }),
    onMutate: (input) => {
      applyMessageToCaches(queryClient, pendingMessage(input));
    },
    onSuccess: (message, input) => {
      const key = ticketKeys.messages(input.ticketId);
      queryClient.setQueryData<MessagePages>(key, (data) =>
        upsertMessage(
          message.id === input.clientMessageId ? data : removeMessage(data, input.clientMessageId),
          message,
        ),
      );
    },
    onError: (error, input) => {
      const failed: Message = {
        ...pendingMessage(input),
        status: 'failed',
        error: {
          code: error instanceof ApiError ? (error.body.code ?? error.body.error) : 'error',
          message: error instanceof Error ? error.message : String(error),
        },
      };
      applyMessageToCaches(queryClient, failed);
    },
  });
}

/** The reply buttons of a composer message that never reached the server, to send them again. */
function retriedButtons(message: Message): Pick<SendInput, 'replyButtons'> {
  const buttons = replyButtonsOf(message.payload);
  if (!buttons) return {};
  return {
    replyButtons: {
      style: buttons.style,
      ...(buttons.listLabel ? { listLabel: buttons.listLabel } : {}),
      options: buttons.options.map((o) => o.title),
    },
  };
}

/** Retry a failed message: the server's retry, or a re-send of a message that never reached it. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  const send = useSendMessage();
  return useMutation({
    mutationFn: async (message: Message) => {
      if (isLocalMessage(message)) {
        applyMessageToCaches(queryClient, { ...message, status: 'pending', error: null });
        await send.mutateAsync({
          ticketId: message.ticketId,
          text: message.text ?? '',
          internal: message.visibility === 'internal',
          clientMessageId: message.id,
          senderName: message.senderName ?? '',
          senderUserId: message.senderUserId ?? '',
          ...retriedButtons(message),
        });
        return null;
      }
      return request(conversationEndpoints.retryMessage, {
        params: { id: message.ticketId, messageId: message.id },
        body: {},
      });
    },
    onSuccess: (message) => {
      if (message) applyMessageToCaches(queryClient, message);
    },
  });
}

export function useResolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; note: string }) =>
      request(conversationEndpoints.resolve, {
        params: { id: input.ticketId },
        body: { note: input.note.trim() || undefined },
      }),
    onSuccess: (ticket) => applyTicketToCaches(queryClient, ticket),
  });
}

/** POST /api/tickets/:id/assign to an agent or to a group. */
export function useAssignTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; to: { assigneeId: string } | { groupId: string } }) =>
      request(conversationEndpoints.assign, { params: { id: input.ticketId }, body: input.to }),
    onSuccess: (ticket) => {
      applyTicketToCaches(queryClient, ticket);
      void queryClient.invalidateQueries({ queryKey: ticketHistoryKeys.transfers(ticket.id) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.agents });
    },
  });
}
