import { describe, expect, it } from 'vitest';
import { type ChatbotFlowInput, chatbotFlowSchema, chatbotStep, chatbotText } from './chatbot.js';

const flow = chatbotFlowSchema.parse({
  startId: 'start',
  nodes: [
    {
      id: 'start',
      kind: 'menu',
      text: 'Halo {{name}}! Ada yang bisa kami bantu?',
      options: [
        { label: 'Jam buka', next: 'hours' },
        { label: 'Harga', next: 'prices' },
        { label: 'Bicara dengan CS', next: 'handover' },
      ],
    },
    { id: 'hours', kind: 'answer', text: 'Kami buka 08.00–17.00 WIB.' },
    {
      id: 'prices',
      kind: 'menu',
      text: 'Produk apa?',
      options: ['Kopi', 'Teh', 'Susu', 'Roti'].map((label) => ({ label, next: 'agent' })),
    },
    { id: 'agent', kind: 'handover', text: 'Sebentar, CS kami segera membalas.', groupId: null },
  ],
  keywords: [{ words: ['ongkir', 'biaya kirim'], nodeId: 'agent' }],
} satisfies ChatbotFlowInput);

describe('chatbotStep: one customer message through the flow', () => {
  it.each([
    ['first message starts the menu', null, { text: 'halo' }, 'start', 'start', false],
    ['a number picks the option', 'start', { text: '1' }, 'hours', null, false],
    ['"2." also picks', 'start', { text: '2.' }, 'prices', 'prices', false],
    ['the label picks, any case', 'start', { text: 'JAM BUKA' }, 'hours', null, false],
    ['a tapped button picks', 'start', { optionId: 'start:1' }, 'prices', 'prices', false],
    [
      'a button of another menu is not an answer here',
      'start',
      { optionId: 'prices:0' },
      'start',
      'start',
      false,
    ],
    ['an unknown answer asks again', 'prices', { text: 'apa ya' }, 'prices', 'prices', false],
    ['a number out of range asks again', 'start', { text: '9' }, 'start', 'start', false],
    ['after an answer the next message starts over', null, { text: 'makasih' }, 'start', 'start', false],
    ['an option leading to handover hands over', 'start', { text: '3' }, 'agent', null, true],
    [
      'a handover node reached by a list row hands over',
      'prices',
      { optionId: 'prices:3' },
      'agent',
      null,
      true,
    ],
    ['a keyword jumps from anywhere', 'prices', { text: 'Berapa ONGKIR ke Bandung?' }, 'agent', null, true],
    ['a keyword matches whole words only', null, { text: 'ongkirnya' }, 'start', 'start', false],
    ['a phrase keyword matches', 'start', { text: 'biaya  kirim berapa' }, 'agent', null, true],
  ] as const)('%s', (_, state, input, replyNode, nextState, handover) => {
    const turn = chatbotStep(flow, state, input, { name: 'Sari' });
    expect(turn.reply.nodeId).toBe(replyNode);
    expect(turn.state).toBe(nextState);
    expect(turn.handover !== null).toBe(handover);
  });

  it('fills contact variables and picks buttons for up to 3 options, a list beyond', () => {
    const start = chatbotStep(flow, null, { text: 'hi' }, { name: 'Sari' });
    expect(start.reply).toMatchObject({ text: 'Halo Sari! Ada yang bisa kami bantu?', style: 'buttons' });
    expect(start.reply.options.map((o) => o.id)).toEqual(['start:0', 'start:1', 'start:2']);
    expect(chatbotStep(flow, 'start', { text: '2' }).reply.style).toBe('list');
    expect(chatbotStep(flow, 'start', { text: '1' }).reply.style).toBe('none');
  });

  it('numbers the options as text for channels without interactive messages', () => {
    const reply = chatbotStep(flow, null, { text: 'hi' }, { name: 'Sari' }).reply;
    expect(chatbotText(reply)).toBe(
      'Halo Sari! Ada yang bisa kami bantu?\n\n1. Jam buka\n2. Harga\n3. Bicara dengan CS',
    );
  });
});

describe('chatbotFlowSchema', () => {
  const base = (over: Partial<ChatbotFlowInput>): ChatbotFlowInput => ({
    startId: 'a',
    nodes: [{ id: 'a', kind: 'answer', text: 'Hi' }],
    ...over,
  });
  it.each([
    ['a start that is no node', base({ startId: 'x' }), 'chatbot.unknownNode'],
    [
      'an option to nowhere',
      base({ nodes: [{ id: 'a', kind: 'menu', text: 'Hi', options: [{ label: 'x', next: 'nope' }] }] }),
      'chatbot.unknownNode',
    ],
    [
      'a menu without options',
      base({ nodes: [{ id: 'a', kind: 'menu', text: 'Hi' }] }),
      'chatbot.optionsRequired',
    ],
    [
      'two nodes with one id',
      base({
        nodes: [
          { id: 'a', kind: 'answer', text: 'Hi' },
          { id: 'a', kind: 'answer', text: 'Ho' },
        ],
      }),
      'chatbot.duplicateNode',
    ],
    ['a keyword to nowhere', base({ keywords: [{ words: ['x'], nodeId: 'y' }] }), 'chatbot.unknownNode'],
    [
      'an option label over 20 characters (WhatsApp button title)',
      base({
        nodes: [{ id: 'a', kind: 'menu', text: 'Hi', options: [{ label: 'x'.repeat(21), next: 'a' }] }],
      }),
      'validation.invalid',
    ],
  ])('refuses %s', (_, input, message) => {
    const result = chatbotFlowSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('accepts a valid flow', () => expect(chatbotFlowSchema.safeParse(base({})).success).toBe(true));
});
