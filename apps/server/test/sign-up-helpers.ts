import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { waitFor } from './harness.js';

/** The sign-up code as the person reads it: the platform number's first template to their phone. */
export async function signUpCodeOnPhone(
  sim: WhatsappCloudSimulator,
  platformPhoneNumberId: string,
  phone: string,
): Promise<string> {
  const [first] = await waitFor(async () => {
    const sent = sim.conversation(platformPhoneNumberId, phone);
    return sent.length > 0 ? sent : undefined;
  });
  const template = first!.request.template as {
    components: { type: string; parameters: { text: string }[] }[];
  };
  return template.components.find((c) => c.type === 'body')!.parameters[0]!.text;
}
