import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CHATBOT_HANDOVER,
  CHATBOT_NODES_MAX,
  CHATBOT_OPTION_LABEL_MAX,
  CHATBOT_OPTIONS_MAX,
  type Chatbot,
  type ChatbotFlowInput,
  type ChatbotNodeKind,
  type ChatbotReply,
  chatbotFlowSchema,
  chatbotStep,
} from '@sapa/contracts';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { useChatbots, useCsGroups, useSaveChatbot } from './api';

type NodeInput = ChatbotFlowInput['nodes'][number];
type KeywordInput = { key: string; words: string; nodeId: string };

/** A new bot's flow: a greeting menu with one answer and the hand-over. */
function starterFlow(translate: TFunction): ChatbotFlowInput {
  // The flow's own `{{name}}` stays in the text: the bot fills it per contact.
  const t = (key: string) =>
    translate(key, { name: '{{name}}', phone: '{{phone}}', interpolation: { escapeValue: false } });
  return {
    startId: 'q1',
    nodes: [
      {
        id: 'q1',
        kind: 'menu',
        text: t('chatbot.starter.menu'),
        options: [
          { label: t('chatbot.starter.hoursOption'), next: 'q2' },
          { label: t('chatbot.starter.agentOption'), next: CHATBOT_HANDOVER },
        ],
      },
      { id: 'q2', kind: 'answer', text: t('chatbot.starter.hours'), options: [] },
      { id: 'q3', kind: 'handover', text: t('chatbot.starter.handover'), options: [], groupId: null },
    ],
    keywords: [],
  };
}

/**
 * /chatbot [WHATSAPP_CHATBOT] (000 §2): a menu/keyword bot per channel account, built from questions with
 * options, answers, keywords and the hand-over to a group, and tried in the preview (the same `chatbotStep` the
 * server runs). 001 §4: it cannot run while the automatic chat is on.
 */
export function ChatbotPage() {
  const { t } = useTranslation();
  const bots = useChatbots();
  const [accountId, setAccountId] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('chatbot.title')}
      </Title>
      <QueryState
        query={bots}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState title={t('chatbot.noAccounts')}>{t('chatbot.noAccountsHint')}</EmptyState>}
      >
        {(data) => {
          const bot = data.items.find((b) => b.channelAccountId === accountId) ?? data.items[0]!;
          return (
            <Stack gap="md">
              <Select
                label={t('chatbot.account')}
                data={data.items.map((b) => ({
                  value: b.channelAccountId,
                  label: `${b.accountName} (${b.channel})${b.enabled ? ` · ${t('chatbot.on')}` : ''}`,
                }))}
                value={bot.channelAccountId}
                onChange={setAccountId}
                allowDeselect={false}
                maw={420}
              />
              <ChatbotEditor key={bot.channelAccountId} bot={bot} />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

function ChatbotEditor({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(bot.enabled);
  const [flow, setFlow] = useState<ChatbotFlowInput>(() => bot.flow ?? starterFlow(t));
  const [keywords, setKeywords] = useState<KeywordInput[]>(() =>
    (bot.flow?.keywords ?? []).map((k) => ({
      key: crypto.randomUUID(),
      words: k.words.join(', '),
      nodeId: k.nodeId,
    })),
  );
  const save = useSaveChatbot();
  const groups = useCsGroups();
  const full: ChatbotFlowInput = {
    ...flow,
    keywords: keywords
      .map((k) => ({
        words: k.words
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean),
        nodeId: k.nodeId,
      }))
      .filter((k) => k.words.length > 0),
  };
  const parsed = chatbotFlowSchema.safeParse(full);
  const problem = parsed.success ? null : parsed.error.issues[0]?.message;
  const setNode = (id: string, patch: Partial<NodeInput>) =>
    setFlow((f) => ({ ...f, nodes: f.nodes.map((n) => (n.id === id ? { ...n, ...patch } : n)) }));
  const addNode = () =>
    setFlow((f) => {
      const used = new Set(f.nodes.map((n) => n.id));
      let n = f.nodes.length + 1;
      while (used.has(`q${n}`)) n += 1;
      return { ...f, nodes: [...f.nodes, { id: `q${n}`, kind: 'answer', text: '', options: [] }] };
    });
  const removeNode = (id: string) => setFlow((f) => ({ ...f, nodes: f.nodes.filter((n) => n.id !== id) }));
  const targets = [
    ...flow.nodes.map((n) => ({ value: n.id, label: `${n.id} · ${n.text.slice(0, 30) || '…'}` })),
    { value: CHATBOT_HANDOVER, label: t('chatbot.toAgent') },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: bot.channelAccountId, body: { enabled, flow: full } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('chatbot.saved') }),
        onError: (error) =>
          notifications.show({ color: 'red', title: t('chatbot.saveFailed'), message: errorMessage(error) }),
      },
    );
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <form onSubmit={submit} aria-label={t('chatbot.editor')}>
        <Stack gap="md">
          <Switch
            label={t('chatbot.enabled')}
            description={t('chatbot.exclusive')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          <Select
            label={t('chatbot.start')}
            data={targets.filter((o) => o.value !== CHATBOT_HANDOVER)}
            value={flow.startId}
            onChange={(v) => v && setFlow((f) => ({ ...f, startId: v }))}
            allowDeselect={false}
          />
          {flow.nodes.map((node) => (
            <NodeCard
              key={node.id}
              node={node}
              targets={targets}
              groups={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
              onChange={(patch) => setNode(node.id, patch)}
              onRemove={flow.nodes.length > 1 ? () => removeNode(node.id) : undefined}
            />
          ))}
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={addNode}
            disabled={flow.nodes.length >= CHATBOT_NODES_MAX}
          >
            {t('chatbot.addNode')}
          </Button>
          <Card withBorder>
            <Stack gap="xs">
              <Text fw={600}>{t('chatbot.keywords')}</Text>
              <Text size="sm" c="dimmed">
                {t('chatbot.keywordsHint')}
              </Text>
              {keywords.map((k, i) => (
                <Group key={k.key} align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('chatbot.keywordWords')}
                    value={k.words}
                    onChange={(e) => {
                      const words = e.currentTarget.value;
                      setKeywords((all) => all.map((x, j) => (j === i ? { ...x, words } : x)));
                    }}
                    style={{ flex: 1 }}
                  />
                  <Select
                    label={t('chatbot.keywordGoesTo')}
                    data={targets.filter((o) => o.value !== CHATBOT_HANDOVER)}
                    value={k.nodeId}
                    onChange={(v) =>
                      v && setKeywords((all) => all.map((x, j) => (j === i ? { ...x, nodeId: v } : x)))
                    }
                    allowDeselect={false}
                    w={160}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('chatbot.removeKeyword')}
                    onClick={() => setKeywords((all) => all.filter((_, j) => j !== i))}
                    mb={4}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setKeywords((all) => [
                    ...all,
                    { key: crypto.randomUUID(), words: '', nodeId: flow.startId },
                  ])
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t('chatbot.addKeyword')}
              </Button>
            </Stack>
          </Card>
          {problem && (
            <Alert color="orange" role="alert">
              {translateMessage(problem)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={problem !== null}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {parsed.success ? (
        <Preview flow={parsed.data} />
      ) : (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            {t('chatbot.previewNeedsValid')}
          </Text>
        </Paper>
      )}
    </SimpleGrid>
  );
}

function NodeCard(props: {
  node: NodeInput;
  targets: { value: string; label: string }[];
  groups: { value: string; label: string }[];
  onChange: (patch: Partial<NodeInput>) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { node, onChange } = props;
  const options = node.options ?? [];
  const setOption = (i: number, patch: Partial<(typeof options)[number]>) =>
    onChange({ options: options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  return (
    <Card withBorder aria-label={t('chatbot.nodeNamed', { id: node.id })} role="group">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{node.id}</Text>
          {props.onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('chatbot.removeNode', { id: node.id })}
              onClick={props.onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <SegmentedControl
          value={node.kind}
          onChange={(kind) => onChange({ kind: kind as ChatbotNodeKind })}
          data={(['menu', 'answer', 'handover'] as const).map((k) => ({
            value: k,
            label: t(`chatbot.kind.${k}`),
          }))}
        />
        <Textarea
          label={t('chatbot.text')}
          description={t('chatbot.variables', {
            name: '{{name}}',
            phone: '{{phone}}',
            interpolation: { escapeValue: false },
          })}
          value={node.text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        {node.kind === 'menu' && (
          <Stack gap={6}>
            {options.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place (the button id is `<node>:<index>`)
              <Group key={`${node.id}-${i}`} align="flex-end" wrap="wrap" gap="xs">
                <TextInput
                  label={t('chatbot.optionLabel', { n: i + 1 })}
                  value={o.label}
                  maxLength={CHATBOT_OPTION_LABEL_MAX}
                  onChange={(e) => setOption(i, { label: e.currentTarget.value })}
                  style={{ flex: '1 1 160px' }}
                />
                <Select
                  label={t('chatbot.goesTo')}
                  data={props.targets.filter((x) => x.value !== node.id)}
                  value={o.next}
                  onChange={(v) => v && setOption(i, { next: v })}
                  allowDeselect={false}
                  style={{ flex: '1 1 150px' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('chatbot.removeOption', { n: i + 1 })}
                  onClick={() => onChange({ options: options.filter((_, j) => j !== i) })}
                  mb={4}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => onChange({ options: [...options, { label: '', next: CHATBOT_HANDOVER }] })}
              disabled={options.length >= CHATBOT_OPTIONS_MAX}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('chatbot.addOption')}
            </Button>
          </Stack>
        )}
        {node.kind === 'handover' && (
          <Select
            label={t('chatbot.handoverGroup')}
            placeholder={t('chatbot.defaultGroup')}
            data={props.groups}
            value={node.groupId ?? null}
            onChange={(v) => onChange({ groupId: v })}
            clearable
          />
        )}
      </Stack>
    </Card>
  );
}

interface Bubble {
  from: 'customer' | 'bot';
  text: string;
  reply?: ChatbotReply;
}

/** The preview: the customer's side of a chat with the bot, run by the same step the server runs. */
function Preview({ flow }: { flow: ReturnType<typeof chatbotFlowSchema.parse> }) {
  const { t } = useTranslation();
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  const [state, setState] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [text, setText] = useState('');
  const flowKey = JSON.stringify(flow);
  // A changed flow starts the preview over.
  useEffect(() => {
    void flowKey;
    setBubbles([]);
    setState(null);
    setDone(false);
  }, [flowKey]);
  const send = (input: { text?: string; optionId?: string }, shown: string) => {
    const turn = chatbotStep(flow, state, input, { name: t('chatbot.previewName'), phone: '6281200000000' });
    setBubbles((b) => [
      ...b,
      { from: 'customer', text: shown },
      { from: 'bot', text: turn.reply.text, reply: turn.reply },
    ]);
    setState(turn.state);
    setDone(turn.handover !== null);
  };
  return (
    <Paper withBorder p="md" aria-label={t('chatbot.preview')} role="region" style={{ alignSelf: 'start' }}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('chatbot.preview')}</Text>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              setBubbles([]);
              setState(null);
              setDone(false);
            }}
          >
            {t('chatbot.restart')}
          </Button>
        </Group>
        <Stack gap={6} mih={240}>
          {bubbles.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the preview's bubbles are only ever appended
            <Stack key={`${b.from}-${i}`} gap={4} align={b.from === 'customer' ? 'flex-end' : 'flex-start'}>
              <Paper
                px="sm"
                py={6}
                radius="md"
                bg={b.from === 'customer' ? 'teal.0' : 'gray.1'}
                maw="85%"
                style={{ whiteSpace: 'pre-wrap' }}
              >
                <Text size="sm">{b.text}</Text>
              </Paper>
              {b.reply && b.reply.options.length > 0 && i === bubbles.length - 1 && !done && (
                <Group gap={4}>
                  {b.reply.options.map((o) => (
                    <Button
                      key={o.id}
                      size="xs"
                      variant="light"
                      onClick={() => send({ optionId: o.id }, o.label)}
                    >
                      {o.label}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          ))}
          {done && (
            <Text size="xs" c="dimmed" ta="center">
              {t('chatbot.handedOver')}
            </Text>
          )}
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            if (done) return;
            send({ text }, text);
            setText('');
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('chatbot.previewMessage')}
              placeholder={t('chatbot.previewMessage')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              disabled={done}
              style={{ flex: 1 }}
            />
            <ActionIcon type="submit" size="lg" aria-label={t('chatbot.previewSend')} disabled={done}>
              <IconSend size={16} />
            </ActionIcon>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
