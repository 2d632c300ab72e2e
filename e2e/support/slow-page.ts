import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseURL } from '../playwright.config';

/**
 * A front for the app that sends the HTML of `path` in two parts, the second `pauseMs` after the
 * first ends at `splitAfter`: a slow network, or a slow phone's parser, stopping in the middle of
 * the page. Everything else is passed to the app as asked. Answers the front's address.
 */
export async function slowPage(path: string, splitAfter: string, pauseMs: number) {
  const server: Server = createServer(async (request, response) => {
    const answer = await fetch(`${baseURL}${request.url}`, {
      headers: { accept: request.headers.accept ?? '*/*' },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const type = answer.headers.get('content-type') ?? 'application/octet-stream';
    response.writeHead(answer.status, { 'content-type': type, 'cache-control': 'no-store' });
    if (request.url !== path) {
      response.end(body);
      return;
    }
    const html = body.toString('utf8');
    const split = html.indexOf(splitAfter);
    if (split < 0) throw new Error(`${path} has no ${splitAfter}`);
    const end = split + splitAfter.length;
    response.write(html.slice(0, end));
    setTimeout(() => response.end(html.slice(end)), pauseMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
