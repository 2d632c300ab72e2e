import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { createLocalStorage, type FileStorage } from '../src/lib/storage';
import { uniqueName } from './factories';
import { httpClient } from './http-client';
import { multipart } from './reports';
import { type ServerProcess, startServerProcess } from './server-process';

/** A photo with a file to store: what a report filed while its server dies carries. */
export const crashPhoto = readFileSync(
  path.resolve(import.meta.dirname, 'fixtures/evidence/photo-gps.jpg'),
);

/** Sends a report upload over a raw socket: all of it, or only its first `cutAt` bytes. */
export async function sendUpload(
  server: ServerProcess,
  token: string,
  title: string,
  cutAt?: number,
) {
  const body = await multipart(
    { title, description: 'Filed while the server dies.' },
    { name: 'photo.jpg', type: 'image/jpeg', data: crashPhoto },
  );
  const url = new URL(server.httpBase);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/reports/ HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  socket.write(cutAt === undefined ? body.payload : body.payload.subarray(0, cutAt));
  return socket;
}

/** The raw answer, once the server has sent it and closed or been killed. */
export function readAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n/.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
}

/** The keys in the storage, interrupted writes (`.partial`) included. */
export async function storedKeys(storage: FileStorage) {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

/** The keys of finished files in the storage. */
export async function finishedKeys(storage: FileStorage) {
  return (await storedKeys(storage)).filter((key) => !key.endsWith('.partial'));
}

/**
 * A server process started with `env`, its upload folder, and a filer signed in to it; `running`
 * keeps the process so the test can kill whatever is left at its end.
 */
export async function serverWithFiler(env: Record<string, string>, running: Set<ServerProcess>) {
  const storage = createLocalStorage(path.join(env.DATA_DIR as string, 'uploads'));
  const server = await startServerProcess(env);
  running.add(server);
  const client = httpClient(server.httpBase);
  const name = uniqueName('crash');
  await client.register(name, 'a-passphrase-for-crashing');
  const token = (await client.login(name, 'a-passphrase-for-crashing'))?.access as string;
  return { server, storage, token, name };
}
