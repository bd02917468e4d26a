/**
 * The bare Fastify server the benchmark compares the product with, run in its own process (as the product
 * runs in its own), so neither shares a CPU with the load generator's event loop. It reads the cases on
 * stdin as JSON (`[{ type, body (base64) }]`), serves case i at `GET /bare/<i>` with exactly those bytes
 * and that content type, and prints `listening <port>` once it listens on 127.0.0.1.
 */
import Fastify from 'fastify';

interface BareCase {
  type: string;
  body: string;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const cases = (JSON.parse(input) as BareCase[]).map((c) => ({
    type: c.type,
    body: Buffer.from(c.body, 'base64'),
  }));
  const app = Fastify();
  cases.forEach((c, i) => {
    app.get(`/bare/${i}`, (_request, reply) => reply.type(c.type).send(c.body));
  });
  await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
