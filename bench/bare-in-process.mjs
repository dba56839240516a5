/**
 * The bench's bare node:http handler, started inside the service's own process (node --import,
 * port from BENCH_BARE_IN_PROCESS_PORT): the same answer as startBareServer's, in the same
 * process state as the service's handlers. Health against it shows what the health path itself
 * costs; the bare server in a process of its own against it shows what sharing a process with
 * the application costs any handler (Node's streams, sockets and events used by the database
 * client, the logger and the framework too).
 */
import { createServer } from 'node:http';

const port = Number(process.env.BENCH_BARE_IN_PROCESS_PORT);
if (port)
  createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"ok"}');
  })
    .listen(port, '127.0.0.1')
    .unref();
