/**
 * Child process entry: serves the embedded database on loopback (on the port given after the
 * data directory, when restarted by its supervisor) and reports its URL to the parent over IPC. Stops cleanly on SIGTERM or when the parent goes away.
 */
import { serveEmbeddedDatabase } from './embedded';

const dataDir = process.argv[2];
const port = process.argv[3] ? Number(process.argv[3]) : undefined;
if (!dataDir) {
  console.error('usage: embedded-server <dataDir>');
  process.exit(2);
}

try {
  const database = await serveEmbeddedDatabase({ dataDir, port });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await database.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send?.({ type: 'ready', url: database.url });
} catch (error) {
  process.send?.({ type: 'error', message: (error as Error).message });
  process.exit(1);
}
