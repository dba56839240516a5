/**
 * A loopback fake of the Stripe API endpoints the service calls, answering in Stripe's documented
 * shapes (objects with ids and `object`, lists as `{ object: 'list', data }`). The real `stripe`
 * SDK is pointed at it with STRIPE_API_URL. Requests are form-encoded, as the SDK sends them.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { closeServer, listenOnLoopback, readBody, SocketTracker } from './loopback';

type Obj = Record<string, unknown>;

/** 'metadata[userId]=1&items[0][price]=p' → { metadata: { userId: '1' }, items: [{ price: 'p' }] } */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return out;
}

export interface StripeFake {
  url: string;
  requests: { method: string; path: string; body: Obj }[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startStripeFake(): Promise<StripeFake> {
  const prices = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const requests: StripeFake['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = parseStripeForm((await readBody(req)).toString('utf8'));
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(value));
    };
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const created = Math.floor(Date.now() / 1000);
    if (req.method === 'GET' && url.pathname === '/v1/balance')
      return send(200, {
        object: 'balance',
        available: [{ amount: 0, currency: 'gbp', source_types: { card: 0 } }],
        pending: [{ amount: 0, currency: 'gbp', source_types: { card: 0 } }],
        livemode: false,
      });
    if (req.method === 'GET' && url.pathname === '/v1/prices') {
      const key = url.searchParams.get('lookup_keys[0]') ?? url.searchParams.get('lookup_keys[]');
      const found = [...prices.values()].filter((p) => p.lookup_key === key);
      return send(200, { object: 'list', data: found, has_more: false, url: '/v1/prices' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/prices') {
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        created,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring,
        lookup_key: body.lookup_key,
        product: id('prod'),
      };
      prices.set(price.id, price);
      return send(200, price);
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created,
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const items = (body.items as Obj[] | undefined) ?? [];
      const price = prices.get(String(items[0]?.price));
      if (!price) return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        created,
        customer: body.customer,
        status: 'incomplete',
        metadata: body.metadata ?? {},
        cancel_at: null,
        items: { object: 'list', data: [{ id: id('si'), price, current_period_end: created + 30 * 86400 }] },
        latest_invoice: {
          id: id('in'),
          object: 'invoice',
          customer: body.customer,
          amount_due: price.unit_amount,
          currency: 'gbp',
          confirmation_secret: {
            client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`,
            type: 'payment_intent',
          },
        },
      };
      subscriptions.set(subscription.id, subscription);
      return send(200, subscription);
    }
    const update = /^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/.exec(url.pathname);
    if (req.method === 'POST' && update) {
      const subscription = subscriptions.get(update[1]!);
      if (!subscription)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (body.cancel_at) subscription.cancel_at = Number(body.cancel_at);
      return send(200, subscription);
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  });
  const tracker = new SocketTracker(server);
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    close: () => closeServer(server, tracker),
  };
}
