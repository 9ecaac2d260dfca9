import { ActionIcon, Tooltip } from '@mantine/core';
import { CHANNELS, REALTIME_RECONNECT } from '@sapa/contracts';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { INBOX_PATH, ticketInboxPath } from '../../../entities/ticket';
import { enablePush } from '../../../shared/push';
import { useRealtime } from '../../../shared/realtime';
import { createNotificationGrouper, type NotificationGroup } from './notificationGroups';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * Desktop notifications for new customer messages (000 §2, §4): grouped per chat room within 3 s, shown
 * only when the tab is hidden or the user is not on the inbox page; a click opens
 * /customer-service/inbox?referenceId={ticket id}. Mounted once in the shell.
 */
export function DesktopNotifications() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onInbox = useRef(false);
  onInbox.current = location.pathname === INBOX_PATH;
  const show = useRef<(group: NotificationGroup) => void>(() => undefined);
  show.current = (group) => {
    if (!supported() || Notification.permission !== 'granted') return;
    if (document.visibilityState === 'visible' && onInbox.current) return;
    const url = ticketInboxPath(group.ticketId);
    try {
      const notification = new Notification(group.title, {
        body:
          group.count > 1
            ? t('inbox.notificationMany', { count: group.count, last: group.body })
            : group.body,
        tag: `sapa-chat-${group.ticketId}`,
        data: { url },
      });
      notification.onclick = () => {
        window.focus();
        void navigate(url);
        notification.close();
      };
    } catch {
      // Some browsers only allow notifications from a service worker.
    }
  };
  const [grouper] = useState(() =>
    createNotificationGrouper(REALTIME_RECONNECT.notificationGroupMs, (group) => show.current(group)),
  );
  useEffect(() => () => grouper.dispose(), [grouper]);

  useRealtime((event) => {
    if (event.type !== 'message.created') return;
    const { message, ticket } = event;
    if (message.direction !== 'in' || message.visibility !== 'public') return;
    grouper.add({
      ticketId: ticket.id,
      title: `${ticket.contact.name} · ${CHANNELS[ticket.channel].name}`,
      body: message.text ?? ticket.lastMessage?.preview ?? t('inbox.newMessage'),
    });
  });
  return null;
}

/** Asks for the notification permission on request (a button, never on load). */
export function NotificationPermissionButton() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    supported() ? Notification.permission : 'unsupported',
  );
  if (permission === 'unsupported' || permission === 'granted') return null;
  const denied = permission === 'denied';
  const label = denied ? t('inbox.notificationsBlocked') : t('inbox.enableNotifications');
  return (
    <Tooltip label={label} multiline w={220}>
      <ActionIcon
        variant="subtle"
        color={denied ? 'gray' : undefined}
        aria-label={label}
        disabled={denied}
        onClick={() =>
          void Notification.requestPermission().then((next) => {
            setPermission(next);
            // Allowed: this browser also subscribes to Web Push (chats and mentions while Sapa is closed).
            if (next === 'granted') void enablePush();
          })
        }
      >
        {denied ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
