import type { WidgetMessage } from '@sapa/contracts';
import { h } from './dom.js';
import type { Labels } from './i18n.js';

export interface MessageViewContext {
  t: Labels;
  lang: string;
  /** Stars under the message (the survey question while it is the last message). */
  stars: boolean;
  /** The media file as a blob URL (fetched with the visitor's token). */
  fetchMedia: (url: string) => Promise<string>;
  /** An image finished loading (the list may scroll to it). */
  onImageShown: () => void;
  onRate: (rating: number) => void;
}

/** One message in the widget: sender, images, videos, files, text, survey stars, time. */
export function messageView(m: WidgetMessage, view: MessageViewContext): HTMLElement {
  const mine = m.from === 'visitor';
  const media = m.media.map((file) => {
    if (file.mime.startsWith('image/')) {
      const img = h('img', { alt: file.fileName ?? '', 'data-media': file.id });
      void view.fetchMedia(file.url).then((u) => {
        img.src = u;
        view.onImageShown();
      });
      return img;
    }
    if (file.mime.startsWith('video/')) {
      const video = h('video', { controls: true, preload: 'metadata' });
      void view.fetchMedia(file.url).then((u) => {
        video.src = u;
      });
      return video;
    }
    return h(
      'button',
      {
        className: 'file',
        type: 'button',
        onclick: async () => {
          const a = h('a', { href: await view.fetchMedia(file.url), download: file.fileName ?? 'file' });
          a.click();
        },
      },
      `${file.fileName ?? view.t.download}`,
    );
  });
  return h(
    'div',
    { className: `msg ${mine ? 'visitor' : 'agent'}`, 'data-id': m.id },
    !mine && m.senderName ? h('div', { className: 'who' }, m.senderName) : null,
    ...media,
    m.text ? h('div', { className: 'text' }, m.text) : null,
    view.stars
      ? h(
          'div',
          { className: 'stars', role: 'group' },
          ...[1, 2, 3, 4, 5].map((n) =>
            h(
              'button',
              {
                type: 'button',
                'aria-label': view.t.rate.replace('{n}', String(n)),
                onclick: () => view.onRate(n),
              },
              '★',
            ),
          ),
        )
      : null,
    h(
      'div',
      { className: 'meta' },
      new Date(m.createdAt).toLocaleTimeString(view.lang, { hour: '2-digit', minute: '2-digit' }),
    ),
  );
}
