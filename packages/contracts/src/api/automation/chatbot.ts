import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The menu/keyword chatbot of a channel account (000 §2 /chatbot [WHATSAPP_CHATBOT]; 001 §4 "chatbot and
 * automatic chat are mutually exclusive"; §9 chatbot custom reply 275.48 credits per conversation per 24 h).
 * A flow is a set of nodes: a question with options (WhatsApp reply buttons up to 3, a list up to 10, numbered
 * text on other channels), an answer, or the hand-over to a group of people. Keywords jump to a node from
 * anywhere. `chatbotStep` is the one reading of a flow: the server runs it on every customer message and the
 * editor's preview runs the same function.
 */

/** WhatsApp interactive limits: 3 reply buttons, 10 list rows; button titles 20 characters, list rows 24. */
export const CHATBOT_BUTTONS_MAX = 3;
export const CHATBOT_OPTIONS_MAX = 10;
export const CHATBOT_OPTION_LABEL_MAX = 20;
export const CHATBOT_NODES_MAX = 30;
export const CHATBOT_KEYWORDS_MAX = 30;
export const CHATBOT_TEXT_MAX = 1024;
/** Where a node's option leads when it ends the bot's part. */
export const CHATBOT_HANDOVER = 'handover';

export const CHATBOT_NODE_KINDS = ['menu', 'answer', 'handover'] as const;
export type ChatbotNodeKind = (typeof CHATBOT_NODE_KINDS)[number];

/** Contact values a node's text may name as `{{name}}`, `{{phone}}`. */
export const CHATBOT_VARIABLES = ['name', 'phone'] as const;
export type ChatbotVariables = Partial<Record<(typeof CHATBOT_VARIABLES)[number], string>>;

export const CHATBOT_MESSAGES = {
  'chatbot.autoChatOn': {
    en: 'Turn off the automatic chat first: the chatbot and the automatic chat cannot run together.',
    id: 'Matikan chat otomatis terlebih dahulu: chatbot dan chat otomatis tidak dapat berjalan bersamaan.',
  },
  'chatbot.chatbotOn': {
    en: 'Turn off the chatbot first: the chatbot and the automatic chat cannot run together.',
    id: 'Matikan chatbot terlebih dahulu: chatbot dan chat otomatis tidak dapat berjalan bersamaan.',
  },
  'chatbot.unknownNode': {
    en: 'This step leads to a question that does not exist.',
    id: 'Langkah ini menuju pertanyaan yang tidak ada.',
  },
  'chatbot.duplicateNode': {
    en: 'Each question needs its own id.',
    id: 'Setiap pertanyaan perlu id sendiri.',
  },
  'chatbot.optionsRequired': {
    en: 'A question needs at least one option.',
    id: 'Pertanyaan perlu setidaknya satu pilihan.',
  },
} as const;

const nodeId = z.string().trim().min(1, 'validation.fieldRequired').max(40, 'validation.invalid');

export const chatbotOptionSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'validation.fieldRequired')
    .max(CHATBOT_OPTION_LABEL_MAX, 'validation.invalid'),
  /** A node id, or `handover`. */
  next: nodeId,
});

export const chatbotNodeSchema = z.object({
  id: nodeId,
  kind: z.enum(CHATBOT_NODE_KINDS),
  text: z.string().trim().min(1, 'validation.fieldRequired').max(CHATBOT_TEXT_MAX, 'validation.invalid'),
  /** A menu's options; as WhatsApp reply buttons up to 3, as a list beyond. */
  options: z.array(chatbotOptionSchema).max(CHATBOT_OPTIONS_MAX, 'validation.invalid').default([]),
  /** The hand-over's group (null: the default group). */
  groupId: z.string().uuid().nullable().default(null),
});
export type ChatbotNode = z.output<typeof chatbotNodeSchema>;

export const chatbotKeywordSchema = z.object({
  /** Words or phrases, matched case-insensitively as whole words of the customer's message. */
  words: z.array(z.string().trim().min(1).max(50)).min(1, 'validation.fieldRequired').max(10),
  nodeId,
});

export const chatbotFlowSchema = z
  .object({
    startId: nodeId,
    nodes: z.array(chatbotNodeSchema).min(1, 'validation.fieldRequired').max(CHATBOT_NODES_MAX),
    keywords: z.array(chatbotKeywordSchema).max(CHATBOT_KEYWORDS_MAX).default([]),
  })
  .superRefine((flow, ctx) => {
    const ids = new Set<string>();
    flow.nodes.forEach((n, i) => {
      if (ids.has(n.id))
        ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'chatbot.duplicateNode' });
      ids.add(n.id);
    });
    const known = (id: string) => ids.has(id);
    if (!known(flow.startId))
      ctx.addIssue({ code: 'custom', path: ['startId'], message: 'chatbot.unknownNode' });
    flow.nodes.forEach((n, i) => {
      if (n.kind === 'menu' && n.options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['nodes', i, 'options'], message: 'chatbot.optionsRequired' });
      n.options.forEach((o, j) => {
        if (o.next !== CHATBOT_HANDOVER && !known(o.next))
          ctx.addIssue({
            code: 'custom',
            path: ['nodes', i, 'options', j, 'next'],
            message: 'chatbot.unknownNode',
          });
      });
    });
    flow.keywords.forEach((k, i) => {
      if (!known(k.nodeId))
        ctx.addIssue({ code: 'custom', path: ['keywords', i, 'nodeId'], message: 'chatbot.unknownNode' });
    });
  });
export type ChatbotFlowInput = z.input<typeof chatbotFlowSchema>;
export type ChatbotFlow = z.output<typeof chatbotFlowSchema>;

/** What the bot sends for a node: its text with the contact's values, and its options in order. */
export interface ChatbotReply {
  nodeId: string;
  text: string;
  options: { id: string; label: string }[];
  /** How a channel with interactive messages shows the options (WhatsApp); others number them in the text. */
  style: 'buttons' | 'list' | 'none';
}

/** One turn of the bot: what it answers, where the conversation is now, and whether it hands over. */
export interface ChatbotTurn {
  reply: ChatbotReply;
  /** The node the next customer message answers; null once handed over. */
  state: string | null;
  handover: { groupId: string | null } | null;
}

/** What the customer sent: text, or the id of an interactive option they tapped (`<node id>:<index>`). */
export interface ChatbotInput {
  text?: string | null | undefined;
  optionId?: string | null | undefined;
}

const fill = (text: string, vars: ChatbotVariables) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name as keyof ChatbotVariables] ?? '');

export function chatbotReplyOf(node: ChatbotNode, vars: ChatbotVariables = {}): ChatbotReply {
  const options = node.options.map((o, i) => ({ id: `${node.id}:${i}`, label: o.label }));
  const style = options.length === 0 ? 'none' : options.length <= CHATBOT_BUTTONS_MAX ? 'buttons' : 'list';
  return { nodeId: node.id, text: fill(node.text, vars), options, style };
}

/** The reply as plain text for channels without interactive messages: the options numbered 1, 2, 3 … */
export function chatbotText(reply: ChatbotReply): string {
  if (reply.options.length === 0) return reply.text;
  return [reply.text, '', ...reply.options.map((o, i) => `${i + 1}. ${o.label}`)].join('\n');
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keyword's node when the message holds one of its words as a whole word (the first keyword wins). */
function keywordNode(flow: ChatbotFlow, text: string): string | null {
  const message = normalise(text);
  for (const k of flow.keywords)
    for (const word of k.words)
      if (new RegExp(`(^|[^\\p{L}\\p{N}])${literal(normalise(word))}($|[^\\p{L}\\p{N}])`, 'u').test(message))
        return k.nodeId;
  return null;
}

/** The option a message picks on a menu: a tapped option id, its number, or its label. */
function pickedOption(node: ChatbotNode, input: ChatbotInput): number | null {
  if (input.optionId?.startsWith(`${node.id}:`)) {
    const index = Number(input.optionId.slice(node.id.length + 1));
    return Number.isInteger(index) && index >= 0 && index < node.options.length ? index : null;
  }
  const text = normalise(input.text ?? '');
  const number = /^(\d{1,2})[.)]?$/.exec(text);
  if (number) {
    const index = Number(number[1]) - 1;
    return index >= 0 && index < node.options.length ? index : null;
  }
  const byLabel = node.options.findIndex((o) => normalise(o.label) === text);
  return byLabel >= 0 ? byLabel : null;
}

/**
 * One customer message through the flow, from `state` (the node the customer is answering; null when the bot
 * has not spoken yet): a keyword jumps to its node; on a menu, a picked option goes where it leads; anything
 * else starts the menu (or asks the same question again). An answer ends its branch (the next message starts
 * over); the hand-over node, or an option leading to `handover`, ends the bot's part.
 */
export function chatbotStep(
  flow: ChatbotFlow,
  state: string | null,
  input: ChatbotInput,
  vars: ChatbotVariables = {},
): ChatbotTurn {
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));
  const start = byId.get(flow.startId) ?? flow.nodes[0]!;
  const current = state ? byId.get(state) : undefined;
  let target: ChatbotNode | 'handover' = start;
  const keyword = input.text ? keywordNode(flow, input.text) : null;
  if (keyword && byId.has(keyword)) target = byId.get(keyword)!;
  else if (current?.kind === 'menu') {
    const picked = pickedOption(current, input);
    const next = picked === null ? current.id : current.options[picked]!.next;
    target = next === CHATBOT_HANDOVER ? 'handover' : (byId.get(next) ?? start);
  }
  if (target === 'handover') {
    const node = flow.nodes.find((n) => n.kind === 'handover');
    const reply = node
      ? chatbotReplyOf(node, vars)
      : { nodeId: CHATBOT_HANDOVER, text: '', options: [], style: 'none' as const };
    return { reply, state: null, handover: { groupId: node?.groupId ?? null } };
  }
  const reply = chatbotReplyOf(target, vars);
  if (target.kind === 'handover') return { reply, state: null, handover: { groupId: target.groupId } };
  return { reply, state: target.kind === 'menu' ? target.id : null, handover: null };
}

/** A channel account's chatbot as the /chatbot page edits it. */
export const chatbotSchema = z.object({
  channelAccountId: z.string().uuid(),
  /** The account's channel and name, to list the accounts a bot may answer on. */
  channel: z.string(),
  accountName: z.string(),
  enabled: z.boolean(),
  flow: chatbotFlowSchema.nullable(),
  updatedAt: z.number().nullable(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;

export const chatbotInputSchema = z.object({ enabled: z.boolean(), flow: chatbotFlowSchema });
export type ChatbotSaveInput = z.input<typeof chatbotInputSchema>;

export const chatbotEndpoints = {
  /** The business's connected accounts, each with its chatbot (none yet: `flow` null). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/chatbot',
    response: z.object({ items: z.array(chatbotSchema) }),
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/chatbot/:channelAccountId',
    body: chatbotInputSchema,
    response: chatbotSchema,
  }),
} as const;
