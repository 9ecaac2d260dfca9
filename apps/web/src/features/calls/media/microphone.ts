/** Why the microphone could not be had (000 §5, §8 MIC_DENIED vs MIC_NOT_GRANTED: two persistent messages). */
export type MicrophoneRefusal = 'MIC_DENIED' | 'MIC_NOT_GRANTED';

export class MicrophoneError extends Error {
  constructor(readonly code: MicrophoneRefusal) {
    super(code);
  }
}

async function permissionState(): Promise<PermissionState | null> {
  try {
    return (await navigator.permissions.query({ name: 'microphone' as PermissionName })).state;
  } catch {
    return null;
  }
}

/**
 * The microphone for a call. Blocked in the browser's settings (permission 'denied') is MIC_DENIED; a prompt
 * dismissed, a missing device or a browser without media is MIC_NOT_GRANTED.
 */
export async function takeMicrophone(): Promise<MediaStream> {
  if ((await permissionState()) === 'denied') throw new MicrophoneError('MIC_DENIED');
  if (!navigator.mediaDevices?.getUserMedia) throw new MicrophoneError('MIC_NOT_GRANTED');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
  } catch (err) {
    const denied =
      (await permissionState()) === 'denied' ||
      (err instanceof DOMException && err.name === 'NotAllowedError' && err.message.includes('denied'));
    throw new MicrophoneError(denied ? 'MIC_DENIED' : 'MIC_NOT_GRANTED');
  }
}
