import dns2 from 'dns2';

/** The zones the test DNS server answers: every name under them has an A record (a wildcard, as real zones have). */
const TEST_DNS_ZONES = ['example.com', 'example.id'] as const;
const TEST_DNS_ADDRESS = '192.0.2.10';

export interface TestDnsServer {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  server: string;
  /** The names asked, in order (a test can see that a lookup happened). */
  asked: string[];
  close: () => Promise<void>;
}

/**
 * A real DNS server over UDP on a free local port: `*.example.com` and `*.example.id` resolve to a
 * documentation address; every other name is NXDOMAIN. The tests point Sapa's resolver at it, so no test
 * depends on the machine's network.
 */
export async function startTestDns(): Promise<TestDnsServer> {
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      asked.push(name);
      const inZone = TEST_DNS_ZONES.some((zone) => name.endsWith(`.${zone}`));
      if (!inZone)
        response.header.rcode = 3; // NXDOMAIN
      else if (question?.type === dns2.Packet.TYPE.A)
        response.answers.push(
          dns2.Packet.createResourceFromQuestion(question, { ttl: 60, address: TEST_DNS_ADDRESS }),
        );
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const address = server.addresses().udp;
  if (!address) throw new Error('the test DNS server did not listen');
  const { port } = address;
  return { server: `127.0.0.1:${port}`, asked, close: () => server.close() };
}
