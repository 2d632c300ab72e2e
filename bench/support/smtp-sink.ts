// A local SMTP server for benches, in its own process so that receiving mail takes nothing from
// the process measured: it accepts every message, reads it whole, keeps nothing, and prints its
// port as one JSON line once it listens.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
