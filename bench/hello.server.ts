import Fastify from 'fastify';

// The baseline: a bare Fastify hello-world with a response schema, as fastify/benchmarks runs it.
const app = Fastify({ logger: false });
app.get(
  '/',
  { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } },
  async () => ({ hello: 'world' }),
);
app
  .listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
  .then((address) => console.log(`Server listening at ${address}`));
