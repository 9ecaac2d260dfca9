/**
 * The two channels on Meta's Messenger Platform, one core (`meta-messaging/`): what differs is the webhook's
 * `object` and the channel code. Instagram's attachment limits (000 §5) come from the contracts' table through
 * the channel code.
 */
export interface MetaPlatform {
  code: 'MSG' | 'IGM';
  /** The webhook's `object`. */
  object: 'page' | 'instagram';
}

export const MESSENGER: MetaPlatform = { code: 'MSG', object: 'page' };
export const INSTAGRAM: MetaPlatform = { code: 'IGM', object: 'instagram' };

/** The `metadata` Sapa sends with each message: its echo names it, so Sapa's own sends are not stored twice. */
export const SAPA_METADATA_PREFIX = 'sapa:';
