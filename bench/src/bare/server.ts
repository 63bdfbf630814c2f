/**
 * Bare Fastify beside the real server (issue #34: "lookups within 2x of bare Fastify CPU per
 * request"): no plugin, no hook, no envelope, no authentication, one process of its own so its CPU
 * is its own. Two routes: a constant (against the project's /api/bench/bare) and the order lookup
 * by package id running the same queries and mapping as GET /api/delivery/order
 * (ordersRepository.findWithLogs, orderMessages, toOrder) on the same data set.
 * Started by lib/bare-fastify.ts; argv: port, data folder, PostgreSQL URL or '-'.
 */
import Fastify from 'fastify';
import { connectDatabase } from '../../../apps/server/src/db/connect.js';
import { ordersRepository } from '../../../apps/server/src/modules/orders/orders.repository.js';
import { orderMessages, toOrder } from '../../../apps/server/src/modules/orders/order-mapper.js';

const [port, dataDir, databaseUrl] = process.argv.slice(2) as [string, string, string];
const { db } = connectDatabase({ dataDir, ...(databaseUrl === '-' ? {} : { databaseUrl }) });
const app = Fastify({ logger: false });

app.get('/bare', () => ({ ok: true }));
app.get<{ Querystring: { packageId: string } }>('/order', async (req, reply) => {
  const found = await ordersRepository.findWithLogs(db, { packageId: req.query.packageId });
  if (!found) return reply.code(404).send({ missing: true });
  return toOrder(found.order, found.logs, await orderMessages(db, found.order.id));
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.({ ready: true });
