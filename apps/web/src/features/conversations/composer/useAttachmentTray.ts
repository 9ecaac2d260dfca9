import type { AttachmentKind, ChannelCode, MessageKey, Upload } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyMessageToCaches } from '../../../entities/ticket';
import { errorMessage } from '../../../shared/api';
import { captionIndex, HEAD_BYTES, sortPickedFiles } from './attachments';
import { sendAttachment, sendEmailWithFiles, uploadFile } from './attachmentUpload';

export interface TrayItem {
  key: string;
  file: File;
  kind: AttachmentKind;
  storedName: string;
  /** Object URL of an image, for its thumbnail. */
  previewUrl: string | null;
  status: 'ready' | 'uploading' | 'uploaded' | 'sending' | 'failed';
  progress: number;
  upload: Upload | null;
  /** Fixed when the item is first sent, so a retry never sends it twice. */
  clientMessageId: string;
  caption: string | null;
  error: string | null;
}

export interface InvalidItem {
  key: string;
  name: string;
  /** Translated when shown, so the list follows a language change. */
  reason: MessageKey;
  params: (string | number)[];
}

const readHead = async (file: File) => new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());

/**
 * The composer's attachments: picked files checked for the channel (bytes, kinds, sizes, at most 20), the
 * invalid list with reasons, then sending: every upload first (with progress), then one message per file
 * in order with the caption on the first that can carry one — or, for an email, one email with every file,
 * the text, Cc and subject. A failure stops there and keeps the rest to retry with the same idempotency keys.
 */
export function useAttachmentTray(ticketId: string, channel: ChannelCode | undefined) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<TrayItem[]>([]);
  const [invalid, setInvalid] = useState<InvalidItem[]>([]);
  const [busy, setBusy] = useState(false);
  const itemsRef = useRef(items);
  const pendingEmail = useRef<{ text: string; email: { emailCc: string; subject?: string } } | null>(null);
  itemsRef.current = items;

  const patch = useCallback((key: string, change: Partial<TrayItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Thumbnails are released when the composer goes away (another chat, another page).
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );
  // A new chat starts with an empty tray.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the ticket changes
  useEffect(() => {
    setItems((list) => {
      for (const item of list) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      return [];
    });
    setInvalid([]);
    pendingEmail.current = null;
  }, [ticketId]);

  const addFiles = useCallback(
    async (files: File[]) => {
      if (!channel || files.length === 0) return;
      const facts = await Promise.all(
        files.map(async (file) => ({ name: file.name, size: file.size, head: await readHead(file) })),
      );
      const attached = itemsRef.current;
      const attachedBytes = attached.reduce((total, item) => total + item.file.size, 0);
      const { accepted, refused } = sortPickedFiles(
        channel,
        facts,
        attached.length,
        Date.now(),
        attachedBytes,
      );
      setInvalid((list) => [
        ...list,
        ...refused.map((r) => ({
          key: crypto.randomUUID(),
          name: r.name,
          reason: r.reason,
          params: r.params,
        })),
      ]);
      setItems((list) => [
        ...list,
        ...accepted.map((a): TrayItem => {
          const file = files[a.index]!;
          return {
            key: crypto.randomUUID(),
            file,
            kind: a.kind,
            storedName: a.storedName,
            previewUrl: a.kind === 'image' ? URL.createObjectURL(file) : null,
            status: 'ready',
            progress: 0,
            upload: null,
            clientMessageId: crypto.randomUUID(),
            caption: null,
            error: null,
          };
        }),
      ]);
    },
    [channel],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  /** Every uploaded item in one email (its key: the first item's, so a retry sends it once). */
  const sendAsOneEmail = useCallback(
    async (
      work: TrayItem[],
      text: string,
      email: { emailCc: string; subject?: string },
    ): Promise<boolean> => {
      for (const item of work) patch(item.key, { status: 'sending', error: null });
      try {
        const message = await sendEmailWithFiles({
          ticketId,
          uploadIds: work.map((item) => item.upload!.id),
          text,
          email,
          clientMessageId: work[0]!.clientMessageId,
        });
        applyMessageToCaches(queryClient, message);
        for (const item of work) remove(item.key);
        pendingEmail.current = null;
        return true;
      } catch (error) {
        for (const item of work) patch(item.key, { status: 'failed', error: errorMessage(error) });
        return false;
      }
    },
    [patch, queryClient, remove, ticketId],
  );

  /** Uploads, then sends, every item; resolves true when all went (the tray is then empty). */
  const sendAll = useCallback(
    async (options: {
      caption: string;
      internal: boolean;
      email?: { emailCc: string; subject?: string };
    }): Promise<boolean> => {
      const list = itemsRef.current;
      if (list.length === 0 || busy) return false;
      setBusy(true);
      try {
        // The caption is given to one item the first time round and stays with it on retries.
        const hasCaption = list.some((item) => item.caption !== null);
        const at = hasCaption ? null : captionIndex(list.map((item) => item.kind));
        const work = list.map((item, i) => ({
          ...item,
          caption: at === i && options.caption ? options.caption : item.caption,
        }));
        setItems(work);
        for (const item of work) {
          if (item.upload) continue;
          patch(item.key, { status: 'uploading', progress: 0, error: null });
          try {
            item.upload = await uploadFile(ticketId, item.file, (progress) => patch(item.key, { progress }));
            patch(item.key, { status: 'uploaded', progress: 1, upload: item.upload });
          } catch (error) {
            patch(item.key, { status: 'failed', error: errorMessage(error) });
            return false;
          }
        }
        // An email keeps its text, Cc and subject for a retry (the composer has cleared them by then).
        if (options.email) pendingEmail.current = { text: options.caption, email: options.email };
        const pending = pendingEmail.current;
        if (pending) return await sendAsOneEmail(work, pending.text, pending.email);
        for (const item of work) {
          patch(item.key, { status: 'sending', error: null });
          try {
            const message = await sendAttachment({
              ticketId,
              uploadId: item.upload!.id,
              caption: item.caption,
              internal: options.internal,
              clientMessageId: item.clientMessageId,
            });
            applyMessageToCaches(queryClient, message);
            remove(item.key);
          } catch (error) {
            patch(item.key, { status: 'failed', error: errorMessage(error) });
            return false;
          }
        }
        return true;
      } finally {
        setBusy(false);
      }
    },
    [busy, patch, queryClient, remove, sendAsOneEmail, ticketId],
  );

  return {
    items,
    invalid,
    busy,
    addFiles,
    remove,
    sendAll,
    dismissInvalid: useCallback(() => setInvalid([]), []),
    /** Whether the text box's text goes out as a caption (some attachment can carry it). */
    captionTaken: captionIndex(items.map((item) => item.kind)) !== null,
  };
}
