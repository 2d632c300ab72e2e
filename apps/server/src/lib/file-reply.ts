import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from './byte-range';

/**
 * Sends an opened stored file (evidence, a voice message) inline, in a sandbox, answering a
 * `Range` request with the part asked for: a video or a recording can then seek before it has
 * loaded.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { data: Buffer; mime: string; filename: string; size: number },
) {
  reply
    .header('content-type', file.mime)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox");
  const range = parseByteRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-range', `bytes */${file.size}`)
      .send({
        detail: 'The requested range is outside the file.',
      });
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .send(file.data.subarray(range.start, range.end + 1));
  }
  return reply.send(file.data);
}
